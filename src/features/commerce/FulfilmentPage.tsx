/**
 * /fulfilment/{transaction_id}/{status} (issue 19): where the payment provider sends the buyer back.
 * Each status says what happens next and offers a way back. The address's status is what the
 * provider said; the order's own status (GET commerce/orders/{id}) wins once read, since a buyer can
 * come back before the provider's notification arrives (pending, checked again every few seconds).
 * A paid order takes its products out of the device's cart (the server empties its copy); a failed
 * or cancelled one leaves the cart as it was.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import type { Order } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { BoughtLogbooks } from '../logbooks/embeds';
import { cartEdited } from './cartSync';
import { loadCart, loadCheckout, saveCheckout, without } from './cartStore';
import { formatMoney } from './money';
import { leftToRefund, orderDate, refundLinesText } from './orderStatus';
import { OrderSummary } from './OrderSummary';
import { NeedsSignIn, reasonOf, ShopPage } from './parts';
import { useGetOrderQuery } from './shopApi';

export const FULFILMENT_STATUSES = ['success', 'pending', 'failed', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
const PENDING_POLL_MS = 3_000;

/** The page an order's status belongs on (as the server's test gateway and Stripe return URLs). */
export function fulfilmentStatusOf(status: Order['status']): FulfilmentStatus {
  if (status === 'fulfilled' || status === 'paid' || status === 'partially_refunded') return 'success';
  if (status === 'pending') return 'pending';
  return status === 'cancelled' ? 'cancelled' : 'failed';
}

const isStatus = (value: string | undefined): value is FulfilmentStatus =>
  (FULFILMENT_STATUSES as readonly string[]).includes(value ?? '');

const HEADINGS: Record<FulfilmentStatus, [string, string]> = {
  success: [texts.successHeading, texts.successNext],
  pending: [texts.pendingHeading, texts.pendingNext],
  failed: [texts.failedHeading, texts.failedNext],
  cancelled: [texts.cancelledHeading, texts.cancelledNext],
};

export function FulfilmentPage() {
  const { transaction_id: id = '', status: said } = useParams();
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const user = useAppSelector(selectUser);
  const answer = useGetOrderQuery(id, { skip: !isOnline || !user || !isStatus(said) });
  const order = answer.data?.order;
  const status = order ? fulfilmentStatusOf(order.status) : isStatus(said) ? said : null;
  const { refetch } = answer;

  useEffect(() => {
    if (!order || status !== 'pending') return;
    const timer = setInterval(() => void refetch(), PENDING_POLL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [order, status, refetch]);

  // Paid: what was bought leaves the device's cart, and the used code leaves the checkout form.
  const paidIds = order && status === 'success' ? order.items.map((item) => item.product_id).join(',') : '';
  useEffect(() => {
    if (!paidIds) return;
    void (async () => {
      const cart = await loadCart();
      await dispatch(cartEdited(without(cart, paidIds.split(','))));
      const draft = await loadCheckout();
      if (draft?.discount) await saveCheckout({ ...draft, discount: null });
    })();
  }, [paidIds, dispatch]);

  if (!status) {
    return (
      <ShopPage title={labels.order}>
        <Alert severity="warning">{texts.unknownStatus}</Alert>
        <Button component={RouterLink} to="/products" sx={{ alignSelf: 'flex-start' }}>
          {texts.backToShop}
        </Button>
      </ShopPage>
    );
  }
  const [heading, next] = HEADINGS[status];
  const left = order ? leftToRefund(order) : new Map<string, number>();
  const boughtLogbooks =
    order?.items
      .filter((item) => item.kind === 'logbook' && (left.get(item.product_id) ?? 0) > 0)
      .map((item) => item.product_id) ?? [];
  return (
    <ShopPage title={heading}>
      <Typography>{next}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatMessage(texts.orderNumber, { id })}
      </Typography>
      {!user && <NeedsSignIn why={texts.signInToSeeOrder} />}
      {answer.error && <Alert severity="error">{reasonOf(answer.error)}</Alert>}
      {order && (
        <OrderSummary
          cart={{ id, items: order.items, currency: order.currency, subtotal_minor: order.subtotal_minor }}
          discountCode={order.discount_code}
          discountMinor={order.discount_code ? order.discount_minor : null}
        />
      )}
      {order && order.refunds.length > 0 && (
        <section aria-labelledby="order-refunds">
          <Typography variant="h6" component="h2" id="order-refunds">
            {texts.refundsMade}
          </Typography>
          <Typography variant="body2" component="ul" sx={{ m: 0, pl: 2 }}>
            {order.refunds.map((made) => (
              <li key={made.refund_id}>
                {formatMessage(texts.refundMade, {
                  date: orderDate(made.created_at),
                  amount: formatMoney(made.amount_minor, order.currency),
                  lines: refundLinesText(made.lines),
                })}
              </li>
            ))}
          </Typography>
        </section>
      )}
      {status === 'success' && boughtLogbooks.length > 0 && <BoughtLogbooks productIds={boughtLogbooks} />}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {status === 'failed' && (
          <Button component={RouterLink} to="/payment" variant="contained">
            {texts.tryAgain}
          </Button>
        )}
        {(status === 'failed' || status === 'cancelled') && (
          <Button component={RouterLink} to="/cart">
            {texts.backToCart}
          </Button>
        )}
        <Button component={RouterLink} to="/products">
          {texts.backToShop}
        </Button>
      </Stack>
    </ShopPage>
  );
}
