/**
 * Seed step: getting sellers paid ("Demo data"). Payment accounts in the onboarding states
 * (seller@example.com complete, seller2 pending again after Stripe asked for more details, seller3
 * created but never onboarded; a newly signed-up seller shows 'none'), a year of payout history in all
 * three statuses for the charts (each sale delivered a few days after it was ordered, and paid out after
 * that), payouts for the items the orders step marked as paid, and one recent
 * failed payout the admin can retry. Unpaid shipped items (with and without pickups) come from the
 * orders and shipments steps. Deterministic: every draw comes from a fork keyed by its subject.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { calculatePayout } from '@marketplace/domain/payout';
import { calculateShippingCents } from '@marketplace/domain/shipping';
import {
  orderItems,
  orders,
  paymentAccounts,
  payments,
  payouts,
  sandboxConnectAccounts,
  sandboxConnectLinks,
  sandboxConnectTransfers,
  shipmentItems,
  shipments,
} from '../schema';
import { transferFingerprint } from '../../providers/payment/connect-sandbox';
import type { DemoSellerKey } from './demo-data';
import { deliveryOf } from './seed-orders';
import type { SeedContext, SeededCatalog, SeededUsers } from './seed-demo-marketplace';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNT_STATES: Record<DemoSellerKey, 'complete' | 'pending' | 'created'> = {
  northwind: 'complete',
  brightside: 'pending',
  maple: 'created',
  driftwood: 'complete',
};
/** Paid history items per seller over the last year (seller3 never finished onboarding). */
const HISTORY_ITEMS: Record<DemoSellerKey, number> = { northwind: 72, brightside: 40, maple: 0, driftwood: 0 };
const FAILURE_REASONS = ['Insufficient funds in the platform balance.', "The destination account's bank details need to be updated."];

export interface SeededPayouts {
  paymentAccounts: number;
  payouts: number;
  historyOrders: number;
}

