import { orderStatusColour, statusColourClasses, type StatusColour } from '@marketplace/domain/status-colours';

interface StatusBadgeProps {
  status: string;
  /** Defaults to the order status colours of SPEC §4.7; pass one for other kinds of status. */
  colour?: StatusColour;
  /** Defaults to the status itself, capitalised ("like_new" → "Like new"). */
  label?: string;
}

export function statusLabel(status: string): string {
  const text = status.trim().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function StatusBadge({ status, colour = orderStatusColour(status), label = statusLabel(status) }: StatusBadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusColourClasses[colour]}`}
      data-colour={colour}
    >
      {label}
    </span>
  );
}
