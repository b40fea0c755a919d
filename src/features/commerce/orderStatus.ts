/** How an order's status and date read on the shop's pages (the member's history, the merchant's list). */
import type { Order, OrderStatus, RefundLine } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';

const STATUS_TEXTS: Record<OrderStatus, string> = {
  pending: texts.statusPending,
  paid: texts.statusPaid,
  fulfilled: texts.statusFulfilled,
  failed: texts.statusFailed,
  cancelled: texts.statusCancelled,
  partially_refunded: texts.statusPartiallyRefunded,
  refunded: texts.statusRefunded,
};

export const statusText = (status: OrderStatus): string => STATUS_TEXTS[status];

/** An ISO date-time as the member's locale writes a day and time. */
export function orderDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A refund's lines as "1 × Birds, 2 × Mammals". */
export const refundLinesText = (lines: readonly Pick<RefundLine, 'quantity' | 'name'>[]): string =>
  lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');

/** How many of each order line are not refunded yet (every refund listed counts, pending ones too). */
export function leftToRefund(order: Pick<Order, 'items' | 'refunds'>): Map<string, number> {
  const left = new Map(order.items.map((item) => [item.product_id, item.quantity]));
  for (const refund of order.refunds)
    for (const line of refund.lines)
      left.set(line.product_id, (left.get(line.product_id) ?? 0) - line.quantity);
  return left;
}
