import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { payoutAfterRefunds } from '@marketplace/domain/item-settlement';
import { disputes, orderItems, payouts, sandboxConnectTransfers } from '../../db/schema';
import { defineJobs, JOB_NAMES } from '../../jobs';
import { ConnectError, type ConnectProvider, type TransferRequest } from '../../providers/payment/connect-port';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { onboard, person, sellLines, type Person } from '../../../test/factories-earnings';

// Payout on delivery (docs/product/payouts.md): with the admin's setting on, the job pays each item the
// delay after the carrier reported it delivered, through Process Payout's own claim: once, whatever runs
// twice, never while a dispute is open, and not at all while the setting is off.

const DAY = 86_400_000;

let testApp: TestApp;
let admin: Person;
let buyer: Person;
let seller: Person;

/** Every transfer key asked for; transfers wait this long (so rounds overlap) and fail as planned. */
const transferKeys: string[] = [];
let transferDelayMs = 0;
const transferPlan: Array<'refuse'> = [];

function wrapConnect(provider: ConnectProvider): ConnectProvider {
  return Object.assign(Object.create(provider) as ConnectProvider, {
    async transfer(request: TransferRequest) {
      transferKeys.push(request.idempotencyKey);
      if (transferDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, transferDelayMs));
      if (transferPlan.shift() === 'refuse') throw new ConnectError('Your account cannot receive transfers.', 'account_not_ready', false);
      return provider.transfer(request);
    },
  });
}

/** One round of the job, as the queue runs it: what it did, as the queue logs it. */
async function runRound(): Promise<Record<string, number>> {
  const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.payDeliveredItems);
  if (!job) throw new Error('the payout on delivery job is not defined');
  const outcome = await job.run({});
  if (!outcome) throw new Error('the payout on delivery job answered nothing');
  return outcome;
}

async function setPayoutMode(payoutOnDelivery: boolean, payoutDelayDays = 3) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { authorization: await admin.token() },
    payload: { marketplaceName: 'Marketplace', supportEmail: 'support@example.com', supportPhone: '+1 (800) 555-0199', payoutOnDelivery, payoutDelayDays },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Items of the seller's, delivered at `deliveredAt`: $50.00 each in a 10 % category. */
async function deliveredItems(count: number, deliveredAt: Date, sellerId = seller.id) {
  const { order, items } = await sellLines(testApp, {
    sellerId,
    buyerId: buyer.id,
    soldAt: new Date(deliveredAt.getTime() - DAY),
    lines: Array.from({ length: count }, () => ({ priceCents: 5000, status: 'delivered' as const, deliveredAt })),
  });
  return { order, items };
}

async function payoutsOf(orderItemIds: string[]) {
  return testApp.database.db.select().from(payouts).where(inArray(payouts.orderItemId, orderItemIds));
}

async function transfersOf(orderItemId: string) {
  return testApp.database.db
    .select()
    .from(sandboxConnectTransfers)
    .where(eq(sandboxConnectTransfers.idempotencyKey, `payout-${orderItemId}-attempt-1`));
}

beforeAll(async () => {
  testApp = await buildTestApp({ wrapConnect });
  admin = await person(testApp, 'admin');
  buyer = await person(testApp, 'buyer');
  seller = await person(testApp, 'seller');
  await onboard(testApp, seller);
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  transferKeys.length = 0;
  transferDelayMs = 0;
  transferPlan.length = 0;
  await setPayoutMode(false);
});

