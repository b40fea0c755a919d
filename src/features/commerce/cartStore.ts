/**
 * The device's cart (issue 19: "kept on the device, editable offline"): an idb-keyval store of its
 * own (IndexedDB database `fieldmark_shop`, object store `shop`), apart from `app.db` (Dexie) and
 * the session store, which it never touches. Keys: `cart` (the lines and the device's guest cart id)
 * and `checkout` (what the buyer typed at /checkout, so /payment and a reload keep it).
 *
 * Each line keeps the name and price it was added with, so the cart shows offline; they are only a
 * reminder (the page says totals are checked at checkout): the server prices every order from its
 * own product table and never reads a client's price.
 *
 * Pages read it with `useDeviceCart` (undefined while loading); every write goes through here and
 * tells the subscribers. What is on disk may come from an older version (or be damaged): a value
 * without today's shape reads as absent.
 */
import { useSyncExternalStore } from 'react';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { CART_LINES_MAX, CART_QUANTITY_MAX, type Product } from '@contract/shop';

export const SHOP_DATABASE = 'fieldmark_shop';
export const SHOP_STORE = 'shop';

/** One line of the device's cart, with what was shown when it was added. */
export interface DeviceCartLine {
  product_id: string;
  quantity: number;
  name: string;
  kind: string;
  /** The price when added (minor units): a reminder only, checked at checkout. */
  unit_price_minor: number;
  currency: string;
  /** The cover image's upload path, or null. */
  image: string | null;
}

export interface DeviceCart {
  /** The random id of this device's guest cart on the server (GET commerce/{id}/cart). */
  guest_id: string;
  lines: DeviceCartLine[];
}

/** What the buyer typed at /checkout. */
export interface CheckoutDraft {
  contact: { name: string; email: string };
  billing: { address: string; city: string; postal_code: string; country: string };
  /** A code the server accepted at checkout, or null. */
  discount: string | null;
}

let store: UseStore | undefined;
/** Opened on first use, so importing this module costs nothing. */
const shopStore = () => (store ??= createStore(SHOP_DATABASE, SHOP_STORE));

/** A new random guest cart id (the server accepts 16–64 of [A-Za-z0-9_-]; the id is the key). */
export function newGuestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isLine(value: unknown): value is DeviceCartLine {
  return (
    isRecord(value) &&
    typeof value.product_id === 'string' &&
    Number.isInteger(value.quantity) &&
    typeof value.name === 'string' &&
    typeof value.kind === 'string' &&
    Number.isInteger(value.unit_price_minor) &&
    typeof value.currency === 'string' &&
    (value.image === null || typeof value.image === 'string')
  );
}

function isCart(value: unknown): value is DeviceCart {
  return (
    isRecord(value) &&
    typeof value.guest_id === 'string' &&
    Array.isArray(value.lines) &&
    value.lines.every(isLine)
  );
}

function isDraft(value: unknown): value is CheckoutDraft {
  return (
    isRecord(value) &&
    isRecord(value.contact) &&
    isRecord(value.billing) &&
    (value.discount === null || typeof value.discount === 'string')
  );
}

// ---- The cart, with subscribers ------------------------------------------------------------------

let current: DeviceCart | undefined;
let loading: Promise<DeviceCart> | undefined;
const listeners = new Set<() => void>();

function publish(cart: DeviceCart) {
  current = cart;
  for (const listener of listeners) listener();
}

/** The device's cart (made, with a new guest id, the first time). */
export function loadCart(): Promise<DeviceCart> {
  if (current) return Promise.resolve(current);
  loading ??= get<unknown>('cart', shopStore()).then((stored) => {
    const cart = isCart(stored) ? stored : { guest_id: newGuestId(), lines: [] };
    if (!current) publish(cart);
    return current ?? cart;
  });
  return loading;
}

/** Writes the cart and tells every page showing it. */
export async function saveCart(cart: DeviceCart): Promise<void> {
  publish(cart);
  await set('cart', cart, shopStore());
}

/** Forgets what this module holds in memory (tests open a fresh database each time). */
export function forgetLoadedCart(): void {
  current = undefined;
  loading = undefined;
}

/** The cart for a page: undefined while it loads. */
export function useDeviceCart(): DeviceCart | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (!current) void loadCart();
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

// ---- Edits (offline, on the device) ---------------------------------------------------------------

const clampQuantity = (quantity: number) => Math.max(1, Math.min(CART_QUANTITY_MAX, Math.floor(quantity)));

/** The line a product makes, at the price it shows now. */
export function lineOf(product: Product, quantity: number): DeviceCartLine {
  return {
    product_id: product.id,
    quantity: clampQuantity(quantity),
    name: product.name,
    kind: product.kind,
    unit_price_minor: product.price_minor,
    currency: product.currency,
    image: product.images[0] ?? null,
  };
}

/** Adds a product (or one more of it); a cart already holding the maximum of lines stays as it is. */
export function withProduct(cart: DeviceCart, product: Product, quantity = 1): DeviceCart {
  const existing = cart.lines.find((line) => line.product_id === product.id);
  if (existing) {
    return withQuantity(cart, product.id, existing.quantity + quantity);
  }
  if (cart.lines.length >= CART_LINES_MAX) return cart;
  return { ...cart, lines: [...cart.lines, lineOf(product, quantity)] };
}

export function withQuantity(cart: DeviceCart, productId: string, quantity: number): DeviceCart {
  return {
    ...cart,
    lines: cart.lines.map((line) =>
      line.product_id === productId ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  };
}

export function without(cart: DeviceCart, productIds: readonly string[]): DeviceCart {
  const gone = new Set(productIds.map((id) => id.toLowerCase()));
  return { ...cart, lines: cart.lines.filter((line) => !gone.has(line.product_id.toLowerCase())) };
}

/** What the cart adds up to by its own (remembered) prices, per currency. */
export function reminderTotals(lines: readonly DeviceCartLine[]): Array<{ currency: string; minor: number }> {
  const totals = new Map<string, number>();
  for (const line of lines)
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.unit_price_minor * line.quantity);
  return [...totals].map(([currency, minor]) => ({ currency, minor }));
}

// ---- The checkout draft ------------------------------------------------------------------------------

export async function loadCheckout(): Promise<CheckoutDraft | undefined> {
  const stored = await get<unknown>('checkout', shopStore());
  return isDraft(stored) ? stored : undefined;
}

export async function saveCheckout(draft: CheckoutDraft | undefined): Promise<void> {
  await set('checkout', draft, shopStore());
}
