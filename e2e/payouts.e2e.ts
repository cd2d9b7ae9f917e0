import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@marketplace/domain/money';
import { calculatePayout } from '@marketplace/domain/payout';
import { applyLabelLedger } from '@marketplace/domain/shop-shipping-money';
import { launchBrowser, logIn, newPage, PHONE, waitForPath } from './support/browser';
import { addListingPhoto, api, ok } from './support/page-api';

// The journey: a new seller sells an item that gets shipped, sets up Stripe (sandbox) payouts
// through the onboarding page, and the admin pays the item out from Shipped Orders and sees it in the
// payout history.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36).slice(-5);
const title = `Copper Kettle ${suffix}`;
const sellerEmail = `payout-seller-${suffix}@example.com`;
const sellerPassword = 'marketplace-demo-2';
const PRICE_CENTS = 4000;

describe('getting a seller paid (sandbox Stripe Connect)', () => {
  it('a new seller ships an item, completes Stripe setup, and the admin pays it out and sees it in the history', async () => {
    // 1. A new seller signs up (through the API) and logs in.
    const seller = await newPage(browser);
    await seller.page.goto('/login');
    ok(
      await api(seller.page, 'POST', '/api/auth/signup', {
        email: sellerEmail,
        password: sellerPassword,
        firstName: 'Piper',
        lastName: 'Quill',
        role: 'seller',
        companyName: `Quill Goods ${suffix}`,
      }),
      'signup',
    );
    await logIn(seller.page, sellerEmail, sellerPassword);
    await waitForPath(seller.page, '/seller/product-list');

    // 1b. A seller's listings go live only once their address is verified (docs/product/accounts.md): the
    // seller opens the link of the sign-up mail, read here from the admin's outbox.
    const mailReader = await newPage(browser);
    await logIn(mailReader.page, 'admin@example.com');
    await waitForPath(mailReader.page, '/products');
    const outbox = ok(await api<{ messages: { id: string; to: string; template: string }[] }>(mailReader.page, 'GET', '/api/admin/outbox?limit=100'), 'outbox');
    const verificationMail = outbox.messages.find((message) => message.to === sellerEmail && message.template === 'email-verify');
    expect(verificationMail, 'the sign-up mail').toBeDefined();
    const { text } = ok(await api<{ text: string }>(mailReader.page, 'GET', `/api/admin/outbox/${verificationMail!.id}`), 'the sign-up mail');
    await mailReader.context.close();
    const verifyPath = /\/verify-email\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(verifyPath, 'a verification link').toBeDefined();
    await seller.page.goto(verifyPath!);
    await expect(seller.page.getByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeVisibleSoon(15_000);

    // 2. The seller lists an item and adds a ship-from address.
    const { categories } = ok(await api<{ categories: { slug: string }[] }>(seller.page, 'GET', '/api/categories'), 'categories');
    const category = categories.find((candidate) => candidate.slug === 'home-kitchen')?.slug ?? categories[0]!.slug;
    const product = ok(
      await api<{ id: string }>(seller.page, 'POST', '/api/products', {
        title,
        description: 'A hand-hammered copper kettle that whistles when the water boils.',
        category,
        price: PRICE_CENTS / 100,
        quantity: 3,
        condition: 'new',
        weightOunces: 40,
      }),
      'create product',
    );
    // A listing goes live with its first photo; until then buyers cannot see it.
    await addListingPhoto(seller.page, product.id, '#b87333', 'kettle.png');
    ok(
      await api(seller.page, 'POST', '/api/users/me/addresses', {
        name: 'Quill Goods',
        line1: '500 Market Street',
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94105',
        phone: '415-555-0134',
        isDefault: true,
      }),
      'ship-from address',
    );

    // The buyer buys it with the sandbox test card.
    const buyer = await newPage(browser);
    await logIn(buyer.page, 'buyer@example.com');
    await waitForPath(buyer.page, '/products');
    ok(await api(buyer.page, 'DELETE', '/api/cart'), 'empty cart');
    ok(await api(buyer.page, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 }), 'add to cart');
    const placed = ok(
      await api<{ orderId: string }>(
        buyer.page,
        'POST',
        '/api/orders/checkout',
        {
          shippingAddress: { name: 'Bailey Buyer', line1: '12 Harbor Street', city: 'Portland', state: 'ME', postal_code: '04101', country: 'US' },
          payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
        },
        { 'Idempotency-Key': `e2e-payout-${suffix}-${Date.now()}` },
      ),
      'checkout',
    );
    const orderId = placed.orderId;
    await buyer.context.close();

    // The seller approves the item, creates the shipment and buys the label: the item is shipped.
    type SellerOrderDetail = { data: { items: { orderItemId: string; itemTitle: string; orderStatus: string }[] } };
    const detail = ok(await api<SellerOrderDetail>(seller.page, 'GET', `/api/seller/orders/${orderId}`), 'seller order');
    const orderItemId = detail.data.items.find((item) => item.itemTitle === title)!.orderItemId;
    ok(await api(seller.page, 'PATCH', `/api/seller/order-items/${orderItemId}`, { status: 'approved' }), 'approve');
    const created = ok(await api<{ shipments: { id: string }[] }>(seller.page, 'POST', `/api/shipments/create/${orderId}`), 'create shipment');
    ok(await api(seller.page, 'POST', `/api/shipments/process-ups/${created.shipments[0]!.id}`), 'buy label');
    const shipped = ok(await api<SellerOrderDetail>(seller.page, 'GET', `/api/seller/orders/${orderId}`), 'seller order after label');
    expect(shipped.data.items.find((item) => item.orderItemId === orderItemId)?.orderStatus).toBe('shipped');

    // 3. Stripe Setup: create the Express account, onboard on the sandbox's page, come back complete.
    await seller.page.goto('/seller/onboarding');
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Stripe Setup' })).toBeVisibleSoon(15_000);
    await expect(seller.page.getByText('Complete Step 1 first to proceed')).toBeVisibleSoon();
    await seller.page.getByRole('button', { name: 'Create Express Account' }).click();
    await expect(seller.page.getByText('Express account created successfully! Please complete the onboarding process.')).toBeVisibleSoon(15_000);
    await seller.page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await waitForPath(seller.page, /^\/sandbox\/connect\/[^/]+$/);
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Set up payouts for Marketplace' })).toBeVisibleSoon(15_000);
    await seller.page.getByRole('radio', { name: 'Company' }).check();
    await seller.page.getByLabel('Business name').fill(`Quill Goods ${suffix}`);
    await seller.page.getByRole('button', { name: 'Use test bank details' }).click();
    expect(await seller.page.getByLabel('Routing number').inputValue()).toBe('110000000');
    expect(await seller.page.getByLabel('Account number').inputValue()).toBe('000123456789');
    await seller.page.getByRole('button', { name: 'Agree and submit' }).click();
    await waitForPath(seller.page, '/seller/onboarding');
    await expect(seller.page.getByText('Your account is ready to receive payouts!')).toBeVisibleSoon(15_000);
    await expect(seller.page.getByText('Payouts are enabled.')).toBeVisibleSoon();
    const account = ok(await api<{ status: string }>(seller.page, 'GET', '/api/stripe-connect/check-account'), 'check account');
    expect(account.status).toBe('complete');
    await seller.context.close();

    // 4. The admin pays the item out from Shipped Orders (the table: 1366 px is wider than 1280).
    const admin = await newPage(browser);
    await logIn(admin.page, 'admin@example.com');
    await waitForPath(admin.page, '/products');
    const rates = ok(await api<{ data: { slug: string; commission_rate: number }[] }>(admin.page, 'GET', '/api/admin/commission'), 'commission rates');
    const rate = rates.data.find((entry) => entry.slug === category)?.commission_rate;
    const expected = calculatePayout({
      unitPriceCents: PRICE_CENTS,
      quantity: 1,
      commissionRateBasisPoints: rate === undefined ? null : Math.round(rate * 100),
      allocatedPickupChargeCents: 0,
    });

    // The shop's shipping the buyer paid is the seller's, and the label they bought is charged to them (as it fits).
    type Shipped = { data: { orderItems: { orderItemId: string; shippingCreditCents: number; sellerOpenLabelCents: number[] }[] } };
    const shippedRows = ok(await api<Shipped>(admin.page, 'GET', '/api/orders/get-all-shipped-orders?limit=100'), 'shipped orders');
    const shippedRow = shippedRows.data.orderItems.find((candidate) => candidate.orderItemId === orderItemId)!;
    expect(shippedRow.shippingCreditCents).toBeGreaterThan(0);
    expect(shippedRow.sellerOpenLabelCents).toHaveLength(1);
    const settled = applyLabelLedger(
      expected.payoutCents + shippedRow.shippingCreditCents,
      shippedRow.sellerOpenLabelCents.map((amountCents, index) => ({ id: String(index), amountCents })),
    );

    await admin.page.goto('/admin/shipped-orders');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Shipped Orders' })).toBeVisibleSoon(15_000);
    const row = admin.page.getByRole('table', { name: 'Shipped orders' }).getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisibleSoon(15_000);
    await expect(row.getByText('Unpaid', { exact: true })).toBeVisibleSoon();
    await row.getByRole('button', { name: 'Process Payout' }).click();

    const modal = admin.page.getByRole('dialog', { name: 'Process Payout' });
    await expect(modal).toBeVisibleSoon();
    const calculation = modal.getByRole('region', { name: 'Payout calculation' });
    await expect(calculation).toBeVisibleSoon(15_000);
    const amountOf = (label: string | RegExp) =>
      calculation
        .locator('div')
        .filter({ has: admin.page.locator('dt', { hasText: label }) })
        .locator('dd');
    expect(await amountOf('Item total').innerText()).toBe(formatCents(expected.itemTotalCents));
    expect(await amountOf(/^Commission/).innerText()).toContain(formatCents(expected.commissionCents));
    expect(await amountOf('Transfer fee').innerText()).toContain(formatCents(expected.feeCents));
    expect(await amountOf('Item payout').innerText()).toBe(formatCents(expected.payoutCents));
    expect(await amountOf('Shipping the buyer paid').innerText()).toContain(formatCents(shippedRow.shippingCreditCents));
    expect(await amountOf('Seller payout').innerText()).toBe(formatCents(settled.netCents));
    await expect(modal.getByText(/within 2-7 business days/)).toBeVisibleSoon();
    await modal.getByRole('button', { name: 'Confirm Payout' }).click();
    await expect(admin.page.getByText('Payout created successfully')).toBeVisibleSoon(15_000);
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect(row.getByText('Paid', { exact: true })).toBeVisibleSoon(15_000);
    expect(await row.getByRole('button', { name: 'Process Payout' }).count()).toBe(0);

    // 5. The payout is in the history, paid, for the new seller and this item.
    await admin.page.goto('/admin/payouts');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Payout Management' })).toBeVisibleSoon(15_000);
    const history = admin.page.getByRole('region', { name: 'Payout History' });
    const payoutRow = history.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: title });
    await expect(payoutRow).toBeVisibleSoon(15_000);
    await expect(payoutRow.getByText('Piper Quill')).toBeVisibleSoon();
    await expect(payoutRow.getByText(sellerEmail)).toBeVisibleSoon();
    await expect(payoutRow.getByText('Paid', { exact: true })).toBeVisibleSoon();
    await expect(payoutRow.getByText(formatCents(settled.netCents), { exact: true })).toBeVisibleSoon();
    await admin.context.close();

    // On a phone, Shipped Orders is a list of cards: the item's card says Paid, with no payout button.
    const phone = await newPage(browser, PHONE);
    await logIn(phone.page, 'admin@example.com');
    await waitForPath(phone.page, '/products');
    await phone.page.goto('/admin/shipped-orders');
    const card = phone.page.getByRole('list', { name: 'Shipped orders' }).getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisibleSoon(15_000);
    await expect(card.getByText('Paid', { exact: true })).toBeVisibleSoon();
    expect(await card.getByRole('button', { name: 'Process Payout' }).count()).toBe(0);
    expect(await phone.page.getByRole('table', { name: 'Shipped orders' }).isVisible()).toBe(false);
    await phone.context.close();
  });
});
