import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, logIn, newPage, waitForPath } from './support/browser';

// The journey: a buyer opens a dispute with a photo about an item the seller was already paid
// for, the seller responds, the admin refunds it, the buyer sees the refund, and the seller's next
// payout shows the deduction.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ShippedRow {
  orderId: string;
  orderItemId: string;
  itemTitle: string;
  seller_paid: boolean;
  hasOpenDispute: boolean;
  buyer: { email: string };
  seller: { companyName: string | null };
  grandTotal: number;
  payout: { status: string; net_amount: number } | null;
}

/** A real photo file for the upload (the server checks images by their bytes). */
async function photoFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dispute-photo-')), 'crack.png');
  await sharp({ create: { width: 120, height: 90, channels: 3, background: '#b45309' } })
    .png()
    .toFile(file);
  return file;
}

describe('disputes', () => {
  it('dispute with a photo → seller responds → admin refunds → buyer sees it → the next payout deducts it', async () => {
    // The admin finds an item of seller@example.com that was already paid out, and one still to pay.
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin@example.com');
    await waitForPath(admin.page, '/products');
    const shipped = await apiGet<{ data: { orderItems: ShippedRow[] } }>(admin.page, '/api/orders/get-all-shipped-orders?limit=100');
    const northwind = shipped.data.orderItems.filter((row) => row.seller.companyName === 'Northwind Outfitters' && !row.hasOpenDispute);
    // The smallest paid-out item and the largest unpaid one, so the next payout can cover the deduction.
    const paid = northwind.filter((row) => row.seller_paid && row.payout?.status === 'paid').sort((a, b) => a.payout!.net_amount - b.payout!.net_amount)[0];
    const next = northwind.filter((row) => !row.seller_paid).sort((a, b) => b.grandTotal - a.grandTotal)[0];
    expect(paid).toBeDefined();
    expect(next).toBeDefined();

    // 1. The buyer opens the dispute with a photo.
    const buyer = await newPage(browser);
    await logIn(buyer.page, paid!.buyer.email);
    await waitForPath(buyer.page, '/products');
    await buyer.page.goto(`/orderDisputes?orderItemId=${paid!.orderItemId}`);
    const form = buyer.page.getByRole('form', { name: 'Open a dispute' });
    await expect(form).toBeVisibleSoon(15_000);
    await form.getByLabel('Reason').selectOption('damaged');
    await form.getByLabel('What went wrong?').fill('The item arrived with a deep crack across the front.');
    await form.locator('input[type="file"]').setInputFiles(await photoFile());
    await expect(form.getByRole('list', { name: 'Chosen photos' })).toBeVisibleSoon();
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await expect(buyer.page.getByText('Dispute opened. The seller has been asked to respond.')).toBeVisibleSoon(15_000);
    await waitForPath(buyer.page, /^\/orderDisputes\/[0-9a-f-]{36}$/);
    const disputeId = new URL(buyer.page.url()).pathname.split('/').at(-1)!;
    await expect(buyer.page.getByRole('link', { name: /Open photo/ }).first()).toBeVisibleSoon();

    // 2. The seller contests with a statement.
    const seller = await newPage(browser);
    await logIn(seller.page, 'seller@example.com');
    await waitForPath(seller.page, '/seller/product-list');
    await seller.page.goto(`/seller/disputes/${disputeId}`);
    const respond = seller.page.getByRole('region', { name: 'Respond to the buyer' });
    await expect(respond).toBeVisibleSoon(15_000);
    await respond.getByLabel('Contest the claim').check();
    await respond.getByLabel('Why you contest the claim').fill('It was packed with corner guards and left us intact.');
    await respond.getByRole('button', { name: 'Contest the claim' }).click();
    await expect(seller.page.getByText('Your response has been sent.')).toBeVisibleSoon(15_000);

    // 3. The admin refunds half of it.
    await admin.page.goto(`/admin/disputes/${disputeId}`);
    const decide = admin.page.getByRole('region', { name: 'Decide the dispute' });
    await expect(decide).toBeVisibleSoon(15_000);
    await decide.getByRole('button', { name: /^50%/ }).click();
    await decide.getByRole('button', { name: 'Refund the buyer' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Refund the buyer' }).click();
    await expect(admin.page.getByText('Dispute resolved: the refund is on its way to the buyer.')).toBeVisibleSoon(15_000);

    // 4. The buyer sees the refund.
    await buyer.page.reload();
    await expect(buyer.page.getByText('Resolved: refunded').first()).toBeVisibleSoon(15_000);

    // 5. The seller's next payout deducts what they owe back.
    await admin.page.goto('/admin/shipped-orders?limit=100');
    // The same listing may be in several orders: the row of this order item (its order id is shown).
    const row = admin.page
      .getByRole('row')
      .filter({ hasText: next!.itemTitle })
      .filter({ hasText: next!.orderId.slice(0, 8) })
      .first();
    await expect(row).toBeVisibleSoon(15_000);
    await row.getByRole('button', { name: 'Process Payout' }).click();
    const modal = admin.page.getByRole('dialog', { name: 'Process Payout' });
    await expect(modal.getByText('Refunds owed back')).toBeVisibleSoon(15_000);
    await modal.getByRole('button', { name: 'Confirm Payout' }).click();
    await expect(admin.page.getByText(/Payout created successfully|Nothing to transfer/).first()).toBeVisibleSoon(15_000);
    const dispute = await apiGet<{ dispute: { adjustment: { settled: boolean } | null } }>(seller.page, `/api/disputes/${disputeId}`);
    expect(dispute.dispute.adjustment?.settled).toBe(true);

    for (const context of [admin.context, buyer.context, seller.context]) await context.close();
  });
});
