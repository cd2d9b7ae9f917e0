import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, buyWithTestCard, launchBrowser, logIn, newPage, waitForPath } from './support/browser';
import { approveShipAndDeliver, sellerWithListings } from './support/seller-orders';

// After the sale, across three people: a buyer buys, the seller ships it with a UPS label, the tracking
// shows in the buyer's My Orders, the buyer disputes, the seller offers part of the price back, the buyer
// accepts (refunded at once), and the admin pays the seller for the rest — the same figures everywhere.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('after the sale', () => {
  it('buys → ships → tracks → disputes → accepts part back → the seller is paid the rest', async () => {
    // The seller's listing to buy: in stock, no add-on, at least $40 so a part refund leaves something.
    const seller = await sellerWithListings(browser);
    const product = seller.listings.find(
      (candidate) => candidate.status === 'active' && candidate.quantity >= 3 && candidate.price >= 40 && candidate.retip === null,
    );
    expect(product).toBeDefined();

    // 1. The buyer buys it with the test card and lands on the receipt.
    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer3@example.com');
    await waitForPath(buyer.page, '/products');
    const orderId = await buyWithTestCard(buyer.page, product!, {
      name: 'Casey Buyer',
      line1: '400 Congress Avenue',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    await expect(buyer.page.getByRole('heading', { level: 1, name: 'Thank you, your order is placed' })).toBeVisibleSoon(15_000);
    const order = await apiGet<{ items: Array<{ id: string; productId: string; price: number; quantity: number }> }>(buyer.page, `/api/orders/${orderId}`);
    const line = order.items.find((item) => item.productId === product!.id)!;

    // 2. The seller approves it and buys the label, seeing its rate (and price) first; UPS moves the parcel
    // (the sandbox's development-only simulation) and delivers it.
    const tracking = await approveShipAndDeliver(seller.page, orderId, product!.title, { rate: 'price', statuses: ['in_transit', 'delivered'] });

    // 3. The buyer follows the parcel in My Orders: the tracking number and its events.
    await buyer.page.goto(`/myorders/${orderId}`);
    await expect(buyer.page.getByText(tracking).first()).toBeVisibleSoon(15_000);
    await expect(buyer.page.getByText(/Delivered/).first()).toBeVisibleSoon(15_000);

    // 4. The buyer disputes the item.
    await buyer.page.goto(`/orderDisputes?orderItemId=${line.id}`);
    const form = buyer.page.getByRole('form', { name: 'Open a dispute' });
    await expect(form).toBeVisibleSoon(15_000);
    await form.getByLabel('Reason').selectOption('damaged');
    await form.getByLabel('What went wrong?').fill('The box was crushed and one side of the item is dented.');
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await waitForPath(buyer.page, /^\/orderDisputes\/[0-9a-f-]{36}$/);
    const disputeId = new URL(buyer.page.url()).pathname.split('/').at(-1)!;

    // 5. The seller offers $10 back.
    await seller.page.goto(`/seller/disputes/${disputeId}`);
    const respond = seller.page.getByRole('region', { name: 'Respond to the buyer' });
    await expect(respond).toBeVisibleSoon(15_000);
    await respond.getByLabel('Refund you offer').fill('10');
    await respond.getByRole('button', { name: 'Send the offer' }).click();
    await expect(seller.page.getByText('Your response has been sent.')).toBeVisibleSoon(15_000);

    // 6. The buyer accepts: refunded at once, no admin involved.
    await buyer.page.reload();
    const offer = buyer.page.getByRole('region', { name: 'The seller offers $10.00' });
    await expect(offer).toBeVisibleSoon(15_000);
    await offer.getByRole('button', { name: 'Accept $10.00' }).click();
    await buyer.page.getByRole('dialog', { name: "Accept the seller's offer of $10.00?" }).getByRole('button', { name: 'Accept $10.00' }).click();
    await expect(buyer.page.getByText("You accepted the seller's offer: the refund is on its way to you.")).toBeVisibleSoon(15_000);
    await buyer.page.goto(`/myorders/${orderId}`);
    await expect(buyer.page.getByText(/Partially refunded/).first()).toBeVisibleSoon(15_000);
    await expect(buyer.page.getByText(/\$10\.00/).first()).toBeVisibleSoon();

    // 7. The admin pays the seller for the rest: the item is still on Shipped Orders, partly refunded.
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin@example.com');
    await waitForPath(admin.page, '/products');
    await admin.page.goto('/admin/shipped-orders');
    const row = admin.page
      .getByRole('row')
      .filter({ hasText: orderId.slice(0, 8) })
      .first();
    await expect(row).toBeVisibleSoon(15_000);
    await row.getByRole('button', { name: 'Process Payout' }).click();
    const modal = admin.page.getByRole('dialog', { name: 'Process Payout' });
    await expect(modal.getByText('Refunded to the buyer')).toBeVisibleSoon(15_000);
    const lineCents = Math.round(line.price * 100) * line.quantity;
    await expect(modal.getByText(`$${((lineCents - 1000) / 100).toFixed(2)}`).first()).toBeVisibleSoon();
    await modal.getByRole('button', { name: 'Confirm Payout' }).click();
    await expect(admin.page.getByText('Payout created successfully').first()).toBeVisibleSoon(15_000);

    // The same figures on every side: what went back, and what the seller was paid for.
    const shipped = await apiGet<{
      data: { orderItems: Array<{ orderItemId: string; refunded_cents: number; seller_paid: boolean; payout: { net_amount: number } | null }> };
    }>(admin.page, '/api/orders/get-all-shipped-orders?limit=100');
    const paidRow = shipped.data.orderItems.find((candidate) => candidate.orderItemId === line.id);
    expect(paidRow).toMatchObject({ refunded_cents: 1000, seller_paid: true });
    const buyerView = await apiGet<{ items: Array<{ id: string; refunded_cents: number; status: string }> }>(buyer.page, `/api/orders/${orderId}`);
    expect(buyerView.items.find((item) => item.id === line.id)).toMatchObject({ refunded_cents: 1000, status: 'partially_refunded' });
    const sellerView = await apiGet<{ data: { refunded_cents: number } }>(seller.page, `/api/seller/order-items/${line.id}`);
    expect(sellerView.data.refunded_cents).toBe(1000);

    for (const context of [admin.context, buyer.context, seller.context]) await context.close();
  });
});
