// The status colours by name and the Tailwind classes that draw them. Which status takes which colour is
// status-colours.ts (the stock words' colours are inventory.ts's, so the catalogue's stock line needs
// neither the whole table nor the charts' shades).

export type StatusColour = 'green' | 'yellow' | 'red' | 'blue' | 'violet' | 'neutral';

export const STATUS_COLOURS: readonly StatusColour[] = ['green', 'yellow', 'red', 'blue', 'violet', 'neutral'];

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
  violet: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};

/** Text colour for a status written as plain text rather than a badge (a product's "Out of stock"). */
export const statusTextClasses: Record<StatusColour, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-800',
  red: 'text-red-700',
  blue: 'text-blue-700',
  violet: 'text-violet-700',
  neutral: 'text-gray-600',
};
