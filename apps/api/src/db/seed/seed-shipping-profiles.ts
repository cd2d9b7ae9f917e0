import { shippingProfiles } from '../schema';
import type { DemoSellerKey } from './demo-data';
import type { SeedContext, SeededUsers } from './seed-demo-marketplace';

// Each demo shop's shipping (docs/product/shipping.md), so a newcomer's first checkout shows shipping per shop and
// delivery dates: Northwind charges a flat rate, Brightside ships free from $35.00 (the UPS rate below it), Maple &
// Thread charges UPS's rate for the parcel plus a handling fee. Driftwood, away on vacation, set none: the standard
// rate. Every listing ships with its shop's default profile.

type DemoProfile = Omit<typeof shippingProfiles.$inferInsert, 'id' | 'sellerId' | 'createdAt' | 'updatedAt' | 'isDefault'>;

export const DEMO_SHIPPING_PROFILES: Partial<Record<DemoSellerKey, DemoProfile>> = {
  northwind: { name: 'Outdoor gear', handlingMinDays: 1, handlingMaxDays: 2, rateType: 'flat', firstCents: 495, additionalCents: 150 },
  brightside: { name: 'Free over $35', handlingMinDays: 0, handlingMaxDays: 1, rateType: 'free', minimumItemsTotalCents: 3500 },
  maple: {
    name: 'Home goods by weight',
    handlingMinDays: 2,
    handlingMaxDays: 3,
    rateType: 'calculated',
    // No box: priced by each listing's weight (a big box would bill its dimensional weight, more than a book weighs).
    handlingFeeCents: 100,
  },
};

export async function seedShippingProfiles(context: SeedContext, earlier: { users: SeededUsers }): Promise<{ shippingProfiles: number }> {
  const rows = (Object.entries(DEMO_SHIPPING_PROFILES) as [DemoSellerKey, DemoProfile][]).map(([key, profile]) => {
    const seller = earlier.users.sellers[key];
    return {
      ...profile,
      id: context.random.fork(`shipping-profiles/${seller.email}`).uuid(),
      sellerId: seller.id,
      isDefault: true,
      createdAt: seller.createdAt,
      updatedAt: seller.createdAt,
    };
  });
  if (rows.length > 0) await context.executor.insert(shippingProfiles).values(rows);
  return { shippingProfiles: rows.length };
}
