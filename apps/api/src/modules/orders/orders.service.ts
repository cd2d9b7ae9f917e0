import {
  ORDER_MESSAGES,
  type BuyerOrder,
  type BuyerOrderDetail,
  type BuyerOrderListResponse,
  type OrderItemStatus,
  type SellerDashboardResponse,
  type SellerOrderDetailResponse,
  type SellerOrderItemResponse,
  type SellerOrderListResponse,
} from '@marketplace/contracts/orders';
import { carrierDayOf, onTimeRatePercent, promiseStateOf } from '@marketplace/domain/delivery-dates';
import { LOW_STOCK_THRESHOLD } from '@marketplace/domain/inventory';
import { centsToDollars } from '@marketplace/domain/money';
import { deriveOrderStatus } from '@marketplace/domain/order-status';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DomainEventPublisher } from '../../lib/domain-events';
import { conflict, notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import type { PaymentProvider } from '../../providers/payment/port';
import { findCoverImageKeys } from '../catalog';
import { fullNameOf } from '../users';
import { createBuyerOrderDetails, type BuyerOrderDetailSources } from './buyer-order-details';
import { findShopPartsOfOrder } from './buyer-order-details.repository';
import { countDeliveredParts } from './late-deliveries.repository';
import { createLateDeliveries, type LateDeliveries } from './late-deliveries.service';
import { createOrderItemLifecycle, type OrderItemLifecycle } from './order-item-lifecycle';
import type { ParcelTrackingOf } from './order-facts';
import { shippingAddressOfOrder } from './order-lines.repository';
import { findGiftsOfOrders, findShopName, type OrderGiftRecord } from './order-gifts.repository';
import { shippingSharesOf } from '@marketplace/domain/item-paid';
import {
  countSellerOpenOrders,
  findBuyerContact,
  findBuyerOrder,
  findBuyerOrders,
  findItemsOfOrders,
  findOrderById,
  findSellerDailySales,
  findSellerItemsOfOrders,
  findSellerLowStock,
  findSellerOrderItem,
  findSellerOrders,
  lockOrder,
  lockSellerOrderItem,
  setOrderItemShippedWith,
  type OrderItemRecord,
  type OrderRecord,
  type Page,
} from './orders.repository';

export interface OrdersServiceDependencies extends BuyerOrderDetailSources {
  db: Database;
  files: FileStore;
  clock: Clock;
  payments: PaymentProvider;
  /** Where item moves, refunds and restocked listings are published (order-item-lifecycle.ts). */
  events: DomainEventPublisher;
  /** The parcel each item travels in, which the shipping module (above orders) keeps: the news of a shipped or delivered item names it. */
  parcelTrackingOf: ParcelTrackingOf;
}

export interface CancelSelection {
  orderItemIds?: readonly string[] | undefined;
  sellerId?: string | undefined;
}

/** The items a cancellation names: all of the order's, the ones listed (each must be the order's) or one shop's. */
function chosenForCancellation(items: readonly OrderItemRecord[], selection: CancelSelection): OrderItemRecord[] {
  if (selection.orderItemIds) {
    const byId = new Map(items.map((item) => [item.id, item]));
    return [...new Set(selection.orderItemIds)].map((id) => {
      const item = byId.get(id);
      if (!item) throw notFound(ORDER_MESSAGES.itemNotFound);
      return item;
    });
  }
  if (selection.sellerId) {
    const ofShop = items.filter((item) => item.sellerId === selection.sellerId);
    if (ofShop.length === 0) throw notFound('This order has nothing from that shop');
    return ofShop;
  }
  return [...items];
}

export type SellerItemUpdate = {
  status: 'approved' | 'rejected' | 'shipped' | 'delivered' | 'completed';
  reason?: string | undefined;
  /** `shipped` without a marketplace label: the carrier the seller names, and its tracking number. */
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
};

/** Every change of an order item goes through these (order-item-lifecycle.ts). */
export type OrdersService = OrdersQueries & Omit<OrderItemLifecycle, never> & LateDeliveries;

interface OrdersQueries {
  listBuyerOrders(buyerId: string, page: Page): Promise<BuyerOrderListResponse>;
  getBuyerOrder(buyerId: string, orderId: string): Promise<BuyerOrderDetail>;
  /** Only while every item is pending: items cancelled, each refunded once, stock restored. */
  /** The whole order, or the items or the one shop's part named (docs/product/orders.md "Cancelling"). */
  cancelBuyerOrder(buyerId: string, orderId: string, selection?: CancelSelection): Promise<BuyerOrderDetail>;
  listSellerOrders(sellerId: string, filters: Page & { status?: OrderItemStatus | undefined }): Promise<SellerOrderListResponse>;
  getSellerOrder(sellerId: string, orderId: string): Promise<SellerOrderDetailResponse>;
  getSellerOrderItem(sellerId: string, orderItemId: string): Promise<SellerOrderItemResponse>;
  updateSellerOrderItem(sellerId: string, orderItemId: string, update: SellerItemUpdate): Promise<SellerOrderItemResponse>;
  getSellerDashboard(sellerId: string): Promise<SellerDashboardResponse>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DASHBOARD_DAYS = 30;
/** The seller's on-time rate counts the parts delivered in the last 90 days. */
const ON_TIME_DAYS = 90;
const DASHBOARD_LOW_STOCK_ROWS = 10;

const lineTotalCents = (item: OrderItemRecord) => item.priceCents * item.quantity;
/** Looks up the gift of a shop's part of an order (its message) among `gifts`; null when that part is not a gift. */
function giftsByShop(gifts: readonly OrderGiftRecord[]) {
  const messages = new Map(gifts.map((gift) => [`${gift.orderId}:${gift.sellerId}`, gift.message]));
  return (orderId: string, sellerId: string) => {
    const message = messages.get(`${orderId}:${sellerId}`);
    return message === undefined ? null : { message };
  };
}

const retipCentsOf = (item: OrderItemRecord) => (item.retipAdded ? item.retipPriceCents : 0);

function pagination(page: number, limit: number, totalItems: number) {
  return { page, totalPages: Math.max(1, Math.ceil(totalItems / limit)), totalItems };
}

function itemsPreviewOf(titles: readonly string[]): string {
  // docs/product/limits.md: names show 2 then '+N more'.
  const shown = titles.slice(0, 2).join(', ');
  return titles.length > 2 ? `${shown} +${titles.length - 2} more` : shown;
}

export function createOrdersService({ db, files, clock, payments, events, parcelTrackingOf, trackingOf, returnsOf }: OrdersServiceDependencies): OrdersService {
  const lifecycle = createOrderItemLifecycle({ db, clock, payments, events, parcelTrackingOf });
  // A late parcel refunds its shop's shipping, through the lifecycle's refunds.
  const lateDeliveries = createLateDeliveries({ db, clock, events, refundOrderItem: lifecycle.refundOrderItem });
  async function imagesOf(executor: Executor, items: readonly OrderItemRecord[]) {
    const covers = await findCoverImageKeys(
      executor,
      items.map((item) => item.productId),
    );
    return (item: OrderItemRecord) => {
      const key = covers.get(item.productId);
      return key ? files.urlFor(key) : null;
    };
  }

  async function toBuyerOrders(orderRows: readonly OrderRecord[]): Promise<Array<BuyerOrder & { order: OrderRecord }>> {
    const items = await findItemsOfOrders(
      db,
      orderRows.map((order) => order.id),
    );
    const imageOf = await imagesOf(db, items);
    const giftOf = giftsByShop(
      await findGiftsOfOrders(
        db,
        orderRows.map((order) => order.id),
      ),
    );
    return orderRows.map((order) => ({
      order,
      id: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      itemsTotal: centsToDollars(order.itemsTotalCents),
      shipping: centsToDollars(order.shippingCents),
      retipTotal: centsToDollars(order.retipTotalCents),
      total: centsToDollars(order.totalCents),
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          id: item.id,
          productId: item.productId,
          title: item.title,
          variantLabel: item.variantLabel,
          personalization: item.personalization,
          gift: giftOf(item.orderId, item.sellerId),
          image: imageOf(item),
          price: centsToDollars(item.priceCents),
          quantity: item.quantity,
          retipAdded: item.retipAdded,
          retipPrice: centsToDollars(retipCentsOf(item)),
          status: item.status,
          rejectionReason: item.rejectionReason,
        })),
    }));
  }

  // Tracking, timeline, refunds and returns of each item (buyer-order-details.ts).
  const completeBuyerOrderDetail = createBuyerOrderDetails({ db, trackingOf, returnsOf });

  async function buyerOrderDetail(order: OrderRecord): Promise<BuyerOrderDetail> {
    const [view] = await toBuyerOrders([order]);
    if (!view) throw notFound(ORDER_MESSAGES.orderNotFound);
    const { order: _order, ...dto } = view;
    return completeBuyerOrderDetail(order, {
      ...dto,
      shippingAddress: {
        name: order.shippingName,
        line1: order.shippingLine1,
        line2: order.shippingLine2,
        city: order.shippingCity,
        state: order.shippingState,
        postal_code: order.shippingPostalCode,
        country: order.shippingCountry,
      },
    });
  }

  /** The labels' parcels of the items, for the seller's views (an item without one was not shipped with a label). */
  async function parcelsOf(items: readonly OrderItemRecord[]) {
    return items.length === 0
      ? new Map()
      : parcelTrackingOf(
          db,
          items.map((item) => item.id),
        );
  }

  function toSellerItem(
    item: OrderItemRecord,
    imageOf: (item: OrderItemRecord) => string | null,
    parcels: ReadonlyMap<string, { carrier: string; trackingNumber: string }>,
  ) {
    const parcel = parcels.get(item.id);
    return {
      orderItemId: item.id,
      itemTitle: item.title,
      variantLabel: item.variantLabel,
      personalization: item.personalization,
      image: imageOf(item),
      quantity: item.quantity,
      price: centsToDollars(item.priceCents),
      itemTotal: centsToDollars(lineTotalCents(item) + retipCentsOf(item)),
      retipAdded: item.retipAdded,
      retipPrice: centsToDollars(retipCentsOf(item)),
      orderStatus: item.status,
      rejectionReason: item.rejectionReason,
      refunded_cents: item.refundedCents,
      refunded: centsToDollars(item.refundedCents),
      parcel: parcel ? { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber } : null,
      shippedAnotherWay: item.shippedWith ? { carrier: item.shippedWith, trackingNumber: item.shippedTrackingNumber } : null,
    };
  }

  /** The order's address as a seller sees it: without the buyer's phone and e-mail. */
  function sellerAddressOf(order: OrderRecord) {
    const { phone: _phone, email: _email, ...address } = shippingAddressOfOrder(order);
    return address;
  }

  async function sellerItemResponse(sellerId: string, orderItemId: string): Promise<SellerOrderItemResponse> {
    const item = await findSellerOrderItem(db, sellerId, orderItemId);
    if (!item) throw notFound(ORDER_MESSAGES.itemNotFound);
    const order = await findOrderById(db, item.orderId);
    const buyer = order ? await findBuyerContact(db, order.buyerId) : null;
    if (!order || !buyer) throw notFound(ORDER_MESSAGES.itemNotFound);
    const imageOf = await imagesOf(db, [item]);
    const giftOf = giftsByShop(await findGiftsOfOrders(db, [order.id]));
    const parcels = await parcelsOf([item]);
    return {
      success: true,
      data: {
        ...toSellerItem(item, imageOf, parcels),
        gift: giftOf(order.id, sellerId),
        orderId: order.id,
        orderCreatedAt: order.createdAt.toISOString(),
        buyer: { fullName: fullNameOf(buyer), email: buyer.email },
        shippingAddress: sellerAddressOf(order),
      },
    };
  }

  return {
    ...lifecycle,
    ...lateDeliveries,

    async listBuyerOrders(buyerId, { page, limit }) {
      const { rows, total } = await findBuyerOrders(db, buyerId, { page, limit });
      const views = await toBuyerOrders(rows);
      return { orders: views.map(({ order: _order, ...dto }) => dto), pagination: pagination(page, limit, total) };
    },

    async getBuyerOrder(buyerId, orderId) {
      const order = await findBuyerOrder(db, buyerId, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      return buyerOrderDetail(order);
    },

    async cancelBuyerOrder(buyerId, orderId, selection = {}) {
      const order = await findBuyerOrder(db, buyerId, orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      const items = await findItemsOfOrders(db, [order.id]);
      const chosen = chosenForCancellation(items, selection);
      if (chosen.every((item) => item.status === 'cancelled')) {
        throw conflict(selection.orderItemIds || selection.sellerId ? ORDER_MESSAGES.nothingToCancel : 'This order is already cancelled');
      }
      // Items already cancelled by an earlier try that stopped half-way are finished, not refused.
      const acted = chosen.find((item) => item.status !== 'pending' && item.status !== 'cancelled');
      if (acted) throw conflict(selection.orderItemIds || selection.sellerId ? ORDER_MESSAGES.itemCannotCancel(acted.title) : ORDER_MESSAGES.cannotCancel);
      for (const item of chosen) {
        if (item.status === 'cancelled') continue;
        await lifecycle.refundOrderItem({
          orderItemId: item.id,
          amountCents: 'rest',
          refundKey: `cancellation:${item.id}`,
          reason: 'Cancelled by the buyer',
          actor: 'buyer',
          closeAs: { status: 'cancelled' },
        });
      }
      const after = await findBuyerOrder(db, buyerId, orderId);
      if (!after) throw notFound(ORDER_MESSAGES.orderNotFound);
      return buyerOrderDetail(after);
    },

    async listSellerOrders(sellerId, { page, limit, status }) {
      const { rows, total } = await findSellerOrders(db, sellerId, { page, limit, ...(status ? { status } : {}) });
      const items = await findSellerItemsOfOrders(
        db,
        sellerId,
        rows.map((row) => row.id),
        status,
      );
      return {
        success: true,
        data: {
          orders: rows.map((row) => ({
            orderId: row.id,
            orderCreatedAt: row.createdAt.toISOString(),
            buyer: { fullName: `${row.buyerFirstName} ${row.buyerLastName}`.trim() },
            items: items
              .filter((item) => item.orderId === row.id)
              .map((item) => ({
                orderItemId: item.id,
                itemTitle: item.title,
                variantLabel: item.variantLabel,
                quantity: item.quantity,
                price: centsToDollars(item.priceCents),
                orderStatus: item.status,
              })),
          })),
          pagination: pagination(page, limit, total),
        },
      };
    },

    async getSellerOrder(sellerId, orderId) {
      const order = await findOrderById(db, orderId);
      const allItems = order ? await findItemsOfOrders(db, [order.id]) : [];
      const items = allItems.filter((item) => item.sellerId === sellerId);
      // An order with none of the seller's items is answered as missing.
      if (!order || items.length === 0) throw notFound(ORDER_MESSAGES.orderNotFound);
      const buyer = await findBuyerContact(db, order.buyerId);
      if (!buyer) throw notFound(ORDER_MESSAGES.orderNotFound);
      const shares = shippingSharesOf(order, allItems);
      const itemsTotalCents = items.reduce((total, item) => total + lineTotalCents(item), 0);
      const retipTotalCents = items.reduce((total, item) => total + retipCentsOf(item), 0);
      const shippingCents = items.reduce((total, item) => total + (shares.get(item.id) ?? 0), 0);
      const imageOf = await imagesOf(db, items);
      const parcels = await parcelsOf(items);
      const giftOf = giftsByShop(await findGiftsOfOrders(db, [order.id]));
      const shopName = (await findShopName(db, sellerId)) ?? '';
      const part = (await findShopPartsOfOrder(db, order.id)).find((candidate) => candidate.sellerId === sellerId);
      return {
        success: true,
        data: {
          orderId: order.id,
          gift: giftOf(order.id, sellerId),
          shopName,
          promise: part
            ? {
                shipBy: part.shipBy,
                arrivesBy: { earliest: part.arrivesEarliest, latest: part.arrivesLatest },
                state: promiseStateOf(part),
                deliveredOn: part.deliveredOn,
                lateRefund:
                  part.lateRefundCents && part.lateRefundPaidBy ? { amount: centsToDollars(part.lateRefundCents), paidBy: part.lateRefundPaidBy } : null,
              }
            : null,
          orderCreatedAt: order.createdAt.toISOString(),
          status: { itemsOrderStatus: deriveOrderStatus(items.map((item) => ({ status: item.status, delivered: item.deliveredAt !== null }))) },
          itemsSummary: {
            totalItemsCount: items.reduce((total, item) => total + item.quantity, 0),
            itemsPreview: itemsPreviewOf(items.map((item) => item.title)),
          },
          amounts: {
            orderTotal: centsToDollars(itemsTotalCents + shippingCents + retipTotalCents),
            itemsTotal: centsToDollars(itemsTotalCents),
            proportionalShipping: centsToDollars(shippingCents),
            retipTotal: centsToDollars(retipTotalCents),
          },
          buyer: { fullName: fullNameOf(buyer), email: buyer.email },
          shippingInfo: { shippingAddress: sellerAddressOf(order) },
          items: items.map((item) => toSellerItem(item, imageOf, parcels)),
        },
      };
    },

    getSellerOrderItem: sellerItemResponse,

    async updateSellerOrderItem(sellerId, orderItemId, update) {
      const item = await findSellerOrderItem(db, sellerId, orderItemId);
      if (!item) throw notFound(ORDER_MESSAGES.itemNotFound);
      // A second rejection is refused like any other move from a final state (a retry after the provider
      // did not answer finds the item still pending and finishes the same refund).
      if (item.status === 'rejected') throw conflict(ORDER_MESSAGES.transitionNotAllowed('rejected', update.status));
      if (update.status === 'rejected') {
        await lifecycle.refundOrderItem({
          orderItemId,
          amountCents: 'rest',
          refundKey: `rejection:${orderItemId}`,
          reason: update.reason?.trim() || null,
          actor: 'seller',
          closeAs: { status: 'rejected', rejectionReason: update.reason?.trim() || null },
        });
      } else {
        await db.transaction(async (transaction) => {
          // The order first, then the item: the same lock order as every other change, so none deadlock.
          await lockOrder(transaction, item.orderId);
          const locked = await lockSellerOrderItem(transaction, sellerId, orderItemId);
          if (!locked) throw notFound(ORDER_MESSAGES.itemNotFound);
          // Delivery is what the carrier says: a parcel it tracks is delivered by its scan, never by hand.
          if (update.status === 'delivered') {
            const parcel = (await parcelTrackingOf(transaction, [orderItemId])).get(orderItemId);
            if (parcel)
              throw conflict(ORDER_MESSAGES.carrierTracksParcel(parcel.carrier, parcel.trackingNumber), {
                code: 'carrier_tracks_parcel',
                trackingNumber: parcel.trackingNumber,
              });
          }
          await lifecycle.transitionItems(transaction, { orderItemIds: [orderItemId], to: update.status, actor: 'seller' });
          // Sent without a label: what the seller says it went with (no carrier tracks it here).
          if (update.status === 'shipped' && update.carrier) {
            await setOrderItemShippedWith(transaction, orderItemId, update.carrier, update.trackingNumber || null, clock.now());
          }
        });
      }
      return sellerItemResponse(sellerId, orderItemId);
    },

    async getSellerDashboard(sellerId) {
      const now = clock.now();
      const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const from = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
      const [daily, openOrders, lowStock, delivered] = await Promise.all([
        findSellerDailySales(db, sellerId, from),
        countSellerOpenOrders(db, sellerId),
        findSellerLowStock(db, sellerId, LOW_STOCK_THRESHOLD, DASHBOARD_LOW_STOCK_ROWS),
        countDeliveredParts(db, sellerId, carrierDayOf(new Date(now.getTime() - ON_TIME_DAYS * DAY_MS))),
      ]);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10));
      const today = byDay.get(days[days.length - 1] ?? '');
      return {
        today: { sales: centsToDollars(today?.salesCents ?? 0), orders: today?.orders ?? 0 },
        last30Days: {
          sales: centsToDollars(daily.reduce((total, row) => total + row.salesCents, 0)),
          // An order has one creation day, so the days' distinct counts add up to the period's.
          orders: daily.reduce((total, row) => total + row.orders, 0),
          daily: days.map((date) => ({ date, sales: centsToDollars(byDay.get(date)?.salesCents ?? 0) })),
        },
        openOrders,
        lowStock,
        onTimeDelivery: { days: ON_TIME_DAYS, ...delivered, ratePercent: onTimeRatePercent(delivered.delivered, delivered.onTime) },
      };
    },
  };
}
