// Spec §4.7. The API and the web both label statuses, so the colour rules live here once.

export type StatusColour = 'green' | 'yellow' | 'red' | 'blue' | 'neutral';

// Statuses arrive from the database, the payment provider and older rows in mixed case
// ("Shipped", "PAID"), so matching ignores case and surrounding spaces.
function normaliseStatus(status: string): string {
  return status.trim().toLowerCase();
}

/** shipped, refunded, completed → green; pending → yellow; rejected → red; processing → blue; others neutral. */
export function orderStatusColour(status: string): StatusColour {
  // A switch rather than an object lookup, so statuses like "constructor" cannot hit Object.prototype.
  switch (normaliseStatus(status)) {
    case 'shipped':
    case 'refunded':
    case 'completed':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'rejected':
      return 'red';
    case 'processing':
      return 'blue';
    default:
      // Spec: other statuses are shown as-is, i.e. their own text in a neutral badge.
      return 'neutral';
  }
}

/** paid → green; pending → yellow; failed → red; any other value neutral. */
export function payoutStatusColour(status: string): StatusColour {
  switch (normaliseStatus(status)) {
    case 'paid':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return 'neutral';
  }
}

/**
 * Tailwind colour classes for a status badge; the badge component adds its own shape and ring width
 * (e.g. `inline-flex rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset`).
 * The class names are written out in full because Tailwind only generates classes it finds as
 * literal text, and the web's Tailwind sources must include this package for that to happen.
 */
export const statusColourClasses: Record<StatusColour, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};
