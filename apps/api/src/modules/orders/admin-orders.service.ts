import type { AdminOrderDetailResponse, AdminOrderItemsResponse, AdminOrdersResponse, AdminOrderSummary } from '@marketplace/contracts/admin-orders';
import { centsToDollars } from '@marketplace/domain/money';
import { totalPagesFor } from '@marketplace/domain/pagination-window';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { FileStore } from '../../providers/files/port';
import { fullNameOf } from '../users';
import { findAdminOrder, findAdminOrderItems, findAdminOrderItemsPage, findAdminOrdersPage, findPaymentOfOrder } from './admin-orders.repository';

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

type OrderStatus = AdminOrderSummary['status'];

export interface AdminOrdersService {
  listOrders(query: { status?: OrderStatus | undefined; q?: string | undefined; page: number; limit: number }): Promise<AdminOrdersResponse>;
  findOrder(orderId: string): Promise<AdminOrderDetailResponse>;
  listOrderItems(query: { status: 'rejected' | 'refunded'; page: number; limit: number }): Promise<AdminOrderItemsResponse>;
}

const pagination = (page: number, limit: number, total: number) => ({ page, limit, totalPages: totalPagesFor(total, limit), totalItems: total });

const nullableDollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

function toOrderSummary(row: Awaited<ReturnType<typeof findAdminOrdersPage>>['rows'][number]): AdminOrderSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    buyer: { id: row.buyerId, fullName: fullNameOf({ firstName: row.buyerFirstName, lastName: row.buyerLastName }), email: row.buyerEmail },
    itemsCount: row.itemsCount,
    total: centsToDollars(row.totalCents),
  };
}

export function createAdminOrdersService(deps: { db: Database; files: FileStore }): AdminOrdersService {
  return {
    async listOrders(query) {
      const { rows, total } = await findAdminOrdersPage(deps.db, {
        status: query.status,
        q: query.q || undefined,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { orders: rows.map(toOrderSummary), pagination: pagination(query.page, query.limit, total) };
    },

    async findOrder(orderId) {
      const order = await findAdminOrder(deps.db, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      const [items, payment] = await Promise.all([findAdminOrderItems(deps.db, orderId), findPaymentOfOrder(deps.db, orderId)]);
      const refundedCents = items.reduce((sum, item) => sum + (item.refundedCents ?? 0), 0);
      return {
        order: {
          ...toOrderSummary(order),
          shippingAddress: {
            name: order.shippingName,
            line1: order.shippingLine1,
            line2: order.shippingLine2 ?? null,
            city: order.shippingCity,
            state: order.shippingState,
            postal_code: order.shippingPostalCode,
            country: order.shippingCountry,
            email: order.shippingEmail ?? null,
            phone: order.shippingPhone ?? null,
          },
          amounts: {
            itemsTotal: centsToDollars(order.itemsTotalCents),
            shipping: centsToDollars(order.shippingCents),
            retipTotal: centsToDollars(order.retipTotalCents),
            total: centsToDollars(order.totalCents),
            refunded: centsToDollars(refundedCents),
          },
          payment: payment
            ? {
                provider: payment.provider,
                status: payment.status,
                amount: centsToDollars(payment.amountCents),
                refunded: centsToDollars(payment.refundedCents),
                cardBrand: payment.cardBrand ?? null,
                cardLast4: payment.cardLast4 ?? null,
              }
            : null,
        },
        items: items.map((item) => ({
          id: item.id,
          productId: item.productId,
          title: item.title,
          image: item.coverKey ? deps.files.urlFor(item.coverKey) : null,
          seller: {
            id: item.sellerId,
            fullName: fullNameOf({ firstName: item.sellerFirstName, lastName: item.sellerLastName }),
            companyName: item.sellerCompanyName ?? null,
          },
          quantity: item.quantity,
          price: centsToDollars(item.priceCents),
          retipAdded: item.retipAdded,
          retipPrice: centsToDollars(item.retipAdded ? item.retipPriceCents : 0),
          total: centsToDollars(item.totalCents),
          status: item.status,
          rejectionReason: item.rejectionReason ?? null,
          sellerPaid: item.sellerPaid,
          refundedAmount: nullableDollars(item.refundedCents),
        })),
      };
    },

    async listOrderItems(query) {
      const { rows, total } = await findAdminOrderItemsPage(deps.db, { status: query.status, limit: query.limit, offset: (query.page - 1) * query.limit });
      return {
        items: rows.map((row) => ({
          id: row.id,
          orderId: row.orderId,
          title: row.title,
          quantity: row.quantity,
          price: centsToDollars(row.priceCents),
          total: centsToDollars(row.totalCents),
          status: row.status,
          rejectionReason: row.rejectionReason ?? null,
          updatedAt: row.updatedAt.toISOString(),
          refundedAmount: nullableDollars(row.refundedCents),
          buyer: { id: row.buyerId, fullName: fullNameOf({ firstName: row.buyerFirstName, lastName: row.buyerLastName }), email: row.buyerEmail },
          seller: {
            id: row.sellerId,
            fullName: fullNameOf({ firstName: row.sellerFirstName, lastName: row.sellerLastName }),
            companyName: row.sellerCompanyName ?? null,
          },
        })),
        pagination: pagination(query.page, query.limit, total),
      };
    },
  };
}
