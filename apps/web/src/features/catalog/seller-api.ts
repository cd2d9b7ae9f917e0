import { api } from '../../lib/api';
import type {
  CreateProductRequest,
  ProductImage,
  ProductImagesResponse,
  SellerProductDetail,
  SellerProductPage,
  SellerProductsQuery,
  UpdateInventoryRequest,
  UpdateProductRequest,
  UploadLinkResponse,
} from '@marketplace/contracts/catalog';
import type { ListingsImportResponse } from '@marketplace/contracts/listings-csv';

// The seller's listings, stock and photos: only the seller pages import this file, so the shop's
// pages do not download these endpoints (the buyer's side is storefront-api.ts).

/** The photo list answers from the images calls; every change also refreshes the listing and the list (cover). */
function invalidatesListing(id: string) {
  return [{ type: 'SellerProduct' as const, id }, 'SellerProductList' as const, 'SellerDashboard' as const];
}

export const sellerCatalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSellerProducts: build.query<SellerProductPage, SellerProductsQuery>({
      query: (params) => ({ url: '/seller/products', params: withoutEmpty(params) }),
      providesTags: ['SellerProductList'],
    }),
    /** The listing's seller gets it with its draft mark (`isDraft`). */
    getSellerProduct: build.query<SellerProductDetail, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'SellerProduct', id }],
    }),
    createProduct: build.mutation<SellerProductDetail, CreateProductRequest>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: ['SellerProductList', 'SellerDashboard'],
    }),
    updateProduct: build.mutation<SellerProductDetail, { id: string; body: UpdateProductRequest }>({
      query: ({ id, body }) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => invalidatesListing(id),
    }),
    updateInventory: build.mutation<SellerProductDetail, { id: string; body: UpdateInventoryRequest }>({
      query: ({ id, body }) => ({ url: `/seller/products/${encodeURIComponent(id)}/inventory`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => invalidatesListing(id),
    }),
    listProductImages: build.query<ProductImage[], string>({
      query: (id) => `/products/${encodeURIComponent(id)}/images`,
      transformResponse: (response: ProductImagesResponse) => response.images,
      providesTags: (_result, _error, id) => [{ type: 'ProductImages', id }],
    }),
    uploadProductImages: build.mutation<ProductImage[], { id: string; files: File[] }>({
      query: ({ id, files }) => {
        const body = new FormData();
        for (const file of files) body.append('files', file, file.name);
        return { url: `/products/${encodeURIComponent(id)}/images`, method: 'POST', body };
      },
      transformResponse: (response: ProductImagesResponse) => response.images,
      onQueryStarted: (args, lifecycle) => replaceCachedImages(args.id, lifecycle),
      invalidatesTags: (_result, error, { id }) => (error ? [] : invalidatesListing(id)),
    }),
    reorderProductImages: build.mutation<ProductImage[], { id: string; imageIds: string[] }>({
      query: ({ id, imageIds }) => ({ url: `/products/${encodeURIComponent(id)}/images/order`, method: 'PUT', body: { imageIds } }),
      transformResponse: (response: ProductImagesResponse) => response.images,
      onQueryStarted: (args, lifecycle) => replaceCachedImages(args.id, lifecycle),
      invalidatesTags: (_result, error, { id }) => (error ? [] : invalidatesListing(id)),
    }),
    deleteProductImage: build.mutation<ProductImage[], { id: string; imageId: string }>({
      query: ({ id, imageId }) => ({ url: `/products/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, method: 'DELETE' }),
      transformResponse: (response: ProductImagesResponse) => response.images,
      onQueryStarted: (args, lifecycle) => replaceCachedImages(args.id, lifecycle),
      invalidatesTags: (_result, error, { id }) => (error ? [] : invalidatesListing(id)),
    }),
    createUploadLink: build.mutation<UploadLinkResponse, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}/upload-link`, method: 'POST' }),
    }),
    /** The listings' CSV read row by row (docs/product/listings.md "CSV import and export"); a dry run writes nothing. */
    importListingsCsv: build.mutation<ListingsImportResponse, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/seller/products/import', method: 'POST', body, ...(dryRun ? { params: { dryRun: 'true' } } : {}) };
      },
      // What an import wrote shows in the lists and on each listing's pages; a dry run changes nothing.
      invalidatesTags: (result, _error, { dryRun }) => (result && !dryRun ? ['SellerProductList', 'SellerDashboard', 'SellerProduct'] : []),
    }),
  }),
});

/** Every images call answers the whole new list, so the cached list is replaced without a refetch. */
async function replaceCachedImages(
  id: string,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ProductImage[] }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(sellerCatalogApi.util.upsertQueryData('listProductImages', id, data));
  } catch {
    // The page shows the failure; the cached list stays as it was.
  }
}

/** `?q=&status=` would be read as filters; leave out what the seller did not choose. */
function withoutEmpty(params: SellerProductsQuery): Record<string, string | number | boolean> {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== '' && value !== null);
  return Object.fromEntries(entries) as Record<string, string | number | boolean>;
}

export const {
  useListSellerProductsQuery,
  useGetSellerProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useUpdateInventoryMutation,
  useListProductImagesQuery,
  useUploadProductImagesMutation,
  useReorderProductImagesMutation,
  useDeleteProductImageMutation,
  useCreateUploadLinkMutation,
  useImportListingsCsvMutation,
} = sellerCatalogApi;
