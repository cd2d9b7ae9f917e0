import type { DisputeCase, DisputeSummary } from '@marketplace/contracts/disputes';
import { jsonResponse, type ApiHandler } from '../../../test/render-app';

export const DISPUTE_ID = 'd1d1d1d1-0000-4000-8000-000000000001';
export const ORDER_ID = '0a0a0a0a-1111-4111-8111-000000000001';
export const ITEM_ID = '1b1b1b1b-2222-4222-8222-000000000001';

const buyer = { id: 'user-buyer', name: 'Bea Tester', email: 'buyer@example.com', companyName: null };
const seller = { id: 'user-seller', name: 'Sam Tester', email: 'seller@example.com', companyName: 'Sam’s Supplies' };

export function summary(overrides: Partial<DisputeSummary> = {}): DisputeSummary {
  return {
    id: DISPUTE_ID,
    status: 'open',
    reason: 'damaged',
    orderId: ORDER_ID,
    orderItemId: ITEM_ID,
    itemTitle: 'Desk lamp',
    refundable: 45.99,
    alreadyRefunded: 0,
    refundableNow: 45.99,
    refund: null,
    buyer,
    seller,
    createdAt: '2025-03-03T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function disputeCase(overrides: Partial<DisputeCase> = {}): DisputeCase {
  return {
    ...summary(),
    description: 'The lamp arrived with a cracked shade.',
    photos: [{ id: 'p1', url: '/uploads/disputes/crack.webp', thumbnailUrl: '/uploads/disputes/crack-thumb.webp', name: 'crack.jpg' }],
    sellerResponse: null,
    sellerOffer: null,
    resolutionNote: null,
    item: { title: 'Desk lamp', quantity: 2, price: 20, status: 'delivered', image: null },
    order: { id: ORDER_ID, createdAt: '2025-03-01T10:00:00.000Z', status: 'shipped', total: 45.99 },
    shipment: {
      id: 's1',
      status: 'delivered',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'ups',
      events: [
        { status: 'in_transit', description: 'Departed facility', occurredAt: '2025-03-02T08:00:00.000Z', location: 'Austin, TX' },
        { status: 'delivered', description: 'Left at front door', occurredAt: '2025-03-03T08:00:00.000Z', location: null },
      ],
    },
    messages: [
      { id: 'm1', senderId: 'user-buyer', content: 'Is the shade replaceable?', createdAt: '2025-03-03T09:00:00.000Z' },
      { id: 'm2', senderId: 'user-seller', content: 'Sorry, it is not.', createdAt: '2025-03-03T09:30:00.000Z' },
    ],
    timeline: [
      {
        id: 'e1',
        type: 'opened',
        actor: { id: 'user-buyer', name: 'Bea Tester', role: 'buyer' },
        note: null,
        amount: null,
        createdAt: '2025-03-03T10:00:00.000Z',
      },
    ],
    adjustment: null,
    actions: { respond: false, escalate: false, review: false, resolve: false, acceptOffer: false, declineOffer: false },
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  form: FormData | null;
}

type Route = (call: Call) => Response | undefined;

/** A fake disputes API that records every request; `routes` answer first, then the defaults. */
export function disputesServer(calls: Call[], options: { list?: DisputeSummary[]; dispute?: DisputeCase; routes?: Route[] } = {}): ApiHandler {
  return async (request) => {
    const url = new URL(request.url);
    const contentType = request.headers.get('content-type') ?? '';
    let body: unknown = null;
    let form: FormData | null = null;
    if (request.method !== 'GET') {
      if (contentType.startsWith('multipart/form-data')) form = await request.formData();
      else {
        const text = await request.text();
        body = text ? JSON.parse(text) : null;
      }
    }
    const call: Call = { method: request.method, path: url.pathname, search: url.searchParams, body, form };
    calls.push(call);
    for (const route of options.routes ?? []) {
      const answer = route(call);
      if (answer) return answer;
    }
    if (call.method === 'GET' && call.path === '/api/disputes') {
      const list = options.list ?? [];
      return jsonResponse(200, {
        success: true,
        disputes: list,
        pagination: { page: Number(url.searchParams.get('page') ?? 1), limit: 10, totalPages: list.length > 0 ? 1 : 0, totalItems: list.length },
      });
    }
    if (call.method === 'GET' && call.path === `/api/disputes/${DISPUTE_ID}` && options.dispute)
      return jsonResponse(200, { success: true, dispute: options.dispute });
    return jsonResponse(404, { error: 'Not found' });
  };
}
