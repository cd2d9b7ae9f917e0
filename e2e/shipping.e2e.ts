import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, logIn, newPage, waitForPath } from './support/browser';

// The journey on the sandbox carrier: create a shipment for an approved order, see and download
// its label, schedule a pickup for the next business day, cancel it, simulate in transit and see Void
// refused, then void a fresh shipment and see its items approved again. The seller list is
// paged and carries no label bytes; the dashboard finds a shipment by server-side search and the
// Label button fetches the label on click.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SellerOrder {
  orderId: string;
  items: { orderItemId: string; orderStatus: string }[];
}
interface ShipmentRow {
  id: string;
  order_id: string;
  status: string;
  tracking_number: string | null;
  hasLabel: boolean;
  labelUrl: string | null;
}

async function shipmentsOf(page: Page, orderId: string): Promise<ShipmentRow[]> {
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  // The list is paged (20 by default): ask for the order's shipments, as Shipment Management does.
  const answer = await apiGet<{ shipments: ShipmentRow[] }>(page, `/api/shipments/seller/${userId}?orderId=${orderId}&limit=100`);
  return answer.shipments.filter((shipment) => shipment.order_id === orderId);
}

/** Creates a shipment with a label through the 3-step modal and answers the new shipment. */
async function createShipment(page: Page, orderId: string): Promise<ShipmentRow> {
  const before = new Set((await shipmentsOf(page, orderId)).map((shipment) => shipment.id));
  await page.goto(`/seller/orders/items/${orderId}/shipments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipment Management' })).toBeVisibleSoon(15_000);
  await page.getByRole('button', { name: 'Create Shipment', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create Shipment' }).getByRole('button', { name: 'Create Shipment', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'Shipment Created!' });
  await expect(created).toBeVisibleSoon(20_000);
  await created.getByRole('button', { name: 'Done' }).click();
  const shipment = (await shipmentsOf(page, orderId)).find((candidate) => !before.has(candidate.id));
  expect(shipment).toBeDefined();
  expect(shipment!.tracking_number).toMatch(/^1Z[0-9A-Z]{16}$/);
  return shipment!;
}

describe('shipping with UPS (sandbox)', () => {
  it('labels, schedules and cancels a pickup, refuses Void in transit, and voids a fresh shipment', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'seller@example.com');
    await waitForPath(page, '/seller/product-list');
    const ready = await apiGet<{ data: { orders: SellerOrder[] } }>(page, '/api/seller/orders?status=approved&limit=50');
    const orderIds = ready.data.orders.map((order) => order.orderId);
    expect(orderIds.length).toBeGreaterThanOrEqual(2);

    // 1. Create, then see and download the label.
    const first = await createShipment(page, orderIds[0]!);
    const card = page.getByRole('article', { name: `Shipment #${first.id.slice(0, 8)}` });
    await expect(card).toBeVisibleSoon();
    const popupPromise = page.waitForEvent('popup', { timeout: 10_000 }).catch(() => null);
    await card.getByRole('button', { name: 'View Label' }).click();
    const popup = await popupPromise;
    if (popup) await popup.close();
    const downloadPromise = page.waitForEvent('download', { timeout: 10_000 });
    await card.getByRole('button', { name: 'Download Label' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`label-${first.tracking_number}.gif`);
    // The list says there is a label without carrying it; the label call answers the GIF.
    expect(first).toMatchObject({ hasLabel: true, labelUrl: null });
    const label = await apiGet<{ labelUrl: string }>(page, `/api/shipments/label/${first.id}`);
    expect(label.labelUrl).toMatch(/^data:image\/gif;base64,/);

    // 1b. The dashboard finds it by tracking number (server-side search) and opens its label in a tab.
    await page.goto('/seller/shipments');
    await page.getByRole('searchbox', { name: 'Search shipments' }).fill(first.tracking_number!.toLowerCase());
    // The search goes to the server (and the URL) once typing pauses; then only its shipment is listed.
    await page.waitForURL((url) => url.searchParams.get('q') === first.tracking_number!.toLowerCase(), { timeout: 10_000 });
    await expect.poll(() => page.getByRole('list', { name: 'Shipments' }).getByRole('article').count(), { timeout: 10_000 }).toBe(1);
    const dashboardCard = page.getByRole('article', { name: `Shipment ${first.id.slice(0, 8)}` });
    await expect(dashboardCard).toBeVisibleSoon(15_000);
    const labelTab = page.waitForEvent('popup', { timeout: 10_000 });
    await dashboardCard.getByRole('button', { name: `Label for shipment ${first.id.slice(0, 8)}` }).click();
    const tab = await labelTab;
    await tab.waitForURL(/^blob:/, { timeout: 10_000 });
    await tab.close();
    await page.goto(`/seller/orders/items/${orderIds[0]}/shipments`);
    await expect(card).toBeVisibleSoon(15_000);

    // 2. Schedule a pickup for the next business day (the form's default), then cancel it.
    await card.getByRole('button', { name: 'Schedule Pickup' }).click();
    const pickup = page.getByRole('dialog', { name: 'Schedule Pickup' });
    expect(await pickup.getByLabel('Pickup date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await pickup.getByRole('button', { name: 'Schedule Pickup' }).click();
    await expect(page.getByText('Pickup scheduled successfully!')).toBeVisibleSoon(15_000);
    await card.getByRole('button', { name: 'Cancel Pickup' }).click();
    await expect(page.getByText('Pickup cancelled successfully!')).toBeVisibleSoon(15_000);

    // 3. Simulate in transit: Void is refused with the reason.
    await card.getByRole('button', { name: 'Simulate Status' }).click();
    const simulate = page.getByRole('dialog', { name: 'Simulate Tracking Status' });
    await simulate.getByLabel('Tracking status').selectOption('in_transit');
    await simulate.getByRole('button', { name: 'Simulate' }).click();
    await expect(page.getByText(/^Tracking simulated to status: in.transit$/i)).toBeVisibleSoon(15_000);
    await expect(card.getByText('Cannot Void Shipment')).toBeVisibleSoon();
    expect(await card.getByRole('button', { name: 'Cancel Shipment' }).isDisabled()).toBe(true);

    // 4. Void a fresh shipment: its items are approved again and can be shipped anew.
    const second = await createShipment(page, orderIds[1]!);
    const secondCard = page.getByRole('article', { name: `Shipment #${second.id.slice(0, 8)}` });
    await secondCard.getByRole('button', { name: 'Cancel Shipment' }).click();
    await page.getByRole('dialog', { name: 'Cancel Shipment' }).getByRole('button', { name: 'Void Shipment' }).click();
    await expect(page.getByText('Shipment voided successfully!')).toBeVisibleSoon(15_000);
    const order = await apiGet<{ data: { items: { orderItemId: string; orderStatus: string }[] } }>(page, `/api/seller/orders/${orderIds[1]}`);
    expect(order.data.items.some((item) => item.orderStatus === 'approved')).toBe(true);
    await expect(page.getByRole('button', { name: 'Create Shipment', exact: true })).toBeVisibleSoon();
    await context.close();
  });
});
