/**
 * The member's order history, a section of /products (SPEC has no route for it; docs/shop.md): every
 * order, newest first (GET commerce/orders), with its status, each opening its fulfilment page,
 * which says what happens next. Online only, as the rest of the shop's server data.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { fulfilmentStatusOf } from './FulfilmentPage';
import { formatMoney } from './money';
import { orderDate, statusText } from './orderStatus';
import { reasonOf } from './parts';
import { useListMyOrdersQuery } from './shopApi';

export function YourOrders() {
  const answer = useListMyOrdersQuery();
  const orders = answer.data?.orders;
  return (
    <Box component="section" aria-labelledby="your-orders">
      <Typography variant="h5" component="h2" id="your-orders" sx={{ mb: 1 }}>
        {texts.yourOrders}
      </Typography>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : !orders ? (
        <CircularProgress aria-label={messages.loading} />
      ) : orders.length === 0 ? (
        <Typography>{texts.noOrders}</Typography>
      ) : (
        <Box component="ul" aria-label={texts.yourOrders} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {orders.map((order) => (
            <Box
              component="li"
              key={order.transaction_id}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Link
                component={RouterLink}
                to={`/fulfilment/${order.transaction_id}/${fulfilmentStatusOf(order.status)}`}
              >
                {formatMessage(texts.orderOf, { date: orderDate(order.created_at) })}
              </Link>
              <Typography variant="body2">
                {order.items.map((item) => item.name).join(', ')} ·{' '}
                {formatMoney(order.total_minor, order.currency)} · {statusText(order.status)}
                {order.status === 'partially_refunded' &&
                  ` (${formatMessage(texts.refundedAmount, { amount: formatMoney(order.refunded_minor, order.currency) })})`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
