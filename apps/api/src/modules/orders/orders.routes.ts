import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@marketplace/contracts/common';
import {
  buyerOrderDetailSchema,
  cancelOrderRequestSchema,
  buyerOrderListResponseSchema,
  orderListQuerySchema,
  orderParamsSchema,
  sellerDashboardResponseSchema,
  sellerOrderDetailResponseSchema,
  sellerOrderItemParamsSchema,
  sellerOrderItemResponseSchema,
  sellerOrderListQuerySchema,
  sellerOrderListResponseSchema,
  sellerOrderParamsSchema,
  updateSellerOrderItemRequestSchema,
} from '@marketplace/contracts/orders';
import { userOf } from '../../plugins/authentication';
import { only } from '../../plugins/route-access';
import type { OrdersService } from './orders.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's own orders, under /api/orders. */
export const buyerOrderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const common = { tags: ['orders'], security: [{ bearerAuth: [] }] };
  // The buyer area is every role but seller (docs/product/roles.md); a seller's orders are under /api/seller.
  const buyerArea = only('buyer', 'admin');
  const buyerErrors = { ...errors, 403: errorResponseSchema };

  app.get(
    '/',
    {
      config: { access: buyerArea },
      schema: {
        ...common,
        summary: 'My orders, newest first',
        querystring: orderListQuerySchema,
        response: { 200: buyerOrderListResponseSchema, ...buyerErrors },
      },
    },
    async (request) => orders.listBuyerOrders(userOf(request).id, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: buyerArea },
      schema: { ...common, summary: 'One of my orders', params: orderParamsSchema, response: { 200: buyerOrderDetailSchema, ...buyerErrors } },
    },
    async (request) => orders.getBuyerOrder(userOf(request).id, request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: buyerArea },
      schema: {
        ...common,
        summary: "Cancel my order, some of its items or one shop's part, while they wait for their sellers (refunds them and restores stock)",
        params: orderParamsSchema,
        body: cancelOrderRequestSchema,
        response: { 200: buyerOrderDetailSchema, ...buyerErrors, 409: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request) => orders.cancelBuyerOrder(userOf(request).id, request.params.id, request.body ?? {}),
  );
};

/** A seller's side of orders (only their items), under /api/seller. */
export const sellerOrderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const common = { tags: ['seller orders'], security: [{ bearerAuth: [] }] };
  const withForbidden = { ...errors, 403: errorResponseSchema };

  app.get(
    '/orders',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "Orders with the seller's items (optionally only items in one status)",
        querystring: sellerOrderListQuerySchema,
        response: { 200: sellerOrderListResponseSchema, ...withForbidden },
      },
    },
    async (request) => orders.listSellerOrders(userOf(request).id, request.query),
  );

  app.get(
    '/orders/:orderId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "One order, with only the seller's items and their share of it",
        params: sellerOrderParamsSchema,
        response: { 200: sellerOrderDetailResponseSchema, ...withForbidden },
      },
    },
    async (request) => orders.getSellerOrder(userOf(request).id, request.params.orderId),
  );

  app.get(
    '/order-items/:orderItemId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: "One of the seller's order items",
        params: sellerOrderItemParamsSchema,
        response: { 200: sellerOrderItemResponseSchema, ...withForbidden },
      },
    },
    async (request) => orders.getSellerOrderItem(userOf(request).id, request.params.orderItemId),
  );

  app.patch(
    '/order-items/:orderItemId',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Approve or reject (refunds once, restores stock) a pending item; mark a shipped item delivered, a delivered one completed',
        params: sellerOrderItemParamsSchema,
        body: updateSellerOrderItemRequestSchema,
        response: { 200: sellerOrderItemResponseSchema, ...withForbidden, 409: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request) => orders.updateSellerOrderItem(userOf(request).id, request.params.orderItemId, request.body),
  );

  app.get(
    '/dashboard',
    {
      config: { access: only('seller') },
      schema: {
        ...common,
        summary: 'Sales today and over 30 days, open orders, low stock',
        response: { 200: sellerDashboardResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => orders.getSellerDashboard(userOf(request).id),
  );
};
