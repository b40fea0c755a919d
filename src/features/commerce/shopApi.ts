/**
 * The shop's calls (SPEC §7 "Logbooks, commerce, issues"; docs/api.md "Shop and logbooks"), online
 * only: what is for sale, prices and orders are the server's. RTK Query, never persisted; the
 * device's own cart is cartStore.ts. Tags make the merchant lists refetch after a save.
 */
import type { CodeBatchesResponse } from '@contract/logbooks';
import type {
  CartLineInput,
  CartResponse,
  Discount,
  DiscountInput,
  DiscountsResponse,
  MerchantOrderResponse,
  MerchantOrdersQuery,
  MerchantOrdersResponse,
  RefundRequest,
  OrderResponse,
  OrdersResponse,
  PaymentRequest,
  PlayBillingRequest,
  PaymentResponse,
  ProductInput,
  ProductResponse,
  ProductsResponse,
  UploadSlotResponse,
} from '@contract/shop';
import { api } from '../../api/api';
import { defaultApiBaseUrl } from '../../app/apiDefaults';

export interface DiscountCheckResponse {
  status: 'success';
  discount: Discount;
  discount_minor: number | null;
}

const productPath = (id: string) => `merchant/products/${encodeURIComponent(id)}`;

const tagged = api.enhanceEndpoints({
  addTagTypes: ['ShopProduct', 'ShopOrder', 'ShopDiscount', 'ShopCodeBatch'],
});

export const shopApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<ProductsResponse, { showHidden: boolean }>({
      query: ({ showHidden }) => ({
        path: 'merchant/products',
        payload: showHidden ? { show_hidden: true } : undefined,
      }),
      providesTags: ['ShopProduct'],
    }),
    getProduct: build.query<ProductResponse, string>({
      query: (id) => ({ path: productPath(id), payload: { complete: true } }),
      providesTags: ['ShopProduct'],
    }),
    createProduct: build.mutation<ProductResponse, ProductInput>({
      query: (input) => ({ method: 'POST', path: 'merchant/products', payload: { ...input } }),
      invalidatesTags: ['ShopProduct'],
    }),
    updateProduct: build.mutation<ProductResponse, { id: string; input: ProductInput }>({
      query: ({ id, input }) => ({ method: 'PUT', path: productPath(id), payload: { ...input } }),
      invalidatesTags: ['ShopProduct'],
    }),
    requestUpload: build.mutation<UploadSlotResponse, string>({
      query: (filepath) => ({ method: 'POST', path: 'upload_request', payload: { filepath } }),
    }),
    /** Puts the member's cart (or a guest's) on the server and answers it at the server's prices. */
    putCart: build.mutation<CartResponse, { id: string; items: CartLineInput[] }>({
      query: ({ id, items }) => ({
        method: 'PUT',
        path: `commerce/${encodeURIComponent(id)}/cart`,
        payload: { items },
      }),
    }),
    checkDiscount: build.mutation<DiscountCheckResponse, { code: string; items: CartLineInput[] }>({
      query: ({ code, items }) => ({
        method: 'POST',
        path: 'commerce/discount_code',
        payload: { discount_code: code, items },
      }),
    }),
    startPayment: build.mutation<PaymentResponse, PaymentRequest>({
      query: (request) => ({ method: 'PUT', path: 'commerce/payment', payload: { ...request } }),
      invalidatesTags: ['ShopOrder'],
    }),
    /** The Android app's Google Play purchase for its pending order (playBilling.ts). */
    confirmPlayPurchase: build.mutation<OrderResponse, PlayBillingRequest>({
      query: (request) => ({ method: 'POST', path: 'commerce/play_billing', payload: { ...request } }),
      invalidatesTags: ['ShopOrder'],
    }),
    getOrder: build.query<OrderResponse, string>({
      query: (id) => ({ path: `commerce/orders/${encodeURIComponent(id)}` }),
      providesTags: ['ShopOrder'],
    }),
    /** The signed-in member's orders (their history on /products). */
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listMyOrders: build.query<OrdersResponse, void>({
      query: () => ({ path: 'commerce/orders' }),
      providesTags: ['ShopOrder'],
    }),
    listMerchantOrders: build.query<MerchantOrdersResponse, MerchantOrdersQuery>({
      query: (query) => ({ path: 'merchant/orders', payload: { ...query } }),
      providesTags: ['ShopOrder'],
    }),
    refundOrder: build.mutation<MerchantOrderResponse, { id: string; refund: RefundRequest }>({
      query: ({ id, refund }) => ({
        method: 'POST',
        path: `merchant/orders/${encodeURIComponent(id)}/refund`,
        payload: { ...refund },
      }),
      invalidatesTags: ['ShopOrder'],
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listDiscounts: build.query<DiscountsResponse, void>({
      query: () => ({ path: 'commerce/discount_codes' }),
      providesTags: ['ShopDiscount'],
    }),
    createDiscount: build.mutation<{ status: 'success'; discount: Discount }, DiscountInput>({
      query: (input) => ({ method: 'POST', path: 'commerce/discount_codes', payload: { ...input } }),
      invalidatesTags: ['ShopDiscount'],
    }),
    endDiscount: build.mutation<{ status: 'success'; discount: Discount }, string>({
      query: (code) => ({ method: 'POST', path: `commerce/discount_codes/${encodeURIComponent(code)}/end` }),
      invalidatesTags: ['ShopDiscount'],
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listCodeBatches: build.query<CodeBatchesResponse, void>({
      query: () => ({ path: 'logbooks/codes' }),
      providesTags: ['ShopCodeBatch'],
    }),
    printCodes: build.mutation<
      { status: 'success'; batch: string; codes: string[]; csv: string },
      { product_id: string; count: number; batch?: string }
    >({
      query: (request) => ({ method: 'POST', path: 'logbooks/codes', payload: { ...request } }),
      invalidatesTags: ['ShopCodeBatch'],
    }),
    batchCsv: build.mutation<{ status: 'success'; csv: string }, { product_id: string; batch: string }>({
      query: (request) => ({ path: 'logbooks/codes/csv', payload: { ...request } }),
    }),
  }),
});

export const {
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useRequestUploadMutation,
  usePutCartMutation,
  useCheckDiscountMutation,
  useStartPaymentMutation,
  useConfirmPlayPurchaseMutation,
  useGetOrderQuery,
  useListMyOrdersQuery,
  useListMerchantOrdersQuery,
  useRefundOrderMutation,
  useListDiscountsQuery,
  useCreateDiscountMutation,
  useEndDiscountMutation,
  useListCodeBatchesQuery,
  usePrintCodesMutation,
  useBatchCsvMutation,
} = shopApi;

/** Where an uploaded product image is served (`images/…` paths, public like the shop). */
export function productImageUrl(path: string): string {
  return new URL(`merchant/files/${path.split('/').map(encodeURIComponent).join('/')}`, defaultApiBaseUrl())
    .href;
}

/** A server-given path (`/api/v1.0/…`) or a provider's absolute URL, as an address to open. */
export function providerUrl(redirect: string): string {
  return new URL(redirect, defaultApiBaseUrl()).href;
}
