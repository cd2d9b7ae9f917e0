import type { ShipmentStats } from '@marketplace/domain/shipment-rules';

const CARDS: { key: keyof ShipmentStats; label: string }[] = [
  { key: 'total', label: 'Total Shipments' },
  { key: 'readyToShip', label: 'Ready to Ship' },
  { key: 'inTransit', label: 'In Transit' },
  { key: 'pendingPickup', label: 'Pending Pickup' },
  { key: 'delivered', label: 'Delivered' },
];

/** The five stat cards of docs/product/shipping.md, counted by countShipmentsForStats. */
export function ShipmentStatCards({ stats }: { stats: ShipmentStats }) {
  return (
    <dl aria-label="Shipment statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label }) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm last:col-span-2 sm:last:col-span-1">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{stats[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
