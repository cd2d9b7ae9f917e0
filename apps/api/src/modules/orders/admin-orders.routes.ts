import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailResponseSchema,
  adminOrderItemsQuerySchema,
  adminOrderItemsResponseSchema,
  adminOrderParamsSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
} from '@marketplace/contracts/admin-orders';
import { errorResponseSchema } from '@marketplace/contracts/common';
import { only } from '../../plugins/route-access';
import type { AdminOrdersService } from './admin-orders.service';

/** The admin's order pages, under /api/admin (admins only). */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ adminOrders: AdminOrdersService }> = async (app, { adminOrders }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['admin'];
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/orders',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: 'All orders, newest first: filter by status; search by order id, buyer name or email',
        security,
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => adminOrders.listOrders(request.query),
  );

  app.get(
    '/orders/:orderId',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: 'One order with its buyer, shipping address, amounts, payment and every seller’s items',
        security,
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => adminOrders.findOrder(request.params.orderId),
  );

  app.get(
    '/order-items',
    {
      config: { access: only('admin') },
      schema: {
        tags,
        summary: 'Rejected or refunded order items, most recently changed first',
        security,
        querystring: adminOrderItemsQuerySchema,
        response: { 200: adminOrderItemsResponseSchema, ...errors },
      },
    },
    async (request) => adminOrders.listOrderItems(request.query),
  );
};
