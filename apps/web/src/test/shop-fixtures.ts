import type { CartItem, CartResponse } from '@marketplace/contracts/cart';
import type { ShopResponse } from '@marketplace/contracts/shops';
import type {
  AdminProductDetail,
  AdminProductSummary,
  ProductDetail,
  ProductSummary,
  SellerProductDetail,
  SellerProductSummary,
} from '@marketplace/contracts/catalog';
import { jsonResponse, type ApiHandler } from './render-app';

/** Answers by "METHOD /api/path" (query string ignored); anything else is a 404. */
export function apiRoutes(table: Record<string, (request: Request) => Response | Promise<Response>>): ApiHandler {
  return (request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = table[key];
    return handler ? handler(request) : jsonResponse(404, { error: 'Not found' });
  };
}

export const EMPTY_CART: CartResponse = { items: [], products_count: 0, total_price: 0 };
export const EMPTY_WISHLIST = { items: [], items_count: 0, isNew: false };

export function makeProductSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Walnut desk lamp',
    price: 49.5,
    quantity: 12,
    hasVariants: false,
    condition: 'new',
    status: 'active',
    category: { id: 'c1', name: 'Home & Kitchen', slug: 'home-kitchen' },
    seller: { id: 's1', companyName: 'Oak & Ember' },
    image: { url: '/uploads/lamp.jpg', thumbnailUrl: '/uploads/lamp-thumb.jpg' },
    retip: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  };
}

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...makeProductSummary(),
    seller: { id: 's1', companyName: 'Oak & Ember', rating: { average: null, count: 0 }, vacation: null },
    description: 'Hand-finished walnut with a linen shade.',
    weightOunces: 40,
    variations: [],
    variants: [],
    personalization: null,
    shippingProfileId: null,
    images: [
      {
        id: 'i1',
        url: '/uploads/lamp.jpg',
        thumbnailUrl: '/uploads/lamp-thumb.jpg',
        variants: [
          { url: '/uploads/lamp-thumb.jpg', width: 320 },
          { url: '/uploads/lamp.jpg', width: 640 },
        ],
        name: 'lamp.jpg',
        position: 0,
      },
      { id: 'i2', url: '/uploads/lamp-2.jpg', thumbnailUrl: '/uploads/lamp-2-thumb.jpg', variants: [], name: 'lamp-2.jpg', position: 1 },
    ],
    ...overrides,
  };
}

// The seller's and the admin's answers carry the draft mark (docs/product/listings.md); the public ones never do.

/** A row of the seller's own list: a live listing unless told otherwise. */
export function makeSellerProductSummary(overrides: Partial<SellerProductSummary> = {}): SellerProductSummary {
  return { ...makeProductSummary(), isLowStock: false, isDraft: false, ...overrides };
}

/** A listing as its seller gets it (`GET /api/products/:id` asked by them, the answers to their edits). */
export function makeSellerProductDetail(overrides: Partial<SellerProductDetail> = {}): SellerProductDetail {
  return { ...makeProductDetail(), isDraft: false, ...overrides };
}

/** A row of the admin's list of every listing. */
export function makeAdminProductSummary(overrides: Partial<AdminProductSummary> = {}): AdminProductSummary {
  return { ...makeProductSummary(), isDraft: false, ...overrides };
}

/** A listing as an admin gets it (`GET /api/products/:id` asked by one, the answer to hiding or restoring it). */
export function makeAdminProductDetail(overrides: Partial<AdminProductDetail> = {}): AdminProductDetail {
  return { ...makeProductDetail(), isDraft: false, ...overrides };
}

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    product_id: '11111111-1111-4111-8111-111111111111',
    variant_id: null,
    variant_label: null,
    quantity: 1,
    price: 49.5,
    retip_added: false,
    retip_price: 0,
    retipAdded: false,
    retipPrice: 0,
    title: 'Walnut desk lamp',
    image: '/uploads/lamp-thumb.jpg',
    available_quantity: 12,
    retip_label: null,
    retip_offered_price: null,
    price_changed: false,
    previous_price: null,
    seller: { id: 's1', vacation: null, name: 'Oak & Ember' },
    personalization: null,
    personalization_setting: null,
    ...overrides,
  };
}

export function cartOf(items: CartItem[]): CartResponse {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return { items, products_count: items.length, total_price: cents / 100 };
}

/** A shop's public card (GET /api/shops/:sellerId): Oak & Ember, in Oregon, 14-day returns. */
export function makeShop(overrides: Partial<ShopResponse> = {}): ShopResponse {
  return {
    seller: {
      id: '5e11e500-0000-4000-8000-000000000001',
      name: 'Oak & Ember',
      companyName: 'Oak & Ember',
      memberSince: '2025-03-14T12:00:00.000Z',
      shipsFromState: 'OR',
      rating: { average: 4.3, count: 12 },
      handlingDays: 2,
      returnPolicy: { acceptsReturns: true, windowDays: 14, restockingFeePercent: 10 },
      vacation: null,
    },
    listingCount: 2,
    ...overrides,
  };
}
