/**
 * Google Play Billing in the Android app (issue 20; docs/stores.md "Play Billing"): digital goods
 * bought inside the TWA must be paid through Play. The Digital Goods API gives Play's price of the
 * product, Payment Request with Play's method opens Play's purchase sheet and answers a purchase
 * token, which the server verifies (POST commerce/play_billing). Physical goods never go this way,
 * and in our iOS shell digital goods cannot be bought until a StoreKit bridge exists.
 */
import { PLAY_BILLING_KINDS, playProductId } from '@contract/shop';
import type { Channel } from '../../lib/platform';

export const PLAY_BILLING_METHOD = 'https://play.google.com/billing';

/** The part of the Digital Goods API we use (Chrome in a TWA with Play Billing enabled). */
interface ItemDetails {
  itemId: string;
  title: string;
  price: { currency: string; value: string };
}
interface DigitalGoodsService {
  getDetails(itemIds: string[]): Promise<ItemDetails[]>;
}
type DigitalGoodsWindow = {
  getDigitalGoodsService?: (method: string) => Promise<DigitalGoodsService>;
  PaymentRequest?: typeof PaymentRequest;
};

export const isDigital = (kind: string) => PLAY_BILLING_KINDS.includes(kind);

/**
 * Whether this cart is paid with Play Billing: the app runs as the TWA, Chrome offers the Digital
 * Goods API, and the cart holds only digital goods (the server also wants exactly one of them).
 */
export function usesPlayBilling(channel: Channel, win: object, lines: readonly { kind: string }[]): boolean {
  return (
    channel === 'twa' &&
    typeof (win as DigitalGoodsWindow).getDigitalGoodsService === 'function' &&
    lines.length > 0 &&
    lines.every((line) => isDigital(line.kind))
  );
}

/** In our iOS shell, digital goods cannot be bought (Apple wants In-App Purchase; no bridge yet). */
export function blockedInIosShell(channel: Channel, lines: readonly { kind: string }[]): boolean {
  return channel === 'ios-shell' && lines.some((line) => isDigital(line.kind));
}

export class PlayBillingCancelled extends Error {}

/**
 * Opens Play's purchase sheet for one of our products and answers the Play product id and the
 * purchase token. Throws PlayBillingCancelled when the buyer closes the sheet.
 */
export async function buyWithPlay(
  productId: string,
  win: object = globalThis,
): Promise<{ playProductId: string; purchaseToken: string }> {
  const { getDigitalGoodsService, PaymentRequest: Request } = win as DigitalGoodsWindow;
  if (!getDigitalGoodsService || !Request) throw new Error('Google Play Billing is not available here');
  const sku = playProductId(productId);
  const service = await getDigitalGoodsService(PLAY_BILLING_METHOD);
  const [details] = await service.getDetails([sku]);
  if (!details) throw new Error(`Google Play does not sell ${sku}`);
  const request = new Request([{ supportedMethods: PLAY_BILLING_METHOD, data: { sku } }], {
    total: { label: details.title || 'Total', amount: details.price },
  });
  let response: PaymentResponse;
  try {
    response = await request.show();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new PlayBillingCancelled();
    throw error;
  }
  const token = (response.details as { purchaseToken?: unknown }).purchaseToken;
  await response.complete(typeof token === 'string' ? 'success' : 'fail');
  if (typeof token !== 'string') throw new Error('Google Play answered no purchase token');
  return { playProductId: sku, purchaseToken: token };
}
