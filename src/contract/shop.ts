/**
 * The shop (SPEC §7 "Logbooks, commerce, issues"; the model in docs/shop.md): merchant products,
 * upload slots, carts, discount codes, payment and fulfilment. Every request and answer, so the
 * OpenAPI document is the contract, and the pure pricing rules (`priceLines`, `discountOf`) that
 * the server runs on its own product table — a client's prices are never read.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { UUID_PATTERN } from './places';

export const PRODUCT_KINDS = ['logbook', 'ebook', 'physical'] as const;
const KindSchema = Type.Union([Type.Literal('logbook'), Type.Literal('ebook'), Type.Literal('physical')]);
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'fulfilled',
  'failed',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const CART_LINES_MAX = 50;
export const CART_QUANTITY_MAX = 99;
/** Upload paths: relative, lowercase segments, no `..`; the folder says what the file is for. */
export const UPLOAD_PATH_PATTERN = '^(images|files)/[a-z0-9][a-z0-9_-]{0,63}(/[a-z0-9][a-z0-9_.-]{0,99})+$';
export const DISCOUNT_CODE_PATTERN = '^[A-Z0-9][A-Z0-9_-]{2,39}$';
export const CART_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

const uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });
const minor = (description: string) => Type.Integer({ minimum: 0, maximum: 100_000_000, description });
const currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. USD, ZAR, EUR' });
const isoDate = (description: string) => Type.String({ format: 'date-time', description });

// ---- Products ----------------------------------------------------------------------------------

export const ProductGrantsSchema = Type.Object(
  {
    logbook: Type.Optional(
      Type.Object(
        {
          location_id: Type.String({
            minLength: 1,
            maxLength: 64,
            description: 'The region (GET locations)',
          }),
          classification: Type.String({
            pattern: '^[a-z0-9-]{1,64}$',
            description:
              "The species list it checks, a taxa classification id ('mammals-larger', 'birds-ioc')",
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'What buying the product grants (a logbook; ebooks later)' },
);
export type ProductGrants = Static<typeof ProductGrantsSchema>;

export const ProductInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 20_000, description: 'Markdown' }),
    images: Type.Array(Type.String({ pattern: UPLOAD_PATH_PATTERN }), {
      maxItems: 20,
      description: 'Upload paths (POST upload_request) of images/…, first is the cover',
    }),
    price_minor: minor('Price in the currency’s minor unit (cents); 0 is free'),
    currency,
    kind: KindSchema,
    grants: ProductGrantsSchema,
    hidden: Type.Boolean({ description: 'Hidden products are not listed or sold' }),
    stock: Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()], {
      description: 'Items left for a physical product; null is unlimited (logbooks, ebooks)',
    }),
    file: Type.Union([Type.String({ pattern: UPLOAD_PATH_PATTERN }), Type.Null()], {
      description: 'An uploaded files/… path delivered to buyers (ebooks)',
    }),
  },
  { additionalProperties: false },
);
export type ProductInput = Static<typeof ProductInputSchema>;

export const ProductSchema = Type.Object({
  id: uuid('Product id'),
  ...ProductInputSchema.properties,
  created_at: isoDate('When it was created'),
  updated_at: isoDate('When it last changed'),
});
export type Product = Static<typeof ProductSchema>;

export const ProductIdParamsSchema = Type.Object({ id: uuid('Product id') });
export const ProductsQuerySchema = Type.Object({
  show_hidden: Type.Optional(Type.Boolean({ description: 'Include hidden products (admins only)' })),
  kind: Type.Optional(KindSchema),
});
export const ProductQuerySchema = Type.Object({
  complete: Type.Optional(Type.Boolean({ description: 'Accepted for SPEC §7; the answer is always whole' })),
});
export const ProductsResponseSchema = success({ products: Type.Array(ProductSchema) });
export type ProductsResponse = Static<typeof ProductsResponseSchema>;
export const ProductResponseSchema = success({ product: ProductSchema });
export type ProductResponse = Static<typeof ProductResponseSchema>;

export const UploadRequestSchema = Type.Object(
  { filepath: Type.String({ minLength: 1, maxLength: 300, description: 'e.g. images/<product>/cover.jpg' }) },
  { additionalProperties: false },
);
export const UploadSlotResponseSchema = success({
  filepath: Type.String(),
  upload_url: Type.String({ description: 'PUT the bytes here (application/octet-stream), once' }),
  expires_at: isoDate('The slot is refused after this'),
});
export type UploadSlotResponse = Static<typeof UploadSlotResponseSchema>;
export const UploadTokenParamsSchema = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{32,64}$' }),
});
export const UploadedResponseSchema = success({ filepath: Type.String(), bytes: Type.Integer() });

