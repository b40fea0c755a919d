/**
 * The device's cart as the server prices it now (PUT commerce/{member}/cart, which also brings the
 * server's copy up to date), and what a discount code takes off it (POST commerce/discount_code):
 * the totals /checkout and /payment show are the server's, never the device's remembered prices.
 */
import { useEffect, useState } from 'react';
import type { Cart, CartLineInput } from '@contract/shop';
import { reasonOf } from './parts';
import { cartSettled } from './cartGate';
import { loadCart, type DeviceCartLine } from './cartStore';
import { useCheckDiscountMutation, usePutCartMutation } from './shopApi';

export interface PricedCart {
  /** Undefined while the server is asked. */
  cart?: Cart;
  error?: string;
  /** What the code takes off, when one was given and accepted. */
  discountMinor: number | null;
  /** Why the server refused the code (unknown, expired, used up, …). */
  discountError?: string;
}

export const itemsOf = (lines: readonly DeviceCartLine[]): CartLineInput[] =>
  lines.map(({ product_id, quantity }) => ({ product_id, quantity }));

export function usePricedCart(
  userId: string | undefined,
  lines: readonly DeviceCartLine[] | undefined,
  discountCode: string | null,
  enabled: boolean,
): PricedCart {
  const [putCart] = usePutCartMutation();
  const [checkDiscount] = useCheckDiscountMutation();
  const [priced, setPriced] = useState<PricedCart>({ discountMinor: null });
  // One key for what decides the answer, so a re-render with the same cart asks nothing.
  const key = lines ? JSON.stringify([userId, itemsOf(lines), discountCode]) : null;

  useEffect(() => {
    if (!enabled || !userId || key === null) return;
    let current = true;
    setPriced({ discountMinor: null });
    void (async () => {
      const next: PricedCart = { discountMinor: null };
      // A sign-in merge may be changing the cart: wait for it, then send the cart as it is now.
      await cartSettled();
      const items = itemsOf((await loadCart()).lines);
      try {
        next.cart = (await putCart({ id: userId, items }).unwrap()).cart;
      } catch (error) {
        next.error = reasonOf(error);
      }
      if (discountCode && next.cart) {
        try {
          next.discountMinor = (await checkDiscount({ code: discountCode, items }).unwrap()).discount_minor;
        } catch (error) {
          next.discountError = reasonOf(error);
        }
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- cleared by the cleanup meanwhile
      if (current) setPriced(next);
    })();
    return () => {
      current = false;
    };
  }, [enabled, userId, key, discountCode, putCart, checkDiscount]);

  return priced;
}
