/**
 * The device's cart and the server's copy (docs/shop.md "Carts"): the device's is the one the pages
 * show and edit, offline too; the server's is for the member's other devices and for coming back
 * after a sign-out. Every call here is best effort: a cart edited offline is simply sent at the next
 * edit, at sign-in or at checkout (which sends the whole cart with the order).
 *
 * - Sign-in: the guest cart is sent under the device's guest id, then merged into the member's
 *   (PUT commerce/{member}/cart with merge_from), and the device keeps the merged answer: the
 *   guest's cart is kept, and what the member left in the cart elsewhere joins it.
 * - Sign-out: the device's cart was the member's; it stays on the server for them and the device
 *   starts an empty guest cart (a shared device does not show the next person what was bought).
 */
import type { Cart, CartLineInput } from '@contract/shop';
import { apiClientFrom } from '../../api/baseQuery';
import type { AppThunk } from '../../app/thunk';
import { cartSettled } from './cartGate';
import { loadCart, newGuestId, saveCart, type DeviceCart, type DeviceCartLine } from './cartStore';

const itemsOf = (lines: ReadonlyArray<Pick<DeviceCartLine, 'product_id' | 'quantity'>>): CartLineInput[] =>
  lines.map(({ product_id, quantity }) => ({ product_id, quantity }));

interface CartAnswer {
  cart: Cart;
}

/** The device's lines after the server priced them: names and prices as the server has them now. */
export function linesFromServer(cart: Cart, previous: readonly DeviceCartLine[]): DeviceCartLine[] {
  const before = new Map(previous.map((line) => [line.product_id.toLowerCase(), line]));
  return cart.items
    .filter((item) => item.name !== '')
    .map((item) => ({
      product_id: item.product_id,
      quantity: item.quantity,
      name: item.name,
      kind: item.kind,
      unit_price_minor: item.unit_price_minor,
      currency: item.currency,
      image: before.get(item.product_id.toLowerCase())?.image ?? null,
    }));
}

/** Saves an edited cart on the device, then (signed in and online) on the server. */
export function cartEdited(cart: DeviceCart): AppThunk<Promise<void>> {
  return async (_dispatch, getState, extra) => {
    await saveCart(cart);
    await cartSettled();
    const { session, network } = getState();
    if (!session.user || !network.isOnline) return;
    try {
      await apiClientFrom(extra).request('PUT', `commerce/${session.user.user_id}/cart`, {
        items: itemsOf((await loadCart()).lines),
      });
    } catch (error) {
      console.warn('The cart is kept on the device; the server copy waits for the next change', error);
    }
  };
}

/** Sign-in: the guest's cart joins the member's on the server, and the device keeps the result. */
export function mergeCartOnSignIn(): AppThunk<Promise<void>> {
  return async (_dispatch, getState, extra) => {
    const userId = getState().session.user?.user_id;
    if (!userId) return;
    const client = apiClientFrom(extra);
    const cart = await loadCart();
    try {
      const member = await client.request<CartAnswer>('GET', `commerce/${userId}/cart`);
      // An empty guest cart has nothing to merge: the device just keeps the member's cart.
      if (cart.lines.length === 0) {
        await saveCart({ guest_id: newGuestId(), lines: linesFromServer(member.cart, []) });
        return;
      }
      await client.request('PUT', `commerce/${cart.guest_id}/cart`, { items: itemsOf(cart.lines) });
      const merged = await client.request<CartAnswer>('PUT', `commerce/${userId}/cart`, {
        items: itemsOf(member.cart.items.filter((item) => item.name !== '')),
        merge_from: cart.guest_id,
      });
      await saveCart({ guest_id: newGuestId(), lines: linesFromServer(merged.cart, cart.lines) });
    } catch (error) {
      // Offline or refused: the device's cart stays as it was, and is sent with the order.
      console.warn('The cart could not be merged with the server copy', error);
    }
  };
}

/** Sign-out: the member's cart stays on the server; the device starts an empty guest cart. */
export function forgetCartOnSignOut(): AppThunk<Promise<void>> {
  return async () => {
    await saveCart({ guest_id: newGuestId(), lines: [] });
  };
}
