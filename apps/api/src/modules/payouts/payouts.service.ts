import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@marketplace/domain/money';
import { crashPoint } from '../../lib/fault-injection';
import { applyPayoutAdjustments } from '@marketplace/domain/dispute-money';
import { payoutAfterRefunds, refundClawbackCents, settleOrderItem } from '@marketplace/domain/item-settlement';
import { PAYABLE_STATES } from '@marketplace/domain/order-item-state';
import type {
  AccountStatusResponse,
  CheckAccountResponse,
  PaymentAccountStatus,
  Payout,
  PayoutStats,
  PayoutStatus,
  PickupChargeInfo,
  QuickStats,
  ShippedOrderItem,
} from '@marketplace/contracts/payouts';
import type { Database, Executor } from '../../db/client';
import { categories, disputes, orderItems, orders, paymentAccounts, payments, payoutAdjustments, payouts, users, webhookEvents } from '../../db/schema';
import { pendingAdjustmentsOf } from '../disputes/disputes.service';
import { hasOpenReturn } from '../returns/returns.service';
import type { Clock } from '../../lib/clock';
import { createMicroCache } from '../../lib/micro-cache';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import { ConnectError, isAccountComplete, WebhookSignatureError, type ConnectAccount, type ConnectEvent, type ConnectProvider } from '../../providers/payment/connect-port';
import type { ShipmentsService } from '../shipping/shipments.service';
import type { OrdersService } from '../orders/orders.service';

// Getting sellers paid (issue #5, SPEC §2.2–§2.4, §5, §7.1, §7.3, §9). Money is integer cents inside and
// dollars in answers. A payout is made at most once per order item: the unique row, the order item's
// lock while it is claimed, and the provider's idempotency key, which is derived from the order item
// and the attempt and is reused whenever the outcome of a transfer is unknown.

export const PAYOUT_MESSAGES = {
  created: 'Express account created successfully! Please complete the onboarding process.',
  paid: 'Payout created successfully',
  noAccount: 'You have no Stripe account yet. Create one first (step 1).',
  accountNotFound: 'Stripe account not found',
  notComplete: 'Complete Stripe onboarding before opening the Stripe dashboard.',
  itemNotFound: 'Order item not found',
  alreadyPaid: 'This item has already been paid out.',
  inProgress: 'A payout for this item is already in progress. Refresh in a moment to see its result.',
  openDispute: 'This item has an open dispute; it can be paid once the dispute is resolved.',
  openReturn: 'This item has a return in progress; it can be paid once the return is refused, cancelled or refunded.',
  invalidSignature: 'Invalid webhook signature',
  webhooksOff: 'Webhooks are not configured: set STRIPE_WEBHOOK_SECRET',
} as const;

/** Shipped, delivered, or partly refunded: the seller is paid for what the buyer kept (packages/domain). */
const PAYABLE_ITEM_STATUSES = PAYABLE_STATES;
/** A claimed payout whose transfer call never answered may be resumed (with the same key) after this. */
const STALE_CLAIM_MS = Number(process.env.PAYOUT_CLAIM_STALE_SECONDS ?? 120) * 1000;

/** The admin's aggregates (payout stats, the shipped-orders total) are at most this old (lib/micro-cache.ts). */
const ADMIN_CACHE_MS = 5_000;
const SHIPPED_TOTAL_KEY = 'shipped-total';

type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

const dollars = (cents: number) => centsToDollars(cents);

function statusFrom(account: ConnectAccount, previous: PaymentAccountRow['status']): PaymentAccountRow['status'] {
  if (isAccountComplete(account)) return 'complete';
  return previous === 'created' && !account.detailsSubmitted ? 'created' : 'pending';
}

function connectFailure(error: unknown, fallback: string): HttpError {
  if (error instanceof ConnectError) {
    if (error.code === 'account_not_found') return new HttpError(404, PAYOUT_MESSAGES.accountNotFound);
    if (error.code === 'provider_unavailable') return new HttpError(502, `${fallback}: Stripe did not answer. Please try again.`);
    return new HttpError(400, `${fallback}: ${error.message}`);
  }
  return new HttpError(502, fallback);
}

