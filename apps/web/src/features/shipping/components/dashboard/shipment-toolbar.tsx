import { useId } from 'react';
import { LayoutGrid, List, Search } from 'lucide-react';
import { STATUS_FILTER_OPTIONS } from '@marketplace/domain/shipment-rules';
import { SelectField } from '../../../../components/select-field';
import { statusLabel } from '../../../../components/status-badge';
import type { ShipmentView } from './shipment-card';

const FILTER_OPTIONS = [{ value: '', label: 'All statuses' }, ...STATUS_FILTER_OPTIONS.map((status) => ({ value: status, label: statusLabel(status) }))];

interface ShipmentToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  status: string;
  onStatusChange: (status: string) => void;
  view: ShipmentView;
  onViewChange: (view: ShipmentView) => void;
}

/** Search (shipment id or tracking number), the status filter and the Grid/List toggle (docs/product/shipping.md). */
export function ShipmentToolbar({ query, onQueryChange, status, onStatusChange, view, onViewChange }: ShipmentToolbarProps) {
  const searchId = useId();
  const toggle = (value: ShipmentView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onViewChange(value)}
      className={`inline-flex h-10 items-center gap-1.5 px-3 text-sm font-medium first:rounded-l-lg last:rounded-r-lg ${view === value ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div role="search" className="flex-1">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-800">
          Search shipments
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder="Shipment ID or tracking number"
            autoComplete="off"
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200 sm:text-sm"
          />
        </div>
      </div>
      <SelectField label="Status" options={FILTER_OPTIONS} value={status} onChange={(event) => onStatusChange(event.target.value)} className="sm:w-52" />
      <div
        role="group"
        aria-label="View"
        className="inline-flex self-start divide-x divide-slate-300 rounded-lg border border-slate-300 shadow-sm sm:self-auto"
      >
        {toggle('grid', 'Grid', LayoutGrid)}
        {toggle('list', 'List', List)}
      </div>
    </div>
  );
}