describe('payout on delivery', () => {
  it('off: pays nothing, however long ago items were delivered (the admin pays with Process Payout)', async () => {
    const { items } = await deliveredItems(2, new Date(testApp.clock.now().getTime() - 40 * DAY));
    expect(await runRound()).toEqual({ due: 0, paid: 0, skipped: 0, failed: 0, stillPending: 0, waitingForAccount: 0 });
    expect(await payoutsOf(items.map((item) => item.id))).toEqual([]);
    expect(transferKeys).toEqual([]);
    // The earnings page calls them ready for the admin.
    const page = await testApp.app.inject({ method: 'GET', url: '/api/seller/earnings?limit=100', headers: { authorization: await seller.token() } });
    expect(page.json().items.find((row: { orderItemId: string }) => row.orderItemId === items[0]!.id).state).toBe('ready');
    // Paid by hand so later rounds (with the setting on) leave them be.
    for (const item of items) {
      expect(
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/stripe-connect/payout',
            headers: { authorization: await admin.token() },
            payload: { orderItemId: item.id },
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('on: pays an item once the delay after delivery has passed, not a minute before, with the payout rule’s figures, once', async () => {
    await setPayoutMode(true, 3);
    const deliveredAt = testApp.clock.now();
    const { items } = await deliveredItems(1, deliveredAt);
    const item = items[0]!;

    expect((await runRound()).paid).toBe(0);
    testApp.clock.advance(3 * DAY - 60_000);
    expect(await runRound()).toMatchObject({ due: 0, paid: 0 });
    expect(await payoutsOf([item.id])).toEqual([]);

    testApp.clock.advance(60_000);
    expect(await runRound()).toEqual({ due: 1, paid: 1, skipped: 0, failed: 0, stillPending: 0, waitingForAccount: 0 });
    const [payout] = await payoutsOf([item.id]);
    const expected = payoutAfterRefunds({
      unitPriceCents: 5000,
      quantity: 1,
      refundedCents: 0,
      commissionRateBasisPoints: 1000,
      allocatedPickupChargeCents: 0,
    });
    expect(payout).toMatchObject({
      status: 'paid',
      createdBy: null,
      attempt: 1,
      itemTotalCents: expected.itemTotalCents,
      commissionCents: expected.commissionCents,
      feeCents: expected.feeCents,
      netCents: expected.payoutCents,
    });
    expect(payout!.paidAt).toEqual(testApp.clock.now());
    expect(transferKeys).toEqual([`payout-${item.id}-attempt-1`]);
    const [row] = await testApp.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.sellerPaid).toBe(true);

    // The next rounds find nothing to do; the provider was asked once.
    expect((await runRound()).due).toBe(0);
    expect((await runRound()).paid).toBe(0);
    expect(await transfersOf(item.id)).toHaveLength(1);
    // The earnings page shows it paid, with its transfer.
    const page = await testApp.app.inject({ method: 'GET', url: '/api/seller/earnings?limit=100', headers: { authorization: await seller.token() } });
    expect(page.json().items.find((entry: { orderItemId: string }) => entry.orderItemId === item.id)).toMatchObject({
      state: 'paid',
      transferId: payout!.transferId,
      netCents: expected.payoutCents,
    });
  });

  it('waits while a dispute is open, and pays once it is resolved without a refund', async () => {
    await setPayoutMode(true, 3);
    const { order, items } = await deliveredItems(1, new Date(testApp.clock.now().getTime() - 5 * DAY));
    const item = items[0]!;
    const [dispute] = await testApp.database.db
      .insert(disputes)
      .values({ orderItemId: item.id, orderId: order.id, buyerId: buyer.id, sellerId: seller.id, reason: 'not_as_described', description: 'Wrong colour' })
      .returning();
    for (const status of ['open', 'seller_responded', 'under_review'] as const) {
      await testApp.database.db.update(disputes).set({ status }).where(eq(disputes.id, dispute!.id));
      expect(await runRound()).toMatchObject({ due: 0, paid: 0 });
    }
    expect(await payoutsOf([item.id])).toEqual([]);
    const page = await testApp.app.inject({ method: 'GET', url: '/api/seller/earnings?limit=100', headers: { authorization: await seller.token() } });
    expect(page.json().items.find((entry: { orderItemId: string }) => entry.orderItemId === item.id)).toMatchObject({
      state: 'on_hold',
      holdReason: 'dispute',
    });

    await testApp.database.db.update(disputes).set({ status: 'resolved_rejected' }).where(eq(disputes.id, dispute!.id));
    expect(await runRound()).toMatchObject({ due: 1, paid: 1 });
    expect(await transfersOf(item.id)).toHaveLength(1);
  });

  it('never pays twice: two rounds at once, a round retried, and a round racing the admin’s Process Payout', async () => {
    await setPayoutMode(true, 3);
    const { items } = await deliveredItems(5, new Date(testApp.clock.now().getTime() - 4 * DAY));
    const ids = items.map((item) => item.id);
    // Slow transfers: the second round runs while the first is still waiting on the provider.
    transferDelayMs = 40;
    const [first, second] = await Promise.all([runRound(), runRound()]);
    const both = [first, second] as Array<Record<'paid' | 'skipped' | 'due', number>>;
    expect(both.reduce((sum, round) => sum + round.paid, 0)).toBe(5);
    expect(both.reduce((sum, round) => sum + round.paid + round.skipped, 0)).toBe(both.reduce((sum, round) => sum + round.due, 0));
    // The rounds did overlap: one found items the other had claimed meanwhile, and left them.
    expect(both.reduce((sum, round) => sum + round.skipped, 0)).toBeGreaterThan(0);
    const rows = await payoutsOf(ids);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === 'paid' && row.attempt === 1)).toBe(true);
    for (const id of ids) expect(await transfersOf(id)).toHaveLength(1);
    // Each key asked for at most once: a refused claim never reached the provider.
    expect(new Set(transferKeys).size).toBe(transferKeys.length);
    expect(transferKeys.sort()).toEqual(ids.map((id) => `payout-${id}-attempt-1`).sort());

    // The job retried after the round already did its work: nothing more.
    expect(await runRound()).toMatchObject({ due: 0, paid: 0 });

    // A round and the admin at the same moment.
    const racing = (await deliveredItems(1, new Date(testApp.clock.now().getTime() - 4 * DAY))).items[0]!;
    transferKeys.length = 0;
    const [round, byAdmin] = await Promise.all([
      runRound(),
      (async () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/stripe-connect/payout',
          headers: { authorization: await admin.token() },
          payload: { orderItemId: racing.id },
        }))(),
    ]);
    const paidByRound = round.paid ?? 0;
    expect(paidByRound + (byAdmin.statusCode === 200 ? 1 : 0)).toBe(1);
    if (byAdmin.statusCode !== 200) expect(byAdmin.statusCode).toBe(409);
    expect(await payoutsOf([racing.id])).toHaveLength(1);
    expect(await transfersOf(racing.id)).toHaveLength(1);
    expect(transferKeys).toEqual([`payout-${racing.id}-attempt-1`]);
  });

  it('skips sellers who cannot be paid yet, says so in the log, and pays them in a later round once onboarded', async () => {
    await setPayoutMode(true, 3);
    const newcomer = await person(testApp, 'seller');
    const { items } = await deliveredItems(2, new Date(testApp.clock.now().getTime() - 10 * DAY), newcomer.id);
    const logged = testApp.logs.length;
    expect(await runRound()).toMatchObject({ due: 0, paid: 0, waitingForAccount: 2 });
    expect(testApp.logs.slice(logged).join('')).toContain('payout on delivery: items due wait for their sellers to finish Stripe onboarding');
    expect(await payoutsOf(items.map((item) => item.id))).toEqual([]);

    await onboard(testApp, newcomer);
    expect(await runRound()).toMatchObject({ due: 2, paid: 2, waitingForAccount: 0 });
    expect(await payoutsOf(items.map((item) => item.id))).toHaveLength(2);
  });

  it('leaves a refused transfer to the admin rather than trying again every round', async () => {
    await setPayoutMode(true, 3);
    const { items } = await deliveredItems(1, new Date(testApp.clock.now().getTime() - 4 * DAY));
    transferPlan.push('refuse');
    expect(await runRound()).toMatchObject({ due: 1, paid: 0, failed: 1 });
    expect((await payoutsOf([items[0]!.id]))[0]).toMatchObject({ status: 'failed', failureReason: 'Your account cannot receive transfers.' });
    expect(await runRound()).toMatchObject({ due: 0, failed: 0 });
    expect(transferKeys).toEqual([`payout-${items[0]!.id}-attempt-1`]);
    const page = await testApp.app.inject({ method: 'GET', url: '/api/seller/earnings?limit=100', headers: { authorization: await seller.token() } });
    expect(page.json().items.find((entry: { orderItemId: string }) => entry.orderItemId === items[0]!.id).state).toBe('failed');
    // The admin's Process Payout tries again with the next key.
    const retried = await testApp.app.inject({
      method: 'POST',
      url: '/api/stripe-connect/payout',
      headers: { authorization: await admin.token() },
      payload: { orderItemId: items[0]!.id },
    });
    expect(retried.statusCode).toBe(200);
    expect(transferKeys.at(-1)).toBe(`payout-${items[0]!.id}-attempt-2`);
  });
});