export function createPayoutsService(deps: {
  db: Database;
  clock: Clock;
  connect: ConnectProvider;
  shipments: Pick<ShipmentsService, 'pickupChargeInfoFor'>;
  /** The orders service: an item's seller-paid flag, what it may still refund, and refunds as they are recorded. */
  orderItems: Pick<OrdersService, 'setSellerPaid' | 'remainingRefundableCents' | 'onRefundRecorded'>;
  publicUrl: string;
  /** How long the admin's aggregates are kept (lib/micro-cache.ts); 0 = computed on every request. */
  adminCacheMs?: number;
  /** Tells the other instances that payouts changed, after this one dropped its stats (lib/cache-bus.ts). */
  announceStatsChange?: () => void;
}) {
  const { db, clock, connect } = deps;
  const adminCacheMs = deps.adminCacheMs ?? ADMIN_CACHE_MS;
  // Issue #8: the stats answer per (day, range, seller), dropped whenever this service writes a payout;
  // and the shipped-orders total, which no payout write changes (only item status changes, elsewhere).
  const statsCache = createMicroCache<{ success: true; data: PayoutStats }>({ ttlMs: adminCacheMs, maxEntries: 500, clock });
  const shippedTotalCache = createMicroCache<number>({ ttlMs: adminCacheMs, maxEntries: 1, clock });
  const statsChanged = () => {
    statsCache.invalidate();
    deps.announceStatsChange?.();
  };
  // A refund of an item whose seller was already paid: what the item's payout lost is owed back, deducted
  // from the seller's next payout. Recorded in the refund's own transaction, so it is never lost or doubled.
  deps.orderItems.onRefundRecorded(async (executor, { item, order, amountCents, refundableCents, refundedCentsAfter, refundKey }) => {
    const [paid] = await executor.select().from(payouts).where(and(eq(payouts.orderItemId, item.id), eq(payouts.status, 'paid')));
    if (!paid) return;
    const after = settleOrderItem({
      unitPriceCents: item.priceCents,
      quantity: item.quantity,
      extrasCents: refundableCents - item.priceCents * item.quantity,
      refundedCents: refundedCentsAfter,
      commissionRateBasisPoints: paid.commissionRateBps,
      allocatedPickupChargeCents: paid.pickupChargeCents,
    });
    const owedBefore = await executor
      .select({ value: sql<string>`coalesce(sum(${payoutAdjustments.amountCents}), 0)` })
      .from(payoutAdjustments)
      .where(eq(payoutAdjustments.orderItemId, item.id));
    // The item's own payout (its net before other items' deductions), less what it already owes back.
    const itemPayoutCents = paid.netCents - paid.adjustmentCents + Number(owedBefore[0]?.value ?? 0);
    const owed = refundClawbackCents(Math.max(itemPayoutCents, 0), after);
    if (owed >= 0) return;
    const disputeId = refundKey.startsWith('dispute:') ? refundKey.slice('dispute:'.length) : null;
    await executor.insert(payoutAdjustments).values({
      sellerId: item.sellerId,
      disputeId,
      orderItemId: item.id,
      amountCents: owed,
      reason: `Refund of ${centsToDollars(amountCents).toFixed(2)} dollars on order #${order.id.slice(0, 8)} after the payout`,
      createdAt: clock.now(),
    });
  });

  /**
   * Stripe sends the seller back to these after onboarding: on the address the seller's browser
   * is on (the route passes it; PUBLIC_URL when set), so a seller on a phone is not sent to localhost.
   */
  const onboardingLinksFor = (origin: string = deps.publicUrl) => {
    const base = origin.replace(/\/+$/, '');
    return { returnUrl: `${base}/seller/onboarding?onboarding=return`, refreshUrl: `${base}/seller/onboarding?onboarding=refresh` };
  };

  // Issue #8: the shipped-orders page is the admin's busiest read. It is a prepared statement: built
  // once here, planned once per connection by PostgreSQL (planning it cost as much as running it).
  let shippedPage: ReturnType<typeof prepareShippedPage> | undefined;
  function prepareShippedPage() {
    const payable = inArray(orderItems.status, [...PAYABLE_ITEM_STATUSES]);
    // The page's ids first, from the partial index order_items_payable_recent_idx alone (an index-only
    // scan, even deep into the list); the joins and the per-row reads then run for those rows only.
    const page = db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(payable)
      .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    // Only the page, its items and their orders are joined; every other read is a scalar subquery by
    // primary or unique key. Planning a nine-table join cost ~5–8 ms per request, this costs ~0.5 ms.
    return db
      .select({
        item: orderItems,
        order: orders,
        buyer: sql<{ firstName: string; lastName: string; email: string; phone: string | null }>`(select json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'email', ${users.email}, 'phone', ${users.phone}) from ${users} where ${users.id} = ${orders.buyerId})`,
        seller: sql<{ id: string; firstName: string; lastName: string; companyName: string | null; email: string; phone: string | null }>`(select json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'companyName', ${users.companyName}, 'email', ${users.email}, 'phone', ${users.phone}) from ${users} where ${users.id} = ${orderItems.sellerId})`,
        category: sql<{ name: string; slug: string }>`(select json_build_object('name', ${categories.name}, 'slug', ${categories.slug}) from ${categories} where ${categories.id} = ${orderItems.categoryId})`,
        accountStatus: sql<PaymentAccountStatus | null>`(select ${paymentAccounts.status} from ${paymentAccounts} where ${paymentAccounts.sellerId} = ${orderItems.sellerId})`,
        payout: sql<{ id: string; status: PayoutStatus; netCents: number; failureReason: string | null } | null>`(select json_build_object('id', ${payouts.id}, 'status', ${payouts.status}, 'netCents', ${payouts.netCents}, 'failureReason', ${payouts.failureReason}) from ${payouts} where ${payouts.orderItemId} = ${orderItems.id})`,
        // At most one dispute per item is not resolved (disputes_one_open_per_item, the same predicate).
        openDisputeId: sql<string | null>`(select ${disputes.id} from ${disputes} where ${disputes.orderItemId} = ${orderItems.id} and ${notInArray(disputes.status, ['resolved_refunded', 'resolved_rejected'])} limit 1)`,
        // What the seller owes back, oldest first (payout_adjustments_seller_idx).
        owedCents: sql<number[]>`coalesce((select json_agg(${payoutAdjustments.amountCents} order by ${payoutAdjustments.createdAt}, ${payoutAdjustments.id}) from ${payoutAdjustments} where ${payoutAdjustments.sellerId} = ${orderItems.sellerId} and ${payoutAdjustments.settledAt} is null), '[]'::json)`,
      })
      .from(page)
      .innerJoin(orderItems, eq(orderItems.id, page.id))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
      .prepare('admin_shipped_page');
  }

  async function accountOfSeller(executor: Executor, sellerId: string) {
    return executor.query.paymentAccounts.findFirst({ where: eq(paymentAccounts.sellerId, sellerId) });
  }

  /** The caller's own account by id; anyone else's is a 404. */
  async function ownAccount(sellerId: string, accountId: string) {
    const row = await accountOfSeller(db, sellerId);
    if (!row || row.accountId !== accountId) throw notFound(PAYOUT_MESSAGES.accountNotFound);
    return row;
  }

  async function syncAccount(row: PaymentAccountRow, account: ConnectAccount, executor: Executor = db) {
    const status = statusFrom(account, row.status);
    const [updated] = await executor
      .update(paymentAccounts)
      .set({ status, detailsSubmitted: account.detailsSubmitted, payoutsEnabled: account.payoutsEnabled, requirementsDue: account.requirementsDue, updatedAt: clock.now() })
      .where(eq(paymentAccounts.id, row.id))
      .returning();
    return updated ?? row;
  }

  async function payoutView(executor: Executor, rows: PayoutRow[]): Promise<Payout[]> {
    if (rows.length === 0) return [];
    const sellers = await executor.select().from(users).where(inArray(users.id, [...new Set(rows.map((row) => row.sellerId))]));
    const sellerOf = new Map(sellers.map((seller) => [seller.id, seller]));
    return rows.map((row) => {
      const seller = sellerOf.get(row.sellerId);
      return {
        id: row.id,
        status: row.status,
        amount: dollars(row.grossCents),
        net_amount: dollars(row.netCents),
        fee_amount: dollars(row.feeCents),
        description: row.description,
        failure_reason: row.failureReason,
        order_item_id: row.orderItemId,
        transfer_id: row.transferId,
        created_at: row.createdAt.toISOString(),
        seller: { id: row.sellerId, first_name: seller?.firstName ?? '', last_name: seller?.lastName ?? '', email: seller?.email ?? '', company_name: seller?.companyName ?? null },
      };
    });
  }

  /** SPEC §3 pickup charge info in dollars (no pickup: zeros). */
  async function pickupInfo(orderItemId: string): Promise<{ info: PickupChargeInfo; allocatedCents: number }> {
    const raw = await deps.shipments.pickupChargeInfoFor(orderItemId);
    const { allocation, ...rest } = raw;
    return {
      info: {
        ...rest,
        allocation: allocation
          ? {
              allocatedPickupCharge: allocation.allocatedPickupCharge,
              totalOrderItemsInPickup: allocation.totalOrderItemsInPickup,
              totalOrderValueInPickup: allocation.totalOrderValueInPickup,
              currentItemValue: allocation.currentItemValue,
              pickupChargeRatio: allocation.pickupChargeRatio,
            }
          : { allocatedPickupCharge: 0, totalOrderItemsInPickup: 0, totalOrderValueInPickup: 0, currentItemValue: 0, pickupChargeRatio: 0 },
      },
      allocatedCents: allocation?.allocatedPickupChargeCents ?? 0,
    };
  }

  /** Paid payouts whose paid_at is in [from, to): the partial indexes payouts_paid_idx / payouts_seller_paid_idx cover these reads. */
  function paidBetween(from: Date, to: Date, sellerId: string | undefined) {
    return and(eq(payouts.status, 'paid'), gte(payouts.paidAt, from), lt(payouts.paidAt, to), sellerId ? eq(payouts.sellerId, sellerId) : undefined);
  }

  /** Sum of cents as a JS number (bigint in SQL, so a large month or year cannot overflow an int4). */
  const sumCents = (filter?: SQL) => sql<number>`coalesce(sum(${payouts.netCents})${filter ? sql` filter (where ${filter})` : sql``}, 0)`.mapWith(Number);
  const countRows = (filter?: SQL) => sql<number>`count(*)${filter ? sql` filter (where ${filter})` : sql``}`.mapWith(Number);

  function change(current: number, previous: number): number | null {
    if (previous === 0) return null;
    return Math.round(((current - previous) / previous) * 10_000) / 100;
  }

  /** This month against last month, paid payouts: one index range scan over both months. */
  async function monthComparison(sellerId: string | undefined, now = clock.now()) {
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const inThisMonth = gte(payouts.paidAt, thisMonth);
    const inLastMonth = lt(payouts.paidAt, thisMonth);
    const [row] = await db
      .select({ currentCents: sumCents(inThisMonth), currentCount: countRows(inThisMonth), previousCents: sumCents(inLastMonth), previousCount: countRows(inLastMonth) })
      .from(payouts)
      .where(paidBetween(lastMonth, nextMonth, sellerId));
    const current = { amountCents: row?.currentCents ?? 0, count: row?.currentCount ?? 0 };
    const previous = { amountCents: row?.previousCents ?? 0, count: row?.previousCount ?? 0 };
    return {
      this_month: { amount: dollars(current.amountCents), count: current.count },
      last_month: { amount: dollars(previous.amountCents), count: previous.count },
      percentage_changes: { amount_change: change(current.amountCents, previous.amountCents), count_change: change(current.count, previous.count) },
    };
  }

  /**
   * The stats answer, from four statements run side by side: paid per day, the top sellers (with the
   * number of active sellers counted over the same groups), payouts by status, and the two months.
   * Each reads one index range (see the payouts indexes in db/schema.ts), never the whole table.
   */
  async function computePayoutStats(query: { dateRange: number; sellerId?: string }, now: Date): Promise<{ success: true; data: PayoutStats }> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const from = new Date(today.getTime() - (query.dateRange - 1) * 86_400_000);
    const to = new Date(today.getTime() + 86_400_000);
    const paid = paidBetween(from, to, query.sellerId);
    // Grouped by the UTC date, formatted once per day (to_char on every row costs more than the scan).
    const paidDay = sql`(${payouts.paidAt} at time zone 'UTC')::date`;
    const day = sql<string>`to_char(${paidDay}, 'YYYY-MM-DD')`;
    // Every seller paid in the range, ranked; `sellers` counts the groups before the limit (= active sellers).
    const ranked = db
      .select({
        sellerId: payouts.sellerId,
        amount: sumCents().as('amount'),
        count: countRows().as('payout_count'),
        sellers: sql<number>`count(*) over ()`.mapWith(Number).as('sellers'),
      })
      .from(payouts)
      .where(paid)
      .groupBy(payouts.sellerId)
      .orderBy(desc(sql`sum(${payouts.netCents})`), asc(payouts.sellerId))
      .limit(5)
      .as('ranked');
    const [daily, top, distribution, months] = await Promise.all([
      db.select({ date: day, amount: sumCents(), count: countRows() }).from(payouts).where(paid).groupBy(paidDay),
      db
        .select({ sellerId: ranked.sellerId, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName, amount: ranked.amount, count: ranked.count, sellers: ranked.sellers })
        .from(ranked)
        .innerJoin(users, eq(users.id, ranked.sellerId))
        .orderBy(desc(ranked.amount), asc(ranked.sellerId)),
      db
        .select({ status: payouts.status, count: countRows() })
        .from(payouts)
        .where(and(gte(payouts.createdAt, from), lt(payouts.createdAt, to), query.sellerId ? eq(payouts.sellerId, query.sellerId) : undefined))
        .groupBy(payouts.status),
      monthComparison(query.sellerId, now),
    ]);
    const byDay = new Map(daily.map((row) => [row.date, row]));
    const timeSeries = Array.from({ length: query.dateRange }, (_, index) => {
      const date = new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10);
      const entry = byDay.get(date);
      return { date, amount: dollars(entry?.amount ?? 0), count: entry?.count ?? 0 };
    });
    const counts = new Map(distribution.map((row) => [row.status, row.count]));
    return {
      success: true,
      data: {
        time_series: timeSeries,
        top_sellers: top.map((row) => ({
          seller_id: row.sellerId,
          seller_name: row.companyName ? `${row.firstName} ${row.lastName} (${row.companyName})` : `${row.firstName} ${row.lastName}`,
          total_amount: dollars(row.amount),
          payout_count: row.count,
        })),
        status_distribution: (['paid', 'pending', 'failed'] as const).map((status) => ({ status, count: counts.get(status) ?? 0 })),
        ...months,
        active_sellers: top[0]?.sellers ?? 0,
      },
    };
  }

  return {
    /** Another instance wrote payouts: drop the stats this one keeps (lib/cache-bus.ts). */
    dropCachedStats: () => statsCache.invalidate(),

    // ── the seller's account (§7.1) ───────────────────────────────────────────────────────────

    async checkAccount(sellerId: string): Promise<CheckAccountResponse> {
      const row = await accountOfSeller(db, sellerId);
      return { success: true, hasAccount: Boolean(row), accountId: row?.accountId ?? null, status: row?.status ?? 'none' };
    },

    async createExpressAccount(seller: { id: string; email: string }, origin?: string) {
      let row = await accountOfSeller(db, seller.id);
      if (!row) {
        let account: ConnectAccount;
        try {
          // One account per seller whatever is retried: the key is the seller's.
          account = await connect.createExpressAccount({ email: seller.email, country: 'US', idempotencyKey: `connect-account-${seller.id}`, metadata: { sellerId: seller.id } });
        } catch (error) {
          throw connectFailure(error, 'Failed to create Express account');
        }
        await db
          .insert(paymentAccounts)
          .values({ sellerId: seller.id, provider: connect.name, accountId: account.id, status: 'created', createdAt: clock.now(), updatedAt: clock.now() })
          .onConflictDoNothing({ target: paymentAccounts.sellerId });
        row = await accountOfSeller(db, seller.id);
        if (!row) throw new HttpError(500, 'Failed to create Express account');
      }
      let link: { url: string };
      try {
        link = await connect.createOnboardingLink({ accountId: row.accountId, ...onboardingLinksFor(origin) });
      } catch (error) {
        throw connectFailure(error, 'Failed to generate onboarding link');
      }
      return { success: true as const, accountId: row.accountId, onboardingUrl: link.url, status: row.status, message: PAYOUT_MESSAGES.created };
    },

    async createOnboardingLink(sellerId: string, accountId: string, origin?: string) {
      const row = await ownAccount(sellerId, accountId);
      let link: { url: string };
      try {
        link = await connect.createOnboardingLink({ accountId, ...onboardingLinksFor(origin) });
      } catch (error) {
        throw connectFailure(error, 'Failed to generate onboarding link');
      }
      // §4.6: pending while onboarding.
      if (row.status === 'created') await db.update(paymentAccounts).set({ status: 'pending', updatedAt: clock.now() }).where(eq(paymentAccounts.id, row.id));
      return { success: true as const, url: link.url };
    },

    async accountStatus(sellerId: string, accountId: string): Promise<AccountStatusResponse> {
      const row = await ownAccount(sellerId, accountId);
      let account: ConnectAccount;
      try {
        account = await connect.retrieveAccount(accountId);
      } catch (error) {
        throw connectFailure(error, 'Failed to refresh account status');
      }
      const updated = await syncAccount(row, account);
      return { success: true, status: updated.status, accountId, detailsSubmitted: account.detailsSubmitted, payoutsEnabled: account.payoutsEnabled, requirements: account.requirementsDue };
    },

    async dashboardLink(sellerId: string) {
      const row = await accountOfSeller(db, sellerId);
      if (!row) throw badRequest(PAYOUT_MESSAGES.noAccount);
      if (row.status !== 'complete') throw badRequest(PAYOUT_MESSAGES.notComplete);
      try {
        return { success: true as const, loginUrl: (await connect.createLoginLink(row.accountId)).url };
      } catch (error) {
        throw connectFailure(error, 'Failed to generate dashboard link');
      }
    },

    // ── the admin's views (§7.3) ──────────────────────────────────────────────────────────────

    async listSellers() {
      const rows = await db.select().from(users).where(eq(users.role, 'seller')).orderBy(asc(users.firstName), asc(users.lastName));
      return { success: true as const, sellers: rows.map((row) => ({ id: row.id, first_name: row.firstName, last_name: row.lastName, company_name: row.companyName })) };
    },

    async listPayouts(query: { page: number; limit: number; sellerId?: string; status?: PayoutStatus }) {
      const where = and(query.sellerId ? eq(payouts.sellerId, query.sellerId) : undefined, query.status ? eq(payouts.status, query.status) : undefined);
      const [total] = await db.select({ value: count() }).from(payouts).where(where);
      const totalItems = total?.value ?? 0;
      const rows = await db
        .select()
        .from(payouts)
        .where(where)
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        success: true as const,
        data: { payouts: await payoutView(db, rows), pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) } },
      };
    },

    async payoutStats(query: { dateRange: number; sellerId?: string }): Promise<{ success: true; data: PayoutStats }> {
      const now = clock.now();
      // Cached a few seconds (see lib/micro-cache.ts), keyed by the day too: the range ends today.
      const key = `${now.toISOString().slice(0, 10)}|${query.dateRange}|${query.sellerId ?? ''}`;
      return statsCache.getOrLoad(key, () => computePayoutStats(query, now));
    },

    async quickStats(query: { sellerId?: string }): Promise<{ success: true; data: QuickStats }> {
      const [months, [active]] = await Promise.all([
        monthComparison(query.sellerId),
        db
          .select({ value: count() })
          .from(paymentAccounts)
          .where(and(eq(paymentAccounts.status, 'complete'), query.sellerId ? eq(paymentAccounts.sellerId, query.sellerId) : undefined)),
      ]);
      return { success: true, data: { ...months, active_sellers: active?.value ?? 0 } };
    },

    async shippedOrders(query: { page: number; limit: number }) {
      const payable = inArray(orderItems.status, [...PAYABLE_ITEM_STATUSES]);
      // The total is a count over every shipped or delivered item (~10 ms at 100,000 of them), so it is
      // kept a few seconds (lib/micro-cache.ts: one count at a time, the last one answered while the next
      // runs, so the admins' requests never all count at once when it expires). The rows are always
      // read fresh, and the total is exact whenever the page tells it: a page that is not full is the
      // last one (total = offset + rows), and a full page never shows fewer than offset + rows. Only the
      // total seen from a full page can lag a status change made elsewhere, by the cache's lifetime.
      const offset = (query.page - 1) * query.limit;
      const generation = shippedTotalCache.generation;
      const rows = await (shippedPage ??= prepareShippedPage()).execute({ limit: query.limit, offset });
      const countPayable = async () => {
        const [row] = await db.select({ value: count() }).from(orderItems).where(payable);
        return row?.value ?? 0;
      };
      let totalItems: number;
      if ((rows.length > 0 && rows.length < query.limit) || (rows.length === 0 && offset === 0)) {
        totalItems = offset + rows.length;
        shippedTotalCache.store(SHIPPED_TOTAL_KEY, totalItems, generation);
      } else {
        const known = await shippedTotalCache.getOrLoad(SHIPPED_TOTAL_KEY, countPayable);
        // A full page: at least offset + rows exist. Past the last page: the known total, if it agrees.
        if (rows.length > 0) totalItems = Math.max(known, offset + rows.length);
        else totalItems = known <= offset ? known : await countPayable();
      }
      const orderItemsView: ShippedOrderItem[] = rows.map(({ item, order, category, buyer: customer, seller: vendor, accountStatus, payout, openDisputeId, owedCents }) => ({
        orderId: order.id,
        orderItemId: item.id,
        itemTitle: item.title,
        category: category.name,
        categorySlug: category.slug,
        quantity: item.quantity,
        price: dollars(item.priceCents),
        grandTotal: dollars(item.priceCents * item.quantity + (item.retipAdded ? item.retipPriceCents : 0)),
        refunded_cents: item.refundedCents,
        refunded: dollars(item.refundedCents),
        orderStatus: item.status,
        seller_paid: item.sellerPaid,
        orderDate: order.createdAt.toISOString(),
        buyer: { fullName: `${customer.firstName} ${customer.lastName}`, email: customer.email, phone: customer.phone ?? order.shippingPhone },
        seller: { id: vendor.id, fullName: `${vendor.firstName} ${vendor.lastName}`, companyName: vendor.companyName, email: vendor.email, phone: vendor.phone },
        sellerAccountStatus: accountStatus ?? 'none',
        shippingAddress: {
          name: order.shippingName,
          email: order.shippingEmail,
          address: { line1: order.shippingLine1, line2: order.shippingLine2, city: order.shippingCity, state: order.shippingState, postal_code: order.shippingPostalCode, country: order.shippingCountry },
        },
        hasOpenDispute: openDisputeId !== null,
        sellerPendingAdjustments: owedCents.map(dollars),
        payout: payout ? { id: payout.id, status: payout.status, net_amount: dollars(payout.netCents), failure_reason: payout.failureReason } : null,
      }));
      return {
        success: true as const,
        message: totalItems === 0 ? 'No shipped orders yet' : `${totalItems} shipped order items`,
        data: { orderItems: orderItemsView, pagination: { page: query.page, limit: query.limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / query.limit)) } },
      };
    },

    async pickupCharges(orderItemId: string) {
      const item = await db.query.orderItems.findFirst({ where: eq(orderItems.id, orderItemId) });
      if (!item) throw notFound(PAYOUT_MESSAGES.itemNotFound);
      return { success: true as const, ...(await pickupInfo(orderItemId)).info };
    },

    // ── the payout itself (§5, §9) ────────────────────────────────────────────────────────────

    async createPayout(adminId: string, orderItemId: string) {
      // Read outside the claim: the carrier's charge allocation never changes once shipped.
      const { allocatedCents } = await pickupInfo(orderItemId);

      // 1. Claim: with the order item locked, check everything and write the payout as pending.
      const claim = await db.transaction(async (transaction) => {
        const [item] = await transaction.select().from(orderItems).where(eq(orderItems.id, orderItemId)).for('update');
        if (!item) throw notFound(PAYOUT_MESSAGES.itemNotFound);
        if (!(PAYABLE_ITEM_STATUSES as readonly string[]).includes(item.status)) {
          throw badRequest(`Only shipped, delivered or partly refunded items can be paid out (this item is ${item.status.replaceAll('_', ' ')})`);
        }
        const existing = await transaction.query.payouts.findFirst({ where: eq(payouts.orderItemId, item.id) });
        if (existing?.status === 'paid' || item.sellerPaid) throw conflict(PAYOUT_MESSAGES.alreadyPaid);
        const now = clock.now();
        // A claim whose transfer never answered is resumed with the same key after a while, so a
        // transfer that did happen is found again by the provider instead of being made twice.
        if (existing?.status === 'pending') {
          const stale = now.getTime() - existing.updatedAt.getTime() >= STALE_CLAIM_MS || existing.failureReason !== null;
          if (!stale) throw conflict(PAYOUT_MESSAGES.inProgress);
          const [resumed] = await transaction.update(payouts).set({ updatedAt: now, failureReason: null }).where(eq(payouts.id, existing.id)).returning();
          return resumed ?? existing;
        }
        const account = await accountOfSeller(transaction, item.sellerId);
        if (!account) throw badRequest('The seller has not set up a Stripe account yet, so they cannot be paid.');
        if (account.status !== 'complete') {
          throw badRequest(`The seller has not completed Stripe onboarding (account status: ${account.status}), so they cannot be paid yet.`);
        }
        const [dispute] = await transaction
          .select({ id: disputes.id })
          .from(disputes)
          .where(and(eq(disputes.orderItemId, item.id), notInArray(disputes.status, ['resolved_refunded', 'resolved_rejected'])))
          .limit(1);
        if (dispute) throw conflict(PAYOUT_MESSAGES.openDispute, { disputeId: dispute.id });
        // The buyer may get the money back: the seller is paid once the return is settled.
        if (await hasOpenReturn(transaction, item.id)) throw conflict(PAYOUT_MESSAGES.openReturn);
        const category = await transaction.query.categories.findFirst({ where: eq(categories.id, item.categoryId) });
        // The spec's rule on what the buyer kept paying for the line (refunds come out of it first).
        const breakdown = payoutAfterRefunds(
          { unitPriceCents: item.priceCents, quantity: item.quantity, refundedCents: item.refundedCents, commissionRateBasisPoints: category?.commissionRateBasisPoints ?? null, allocatedPickupChargeCents: allocatedCents },
          category?.name,
        );
        // What the seller owes back from refunds after earlier payouts comes off this one (oldest first).
        const pending = await pendingAdjustmentsOf(transaction, item.sellerId, { lock: true });
        const adjusted = applyPayoutAdjustments(breakdown.payoutCents, pending.map((row) => ({ id: row.id, amountCents: row.amountCents })));
        const values = {
          sellerId: item.sellerId,
          accountId: account.accountId,
          status: 'pending' as const,
          itemTotalCents: breakdown.itemTotalCents,
          commissionRateBps: breakdown.commissionRateBasisPoints,
          commissionCents: breakdown.commissionCents,
          pickupChargeCents: breakdown.pickupChargeCents,
          grossCents: breakdown.grossCents,
          feeCents: breakdown.feeCents,
          netCents: adjusted.netCents,
          adjustmentCents: adjusted.adjustmentCents,
          failureReason: null,
          transferId: null,
          description: `Payout for ${item.quantity} × ${item.title} (order #${item.orderId.slice(0, 8)})`,
          createdBy: adminId,
          updatedAt: now,
        };
        let claimed: PayoutRow | undefined;
        if (existing) {
          // A failed payout is retried as the next attempt: a new key, since the provider refused the last.
          [claimed] = await transaction.update(payouts).set({ ...values, attempt: existing.attempt + 1 }).where(eq(payouts.id, existing.id)).returning();
        } else {
          [claimed] = await transaction.insert(payouts).values({ ...values, orderItemId: item.id, attempt: 1, createdAt: now }).returning();
        }
        if (!claimed) throw new HttpError(500, 'Failed to create payout');
        if (adjusted.settledIds.length > 0) {
          await transaction.update(payoutAdjustments).set({ settledByPayoutId: claimed.id, settledAt: now }).where(inArray(payoutAdjustments.id, adjusted.settledIds));
        }
        return claimed;
      });
      // A new or retried claim is a pending payout in the stats' status distribution.
      statsChanged();

      // 2. Transfer, outside any transaction, with the key of this attempt.
      let transferId: string | null = null;
      if (claim.netCents > 0) {
        try {
          const transfer = await connect.transfer({
            accountId: claim.accountId,
            amountCents: claim.netCents,
            currency: 'usd',
            idempotencyKey: `payout-${claim.orderItemId}-attempt-${claim.attempt}`,
            description: claim.description ?? 'Marketplace payout',
            transferGroup: `order-item-${claim.orderItemId}`,
            metadata: { orderItemId: claim.orderItemId, payoutId: claim.id },
          });
          transferId = transfer.id;
          crashPoint('payout-after-transfer');
        } catch (error) {
          const definite = error instanceof ConnectError && !error.retryable;
          const reason = error instanceof Error ? error.message : 'Unknown error';
          // A refusal fails the attempt (the next one gets a new key); an unknown outcome keeps the
          // claim pending with the same key, so a retry finds the transfer if it was made.
          await db.transaction(async (transaction) => {
            await transaction
              .update(payouts)
              .set({ status: definite ? 'failed' : 'pending', failureReason: definite ? reason : `Stripe did not answer: ${reason}`, updatedAt: clock.now() })
              .where(eq(payouts.id, claim.id));
            // A refused transfer deducted nothing: what it would have settled waits for the next payout.
            if (definite) await transaction.update(payoutAdjustments).set({ settledByPayoutId: null, settledAt: null }).where(eq(payoutAdjustments.settledByPayoutId, claim.id));
          });
          statsChanged();
          if (definite) throw new HttpError(400, `Failed to create payout: ${reason}`, { payoutId: claim.id });
          throw new HttpError(502, 'Failed to create payout: Stripe did not answer. The payout is pending; try again to complete it.', { payoutId: claim.id });
        }
      }

      // 3. Record: paid, and the item shows seller_paid.
      const paid = await db.transaction(async (transaction) => {
        const now = clock.now();
        const [row] = await transaction
          .update(payouts)
          .set({ status: 'paid', transferId, failureReason: null, paidAt: now, updatedAt: now })
          .where(eq(payouts.id, claim.id))
          .returning();
        await deps.orderItems.setSellerPaid(transaction, claim.orderItemId, true);
        return row ?? claim;
      });
      statsChanged();
      const [view] = await payoutView(db, [paid]);
      if (!view) throw new HttpError(500, 'Failed to create payout');
      return { success: true as const, message: paid.netCents > 0 ? PAYOUT_MESSAGES.paid : 'Nothing to transfer: the charges cover the item total. Marked as paid.', payout: view };
    },

    // ── the provider's webhooks ───────────────────────────────────────────────────────────────

    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let event: ConnectEvent;
      try {
        event = connect.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(PAYOUT_MESSAGES.invalidSignature);
        throw error;
      }
      let reversed = false;
      const answer = await db.transaction(async (transaction) => {
        const [fresh] = await transaction
          .insert(webhookEvents)
          .values({ id: event.id, provider: connect.name, type: event.type === 'other' ? event.providerType : event.type, receivedAt: clock.now() })
          .onConflictDoNothing({ target: webhookEvents.id })
          .returning();
        if (!fresh) return { received: true as const, duplicate: true };
        const now = clock.now();
        switch (event.type) {
          case 'account.updated': {
            const row = await transaction.query.paymentAccounts.findFirst({ where: eq(paymentAccounts.accountId, event.account.id) });
            if (row) await syncAccount(row, event.account, transaction);
            break;
          }
          case 'transfer.reversed': {
            const payout = await transaction.query.payouts.findFirst({ where: eq(payouts.transferId, event.transferId) });
            if (payout) {
              await transaction.update(payouts).set({ status: 'failed', failureReason: 'The transfer was reversed', updatedAt: now }).where(eq(payouts.id, payout.id));
              await deps.orderItems.setSellerPaid(transaction, payout.orderItemId, false);
              reversed = true;
            }
            break;
          }
          case 'payout.paid':
          case 'payout.failed': {
            if (event.accountId) {
              await transaction
                .update(paymentAccounts)
                .set({ lastPayoutFailure: event.type === 'payout.failed' ? (event.failureMessage ?? 'The payout to the bank failed') : null, updatedAt: now })
                .where(eq(paymentAccounts.accountId, event.accountId));
            }
            break;
          }
          case 'charge.refunded': {
            if (event.paymentIntentId) {
              const payment = await transaction.query.payments.findFirst({ where: eq(payments.providerPaymentId, event.paymentIntentId) });
              if (payment && event.amountRefundedCents > payment.refundedCents) {
                const refunded = Math.min(event.amountRefundedCents, payment.amountCents);
                await transaction
                  .update(payments)
                  .set({ refundedCents: refunded, status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded', updatedAt: now })
                  .where(eq(payments.id, payment.id));
              }
            }
            break;
          }
          case 'charge.dispute.created': {
            if (event.paymentIntentId) await transaction.update(payments).set({ disputedAt: now, updatedAt: now }).where(eq(payments.providerPaymentId, event.paymentIntentId));
            break;
          }
          case 'other':
            break;
        }
        return { received: true as const, duplicate: false };
      });
      // A reversed transfer turns a paid payout into a failed one.
      if (reversed) statsChanged();
      return answer;
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