export async function seedPayouts(context: SeedContext, earlier: { users: SeededUsers; catalog: SeededCatalog }): Promise<SeededPayouts> {
  const { now } = context;
  const sellerKeys = Object.keys(DEMO_SELLER_ORDER) as DemoSellerKey[];
  const categoryOf = new Map(Object.values(earlier.catalog.categories).map((category) => [category.id, category]));

  // The sandbox provider starts afresh with the new marketplace, as the sandbox carrier's ledger does.
  await context.executor.delete(sandboxConnectTransfers);
  await context.executor.delete(sandboxConnectLinks);
  await context.executor.delete(sandboxConnectAccounts);

  // 1. Accounts, with the sandbox provider's own record of each.
  const accountIdOf = new Map<string, string>();
  const sandboxRows: Array<typeof sandboxConnectAccounts.$inferInsert> = [];
  const accountRows: Array<typeof paymentAccounts.$inferInsert> = [];
  for (const key of sellerKeys) {
    const seller = earlier.users.sellers[key];
    const random = context.random.fork(`payouts/account/${key}`);
    const accountId = `acct_sbx_${random.uuid().replaceAll('-', '').slice(0, 24)}`;
    accountIdOf.set(seller.id, accountId);
    const state = ACCOUNT_STATES[key];
    const createdAt = new Date(now.getTime() - (state === 'created' ? 3 : 400) * DAY_MS);
    sandboxRows.push({
      id: accountId,
      email: seller.email,
      // The key the payouts module uses, so "Create Express Account" finds this account again.
      idempotencyKey: `connect-account-${seller.id}`,
      businessType: state === 'created' ? null : 'company',
      businessName: state === 'created' ? null : `${seller.firstName} ${seller.lastName}`,
      bankLast4: state === 'created' ? null : '6789',
      detailsSubmitted: state !== 'created',
      payoutsEnabled: state === 'complete',
      createdAt,
      updatedAt: createdAt,
    });
    accountRows.push({
      sellerId: seller.id,
      provider: 'sandbox',
      accountId,
      status: state,
      detailsSubmitted: state !== 'created',
      payoutsEnabled: state === 'complete',
      requirementsDue: state === 'pending' ? ['external_account'] : state === 'created' ? ['business_type', 'external_account'] : [],
      createdAt,
      updatedAt: createdAt,
    });
  }
  await context.executor.insert(sandboxConnectAccounts).values(sandboxRows);
  await context.executor.insert(paymentAccounts).values(accountRows);

  // 2. A year of completed sales, paid out a few days after each (a few failed or still pending).
  const orderRows: Array<typeof orders.$inferInsert> = [];
  const itemRows: Array<typeof orderItems.$inferInsert> = [];
  const paymentRows: Array<typeof payments.$inferInsert> = [];
  const payoutRows: Array<typeof payouts.$inferInsert> = [];
  const transferRows: Array<typeof sandboxConnectTransfers.$inferInsert> = [];

  const addPayout = (
    item: { id: string; sellerId: string; orderId: string; title: string; priceCents: number; quantity: number; categoryId: string },
    status: 'paid' | 'pending' | 'failed',
    at: Date,
    random: ReturnType<SeedContext['random']['fork']>,
  ) => {
    const category = categoryOf.get(item.categoryId);
    const breakdown = calculatePayout(
      {
        unitPriceCents: item.priceCents,
        quantity: item.quantity,
        commissionRateBasisPoints: category?.commissionRateBasisPoints ?? null,
        allocatedPickupChargeCents: 0,
      },
      category?.name,
    );
    const accountId = accountIdOf.get(item.sellerId) ?? '';
    const transferId = status === 'paid' && breakdown.payoutCents > 0 ? `tr_sbx_${random.uuid().replaceAll('-', '').slice(0, 24)}` : null;
    payoutRows.push({
      id: random.uuid(),
      orderItemId: item.id,
      sellerId: item.sellerId,
      accountId,
      status,
      itemTotalCents: breakdown.itemTotalCents,
      commissionRateBps: breakdown.commissionRateBasisPoints,
      commissionCents: breakdown.commissionCents,
      pickupChargeCents: 0,
      grossCents: breakdown.grossCents,
      feeCents: breakdown.feeCents,
      netCents: breakdown.payoutCents,
      currency: 'usd',
      attempt: 1,
      transferId,
      failureReason: status === 'failed' ? random.pick(FAILURE_REASONS) : null,
      description: `Payout for ${item.quantity} × ${item.title} (order #${item.orderId.slice(0, 8)})`,
      createdBy: earlier.users.admin.id,
      paidAt: status === 'paid' ? at : null,
      createdAt: at,
      updatedAt: at,
    });
    if (transferId) {
      transferRows.push({
        id: transferId,
        accountId,
        amountCents: breakdown.payoutCents,
        currency: 'usd',
        idempotencyKey: `payout-${item.id}-attempt-1`,
        fingerprint: transferFingerprint(accountId, breakdown.payoutCents, 'usd'),
        description: `Payout for ${item.quantity} × ${item.title} (order #${item.orderId.slice(0, 8)})`,
        transferGroup: `order-item-${item.id}`,
        createdAt: at,
      });
    }
  };

  let historyOrders = 0;
  for (const key of sellerKeys) {
    const seller = earlier.users.sellers[key];
    const products = earlier.catalog.products.filter((product) => product.sellerId === seller.id);
    for (let index = 0; index < HISTORY_ITEMS[key]; index += 1) {
      const random = context.random.fork(`payouts/history/${key}/${index}`);
      const product = random.pick(products);
      const buyer = random.pick(earlier.users.buyers);
      // Spread over the year, denser in recent months so the trend rises.
      const ageDays = Math.round(Math.pow(random.integerBetween(0, 1000) / 1000, 1.4) * 355) + 8;
      const createdAt = new Date(now.getTime() - ageDays * DAY_MS - random.integerBetween(0, 600) * 60_000);
      const drawnPaidAt = createdAt.getTime() + random.integerBetween(3, 7) * DAY_MS;
      // Shipped a day or so after the order, delivered a few days later; paid out once delivered.
      const { deliveredAt, closedAt } = deliveryOf(context, `payouts/history/${key}/${index}/delivery`, createdAt, [0, 1]);
      const paidAt = new Date(Math.min(now.getTime() - 60 * 60_000, Math.max(drawnPaidAt, closedAt.getTime())));
      const quantity = random.pick([1, 1, 1, 2]);
      const orderId = random.uuid();
      const itemId = random.uuid();
      const itemsTotalCents = product.priceCents * quantity;
      const shippingCents = calculateShippingCents(itemsTotalCents);
      orderRows.push({
        id: orderId,
        buyerId: buyer.id,
        status: 'completed',
        idempotencyKey: `demo-history-${key}-${index}`,
        shippingName: `${buyer.firstName} ${buyer.lastName}`,
        shippingEmail: buyer.email,
        shippingLine1: '350 Fifth Avenue',
        shippingCity: 'New York',
        shippingState: 'NY',
        shippingPostalCode: '10118',
        shippingCountry: 'US',
        itemsTotalCents,
        shippingCents,
        retipTotalCents: 0,
        totalCents: itemsTotalCents + shippingCents,
        createdAt,
        updatedAt: paidAt,
      });
      // Recent ones are the ones still pending or failed; older history is paid, with a few failures.
      const roll = random.integerBetween(1, 100);
      const status: 'paid' | 'pending' | 'failed' = ageDays < 20 && roll <= 15 ? 'pending' : roll >= 95 ? 'failed' : 'paid';
      itemRows.push({
        id: itemId,
        orderId,
        sellerId: seller.id,
        productId: product.id,
        title: product.title,
        categoryId: product.categoryId,
        priceCents: product.priceCents,
        quantity,
        status: 'completed',
        sellerPaid: status === 'paid',
        deliveredAt,
        createdAt,
        updatedAt: paidAt,
      });
      paymentRows.push({
        id: random.uuid(),
        orderId,
        buyerId: buyer.id,
        provider: 'sandbox',
        providerPaymentId: `pi_sandbox_${random.uuid().replaceAll('-', '').slice(0, 24)}`,
        amountCents: itemsTotalCents + shippingCents,
        refundedCents: 0,
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
        createdAt,
        updatedAt: createdAt,
      });
      addPayout(
        { id: itemId, sellerId: seller.id, orderId, title: product.title, priceCents: product.priceCents, quantity, categoryId: product.categoryId },
        status,
        paidAt,
        random,
      );
      historyOrders += 1;
    }
  }
  if (orderRows.length > 0) {
    await context.executor.insert(orders).values(orderRows);
    await context.executor.insert(orderItems).values(itemRows);
    await context.executor.insert(payments).values(paymentRows);
  }

  // 3. The orders step's items already marked paid get their payouts; one unpaid shipped item of
  // seller@example.com has a failed payout waiting for the admin's retry.
  const existing = await context.executor.query.orderItems.findMany({
    where: (table, { inArray }) => inArray(table.status, ['shipped', 'delivered', 'completed']),
  });
  const historyIds = new Set(itemRows.map((row) => row.id));
  // A parcel the carrier has not collected yet is not paid out yet.
  const waiting = await context.executor
    .select({ orderItemId: shipmentItems.orderItemId })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(and(eq(shipmentItems.isActive, true), inArray(shipments.status, ['created', 'pickup_scheduled'])));
  const notCollected = new Set(waiting.map((row) => row.orderItemId));
  const northwind = earlier.users.sellers.northwind.id;
  let failedOne = false;
  for (const item of existing.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (historyIds.has(item.id)) continue;
    const random = context.random.fork(`payouts/item/${item.id}`);
    const at = new Date(Math.min(now.getTime() - 30 * 60_000, item.updatedAt.getTime() + 2 * DAY_MS));
    const state = [...sellerKeys].find((key) => earlier.users.sellers[key].id === item.sellerId);
    if (item.sellerPaid && ((state && ACCOUNT_STATES[state] === 'created') || notCollected.has(item.id))) {
      // Never onboarded, or not collected yet: not paid.
      await context.executor.update(orderItems).set({ sellerPaid: false }).where(eq(orderItems.id, item.id));
    } else if (item.sellerPaid) addPayout(item, 'paid', at, random);
    else if (!failedOne && item.sellerId === northwind && item.status === 'delivered') {
      addPayout(item, 'failed', new Date(now.getTime() - 26 * 60 * 60_000), random);
      failedOne = true;
    }
  }

  await context.executor.insert(payouts).values(payoutRows);
  if (transferRows.length > 0) await context.executor.insert(sandboxConnectTransfers).values(transferRows);
  return { paymentAccounts: accountRows.length, payouts: payoutRows.length, historyOrders };
}

const DEMO_SELLER_ORDER: Record<DemoSellerKey, true> = { northwind: true, brightside: true, maple: true, driftwood: true };