// ---- Carts ---------------------------------------------------------------------------------------

export const CartLineInputSchema = Type.Object(
  {
    product_id: uuid('Product id'),
    quantity: Type.Integer({ minimum: 1, maximum: CART_QUANTITY_MAX }),
  },
  { description: 'Any price a client adds is ignored' },
);
export type CartLineInput = Static<typeof CartLineInputSchema>;
export const CartItemsSchema = Type.Array(CartLineInputSchema, { maxItems: CART_LINES_MAX });

export const CartParamsSchema = Type.Object({
  id: Type.String({
    pattern: CART_ID_PATTERN,
    description: "A member's id, or a device's random cart id (guests)",
  }),
});
export const CartPutSchema = Type.Object(
  {
    items: CartItemsSchema,
    merge_from: Type.Optional(
      Type.String({
        pattern: CART_ID_PATTERN,
        description: 'A guest device cart to add in and empty (on sign-in)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PricedLineSchema = Type.Object({
  product_id: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  quantity: Type.Integer(),
  unit_price_minor: Type.Integer(),
  line_total_minor: Type.Integer(),
  currency: Type.String(),
  available: Type.Boolean({ description: 'False when hidden, gone or out of stock' }),
});
export type PricedLine = Static<typeof PricedLineSchema>;

export const CartSchema = Type.Object({
  id: Type.String(),
  items: Type.Array(PricedLineSchema),
  currency: Type.Union([Type.String(), Type.Null()], { description: 'Null for an empty or mixed cart' }),
  subtotal_minor: Type.Integer({ description: 'Of the available lines, at today’s server prices' }),
});
export type Cart = Static<typeof CartSchema>;
export const CartResponseSchema = success({ cart: CartSchema });
export type CartResponse = Static<typeof CartResponseSchema>;

// ---- Discount codes --------------------------------------------------------------------------------

export const DiscountCheckSchema = Type.Object(
  {
    discount_code: Type.String({ minLength: 1, maxLength: 40 }),
    items: Type.Optional(CartItemsSchema),
  },
  { additionalProperties: false },
);
export const DiscountSchema = Type.Object({
  code: Type.String(),
  type: Type.Union([Type.Literal('percent'), Type.Literal('amount')]),
  value: Type.Integer({ description: 'Percent 1–100, or an amount in minor units of `currency`' }),
  currency: Type.Union([Type.String(), Type.Null()]),
  valid_from: Type.Union([isoDate('From'), Type.Null()]),
  valid_until: Type.Union([isoDate('Until'), Type.Null()]),
  max_uses: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  per_member_limit: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  uses: Type.Integer(),
});
export type Discount = Static<typeof DiscountSchema>;
export const DiscountCheckResponseSchema = success({
  discount: DiscountSchema,
  discount_minor: Type.Union([Type.Integer(), Type.Null()], { description: 'Off the given items, if any' }),
});
export const DiscountInputSchema = Type.Object(
  {
    code: Type.String({ pattern: DISCOUNT_CODE_PATTERN, description: 'Upper case letters, digits, - and _' }),
    type: Type.Union([Type.Literal('percent'), Type.Literal('amount')]),
    value: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    currency: Type.Optional(currency),
    valid_from: Type.Optional(isoDate('Valid from')),
    valid_until: Type.Optional(isoDate('Valid until')),
    max_uses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per_member_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type DiscountInput = Static<typeof DiscountInputSchema>;
export const DiscountResponseSchema = success({ discount: DiscountSchema });

// ---- Payment and orders ----------------------------------------------------------------------------

const shortText = (max: number) => Type.String({ maxLength: max });
export const PaymentRequestSchema = Type.Object(
  {
    cart: CartItemsSchema,
    contact: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 200 }),
        email: Type.String({ format: 'email', maxLength: 254 }),
      },
      { additionalProperties: false },
    ),
    billing: Type.Object(
      {
        address: Type.Optional(shortText(500)),
        city: Type.Optional(shortText(100)),
        postal_code: Type.Optional(shortText(20)),
        country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
      },
      { additionalProperties: false },
    ),
    payment: Type.Object(
      {
        return_path: Type.Optional(Type.String({ pattern: '^/[A-Za-z0-9/_-]{0,200}$' })),
        method: Type.Optional(
          Type.Literal('play_billing', {
            description:
              'Google Play Billing (the Android app): one digital product; the app then sends the purchase token to POST commerce/play_billing',
          }),
        ),
      },
      { additionalProperties: false, description: 'Card details never come here: the provider takes them' },
    ),
    discount: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type PaymentRequest = Static<typeof PaymentRequestSchema>;

/** One line of a refund: how many of an order line and what they gave back. */
export const RefundLineSchema = Type.Object({
  product_id: uuid('The order line (its product)'),
  name: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  amount_minor: Type.Integer({ minimum: 0, description: "This line's share of the refund" }),
});
export type RefundLine = Static<typeof RefundLineSchema>;
/** A refund made (the member sees these on their order; the admin also sees who and the provider's id). */
export const RefundSchema = Type.Object({
  refund_id: uuid("Made by the admin's device; the same id again is the same refund"),
  amount_minor: Type.Integer({ minimum: 0, description: 'Computed by the server from the order lines' }),
  lines: Type.Array(RefundLineSchema),
  created_at: isoDate('When it was made'),
});
export type Refund = Static<typeof RefundSchema>;

export const OrderSchema = Type.Object({
  transaction_id: uuid('The order id, in /fulfilment/{transaction_id}/{status}'),
  user_id: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('paid'),
    Type.Literal('fulfilled'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
    Type.Literal('partially_refunded', { description: 'Some lines refunded, not all' }),
    Type.Literal('refunded'),
  ]),
  items: Type.Array(PricedLineSchema),
  currency: Type.String(),
  subtotal_minor: Type.Integer(),
  discount_code: Type.Union([Type.String(), Type.Null()]),
  discount_minor: Type.Integer(),
  total_minor: Type.Integer(),
  provider: Type.String(),
  created_at: isoDate('Created'),
  updated_at: isoDate('Last change'),
  refunded_minor: Type.Integer({ minimum: 0, description: 'Given back so far (every refund made)' }),
  refunds: Type.Array(RefundSchema, { description: 'Every refund made, oldest first' }),
});
export type Order = Static<typeof OrderSchema>;
export const PaymentResponseSchema = success({
  order: OrderSchema,
  redirect_url: Type.String({
    description: 'Where to send the buyer: the provider, or the fulfilment page when free',
  }),
});
export type PaymentResponse = Static<typeof PaymentResponseSchema>;

/** POST commerce/play_billing: the Play purchase that pays a pending order (docs/stores.md "Play Billing"). */
export const PlayBillingRequestSchema = Type.Object(
  {
    transaction_id: uuid('The pending order made with payment.method = play_billing'),
    product_id: Type.String({
      minLength: 1,
      maxLength: 150,
      description: "The Play product id bought (playProductId of the order's product)",
    }),
    purchase_token: Type.String({ minLength: 1, maxLength: 4000, description: "Play's purchase token" }),
  },
  { additionalProperties: false },
);
export type PlayBillingRequest = Static<typeof PlayBillingRequestSchema>;

/**
 * The Play product id of one of our products: Play ids allow only lower-case letters, digits, `_`
 * and `.`, so the uuid's dashes become underscores (`fm_0d6c…_4a1b…`). The merchant creates the
 * in-app product under this id in the Play Console.
 */
export function playProductId(productId: string): string {
  return `fm_${productId.toLowerCase().replace(/-/g, '_')}`;
}

/** Product kinds Google Play Billing may sell (digital goods); physical goods never go through it. */
export const PLAY_BILLING_KINDS: readonly string[] = ['logbook', 'ebook'];
export const OrderParamsSchema = Type.Object({ id: uuid('Transaction id') });
export const OrderResponseSchema = success({ order: OrderSchema });
export type OrderResponse = Static<typeof OrderResponseSchema>;

// ---- Order history, the admin's order list and refunds (calls SPEC does not name; docs/shop.md) -----

export const OrdersResponseSchema = success({
  orders: Type.Array(OrderSchema, { description: "The member's orders, newest first" }),
});
export type OrdersResponse = Static<typeof OrdersResponseSchema>;
export const ORDERS_PAGE_MAX = 100;
export const MerchantOrdersQuerySchema = Type.Object(
  {
    status: Type.Optional(OrderSchema.properties.status),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDERS_PAGE_MAX, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);
export type MerchantOrdersQuery = Static<typeof MerchantOrdersQuerySchema>;
export const OrderEventSchema = Type.Object({
  from_status: Type.Union([Type.String(), Type.Null()]),
  to_status: Type.String(),
  source: Type.String({
    description: 'What made the change: checkout, a card, a Stripe event, refund:{admin id}…',
  }),
  created_at: isoDate('When'),
});
export type OrderEvent = Static<typeof OrderEventSchema>;
export const MerchantRefundSchema = Type.Object({
  ...RefundSchema.properties,
  admin_id: Type.Union([Type.String(), Type.Null()], { description: 'Who made it (null: account deleted)' }),
  admin_name: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()], { description: "The provider's id of the refund" }),
  state: Type.Union([Type.Literal('pending'), Type.Literal('succeeded')], {
    description: 'pending: the provider has not answered yet (send the same refund_id again to finish it)',
  }),
});
export type MerchantRefund = Static<typeof MerchantRefundSchema>;
export const MerchantOrderSchema = Type.Object({
  ...OrderSchema.properties,
  contact: Type.Object({ name: Type.String(), email: Type.String() }),
  events: Type.Array(OrderEventSchema, { description: 'Every status change, oldest first' }),
  refunds: Type.Array(MerchantRefundSchema, {
    description: 'Every refund, oldest first, with who made it; pending ones too',
  }),
});
export type MerchantOrder = Static<typeof MerchantOrderSchema>;
export const MerchantOrdersResponseSchema = success({
  orders: Type.Array(MerchantOrderSchema),
  total: Type.Integer({ description: 'Orders matching the filter, over all pages' }),
});
export type MerchantOrdersResponse = Static<typeof MerchantOrdersResponseSchema>;
export const MerchantOrderResponseSchema = success({ order: MerchantOrderSchema });
export type MerchantOrderResponse = Static<typeof MerchantOrderResponseSchema>;
/** Orders a refund may take back: money was taken and not all of it given back. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled', 'partially_refunded'];

/**
 * POST merchant/orders/{id}/refund: chosen lines and quantities, or (no `lines`) everything not yet
 * refunded. Amounts are never sent: the server computes them from its own order lines.
 */
export const RefundRequestSchema = Type.Object(
  {
    refund_id: uuid(
      "Made by the admin's device once per refund; sending it again (a retry) makes no second refund",
    ),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            product_id: uuid('An order line (its product)'),
            quantity: Type.Integer({ minimum: 1, maximum: CART_QUANTITY_MAX }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: CART_LINES_MAX, description: 'Absent: refund everything not refunded yet' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RefundRequest = Static<typeof RefundRequestSchema>;

/**
 * What a refund gives back: the order's total shared over its units in proportion to their prices
 * (the discount shared the same way). Computed on what is refunded altogether, after minus before,
 * rounded down, so refunds never add up to more than the total and the last one reaches it exactly.
 */
export function refundAmount(
  order: Pick<Order, 'subtotal_minor' | 'total_minor'>,
  /** The units refunded before, at their line prices (quantity × unit price, summed). */
  beforeAtPrice: number,
  /** The units of this refund, at their line prices. */
  nowAtPrice: number,
): number {
  if (order.subtotal_minor <= 0) return 0;
  // BigInt: total × part may pass 2^53 for large orders.
  const share = (atPrice: number) =>
    Number((BigInt(order.total_minor) * BigInt(atPrice)) / BigInt(order.subtotal_minor));
  return share(beforeAtPrice + nowAtPrice) - share(beforeAtPrice);
}

// ---- Discount codes for admins ------------------------------------------------------------------------

export const DiscountsResponseSchema = success({
  discounts: Type.Array(DiscountSchema, { description: 'Every code, newest first' }),
});
export type DiscountsResponse = Static<typeof DiscountsResponseSchema>;
export const DiscountParamsSchema = Type.Object({
  code: Type.String({ pattern: DISCOUNT_CODE_PATTERN }),
});

// ---- Pure pricing rules -----------------------------------------------------------------------------

/** The amount a discount takes off a subtotal: never more than the subtotal, never in another currency. */
export function discountOf(
  discount: Pick<Discount, 'type' | 'value' | 'currency'>,
  subtotalMinor: number,
  cartCurrency: string | null,
): number {
  if (discount.type === 'percent')
    return Math.min(subtotalMinor, Math.floor((subtotalMinor * discount.value) / 100));
  if (discount.currency !== null && discount.currency !== cartCurrency) return 0;
  return Math.min(subtotalMinor, discount.value);
}

/** Sums the available lines; currency is null when the cart is empty or mixes currencies. */
export function totalOf(lines: readonly PricedLine[]): { currency: string | null; subtotal: number } {
  const available = lines.filter((line) => line.available);
  const currencies = [...new Set(available.map((line) => line.currency))];
  const subtotal = available.reduce((sum, line) => sum + line.line_total_minor, 0);
  return { currency: currencies.length === 1 ? (currencies[0] ?? null) : null, subtotal };
}
