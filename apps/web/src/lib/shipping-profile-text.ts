import type { ShippingProfile } from '@marketplace/contracts/delivery';
import { formatDollars } from './format';
import { pluralise } from './plural';

// A shipping profile in words, as the seller's settings and the listing form's Shipping choice say it
// (docs/product/shipping.md). Shared: the two live in different features.

/** "$4.50 first item, $1.00 each additional", "Free shipping", "Free from $35.00 (UPS rate below that)", "UPS Ground rate + $1.50 handling". */
export function shippingRateText(rate: ShippingProfile['rate']): string {
  switch (rate.type) {
    case 'flat':
      return `${formatDollars(rate.first)} first item, ${rate.additional === 0 ? 'additional items free' : `${formatDollars(rate.additional)} each additional`}`;
    case 'free':
      return rate.minimumItemsTotal === null ? 'Free shipping' : `Free from ${formatDollars(rate.minimumItemsTotal)} (UPS rate below that)`;
    case 'calculated':
      return rate.handlingFee > 0 ? `UPS Ground rate + ${formatDollars(rate.handlingFee)} handling` : 'UPS Ground rate';
  }
}

/** "Ships in 1–3 business days", "Ships in 2 business days", "Ships the same business day". */
export function handlingText({ min, max }: ShippingProfile['handlingDays']): string {
  if (max === 0) return 'Ships the same business day';
  if (min === max) return `Ships in ${pluralise(max, 'business day')}`;
  return `Ships in ${min}–${max} business days`;
}
