import { statusColour, statusColourClasses, type StatusKind } from '@marketplace/domain/status-colours';

interface StatusBadgeProps {
  status: string;
  /**
   * Which kind of status this is (order, orderItem, payout, shipment, dispute, return, …). The colour
   * always comes from packages/domain/src/status-colours.ts: each status word has one colour whatever
   * the kind, and the kind only makes a word that kind cannot take neutral (docs/product/statuses.md).
   */
  kind?: StatusKind;
  /** Defaults to the status itself, capitalised ("like_new" → "Like new"). */
  label?: string;
}

export function statusLabel(status: string): string {
  const text = status.trim().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The one status badge of the app; there is deliberately no colour prop (status-colours.test.ts checks no page picks its own). */
export function StatusBadge({ status, kind, label = statusLabel(status) }: StatusBadgeProps) {
  const colour = statusColour(status, kind);
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusColourClasses[colour]}`}
      data-colour={colour}
      data-status={status}
    >
      {label}
    </span>
  );
}
