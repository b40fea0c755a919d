/** How an order's status and date read on the shop's pages (the member's history, the merchant's list). */
import type { OrderStatus } from '@contract/shop';
import { shopTexts as texts } from '@contract/shopTexts';

const STATUS_TEXTS: Record<OrderStatus, string> = {
  pending: texts.statusPending,
  paid: texts.statusPaid,
  fulfilled: texts.statusFulfilled,
  failed: texts.statusFailed,
  cancelled: texts.statusCancelled,
  refunded: texts.statusRefunded,
};

export const statusText = (status: OrderStatus): string => STATUS_TEXTS[status];

/** An ISO date-time as the member's locale writes a day and time. */
export function orderDate(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
