import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiGet, logIn, newPage, waitForPath } from './browser';

// The seller's side of an order in the journeys: approve the item, buy its UPS label, and have UPS (the
// sandbox's development-only simulation) move and deliver the parcel. `page` is the seller's, signed in.

/** One of the seller's listings as their product list shows it (`price` in dollars). */
export interface SellerListing {
  id: string;
  title: string;
  price: number;
  quantity: number;
  status: string;
  retip: unknown;
  reviewCount: number;
  hasVariants: boolean;
}

/**
 * The demo seller signs in on a page of their own; answers it with their first 50 listings that a buyer puts in
 * the cart with one click: without variations (the journeys' "Add to cart" would be asked for a size first; the
 * demo's jeans and sweater have them, and the variations journey adds a T-shirt that journeys running beside
 * it would otherwise pick). A listing that requires personalisation would ask for it first too: the
 * personalisation journey lists its coaster at another shop (Brightside) for that reason.
 */
export async function sellerWithListings(browser: Browser): Promise<{ context: BrowserContext; page: Page; listings: SellerListing[] }> {
  const { context, page } = await newPage(browser);
  await logIn(page, 'seller@example.com');
  await waitForPath(page, '/seller/product-list');
  const { items } = await apiGet<{ items: SellerListing[] }>(page, '/api/seller/products?limit=50');
  return { context, page, listings: items.filter((listing) => !listing.hasVariants) };
}

/** The seller approves the order's item on the order's page. */
export async function approveItem(page: Page, orderId: string, itemTitle: string): Promise<void> {
  await page.goto(`/seller/orders/items/${orderId}`);
  await page.getByRole('button', { name: `Approve ${itemTitle}` }).click();
  await expect(page.getByText(/approved/i).first()).toBeVisibleSoon(15_000);
}

export interface BuyLabelOptions {
  /** Before buying, wait for the dialog to show the UPS Ground rate (`'service'`), and its price too (`'price'`). */
  rate?: 'service' | 'price';
  /** Close the "Shipment Created!" dialog with Done (the default), or leave it open. */
  done?: boolean;
}

/** The seller buys the label of the order's approved item in Shipment Management; answers its tracking number. */
export async function buyLabel(page: Page, orderId: string, { rate, done = true }: BuyLabelOptions = {}): Promise<string> {
  await page.goto(`/seller/orders/items/${orderId}/shipments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipment Management' })).toBeVisibleSoon(15_000);
  await page.getByRole('button', { name: 'Create Shipment', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create Shipment' });
  if (rate) await expect(create.getByText(/UPS Ground/).first()).toBeVisibleSoon(15_000);
  if (rate === 'price') await expect(create.getByText(/\$\d+\.\d{2}/).first()).toBeVisibleSoon(15_000);
  await create.getByRole('button', { name: 'Create Shipment', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'Shipment Created!' });
  await expect(created).toBeVisibleSoon(20_000);
  const tracking = (await created
    .getByText(/^1Z[0-9A-Z]{16}$/)
    .first()
    .textContent())!.trim();
  if (done) await created.getByRole('button', { name: 'Done' }).click();
  return tracking;
}

/** On Shipment Management, UPS moves the parcel with this tracking number through `statuses`, one after the other. */
export async function simulateTracking(page: Page, tracking: string, statuses: readonly string[]): Promise<void> {
  const card = page.getByRole('article').filter({ hasText: tracking }).first();
  for (const status of statuses) {
    await card.getByRole('button', { name: 'Simulate Status' }).click();
    const simulate = page.getByRole('dialog', { name: 'Simulate Tracking Status' });
    await simulate.getByLabel('Tracking status').selectOption(status);
    await simulate.getByRole('button', { name: 'Simulate' }).click();
    await expect(page.getByText(new RegExp(`^Tracking simulated to status: ${status.replace('_', '.')}$`, 'i'))).toBeVisibleSoon(15_000);
  }
}

/**
 * approve → label → deliver: the seller approves the item and buys its label (Done closes the dialog), and
 * UPS moves the parcel through `statuses` (the last one, `delivered`, delivers it). Answers the tracking number.
 */
export async function approveShipAndDeliver(
  page: Page,
  orderId: string,
  itemTitle: string,
  { rate, statuses }: { rate?: BuyLabelOptions['rate']; statuses: readonly string[] },
): Promise<string> {
  await approveItem(page, orderId, itemTitle);
  const tracking = await buyLabel(page, orderId, { rate });
  await simulateTracking(page, tracking, statuses);
  return tracking;
}
