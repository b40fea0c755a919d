/**
 * The Orders tab of /merchant-products (admin; SPEC has no route for it, docs/shop.md): every order,
 * newest first, filtered by status and paged (GET merchant/orders), with the buyer, what was bought,
 * the total, every status change and every refund; a paid order can be refunded, all of it or
 * chosen lines and quantities (POST merchant/orders/{id}/refund), which takes back the logbook of a
 * line refunded in full.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import {
  ORDER_STATUSES,
  REFUNDABLE_STATUSES,
  refundAmount,
  type MerchantOrder,
  type OrderStatus,
} from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { formatMoney } from './money';
import { leftToRefund, orderDate, refundLinesText, statusText } from './orderStatus';
import { MerchantTable, reasonOf } from './parts';
import { useListMerchantOrdersQuery, useRefundOrderMutation } from './shopApi';

const PAGE = 25;

/**
 * The refund dialog: each line with how many of it to give back (all that is left at first, so the
 * default is the whole order); the amount shown is the server's rule (`refundAmount`) and the server
 * computes it again. The refund id is made once per choice, so sending again after an error is the
 * same refund, never a second one.
 */
function RefundDialog({ order, onClose }: { order: MerchantOrder; onClose: () => void }) {
  const [refund, state] = useRefundOrderMutation();
  const left = leftToRefund(order);
  const [chosen, setChosen] = useState<Record<string, number>>(() =>
    Object.fromEntries(order.items.map((item) => [item.product_id, left.get(item.product_id) ?? 0])),
  );
  const lines = order.items
    .map((item) => ({ product_id: item.product_id, quantity: chosen[item.product_id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const choice = lines.map((line) => `${line.product_id}:${line.quantity}`).join(',');
  const [ids, setIds] = useState<Record<string, string>>({});
  const refundId = ids[choice] ?? '';
  useEffect(() => {
    if (!ids[choice]) setIds((made) => ({ ...made, [choice]: crypto.randomUUID() }));
  }, [choice, ids]);
  const atPrice = (pick: (item: MerchantOrder['items'][number]) => number) =>
    order.items.reduce((sum, item) => sum + pick(item) * item.unit_price_minor, 0);
  const before = atPrice((item) => item.quantity - (left.get(item.product_id) ?? 0));
  const amount = refundAmount(
    order,
    before,
    atPrice((item) => chosen[item.product_id] ?? 0),
  );
  const total = formatMoney(amount, order.currency);
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title">
      <DialogTitle id="refund-title">
        {formatMessage(texts.refundOf, { date: orderDate(order.created_at), name: order.contact.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {formatMessage(texts.refundConfirm, { name: order.contact.name, provider: order.provider })}
        </DialogContentText>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {order.items.map((item) => {
            const most = left.get(item.product_id) ?? 0;
            return (
              <TextField
                key={item.product_id}
                type="number"
                size="small"
                label={formatMessage(texts.refundQuantity, {
                  name: item.name,
                  left: most,
                  quantity: item.quantity,
                })}
                value={chosen[item.product_id] ?? 0}
                disabled={most === 0}
                slotProps={{ htmlInput: { min: 0, max: most, step: 1 } }}
                onChange={(event) => {
                  const typed = Math.trunc(Number(event.target.value));
                  const quantity = Number.isFinite(typed) ? Math.min(most, Math.max(0, typed)) : 0;
                  setChosen((now) => ({ ...now, [item.product_id]: quantity }));
                }}
              />
            );
          })}
        </Stack>
        {lines.length === 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {texts.refundNothingChosen}
          </Alert>
        )}
        {state.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {reasonOf(state.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={state.isLoading || lines.length === 0 || !refundId}
          onClick={() => {
            void refund({ id: order.transaction_id, refund: { refund_id: refundId, lines } })
              .unwrap()
              .then(onClose, () => undefined);
          }}
        >
          {texts.refund} {total}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The refunds made on an order, each with when, how much, by whom and which lines. */
function RefundsMade({ order }: { order: MerchantOrder }) {
  if (order.refunds.length === 0) return null;
  return (
    <Typography variant="body2" component="ul" aria-label={texts.refundsMade} sx={{ m: 0, pl: 2 }}>
      {order.refunds.map((made) => (
        <li key={made.refund_id}>
          {formatMessage(texts.refundMadeBy, {
            date: orderDate(made.created_at),
            amount: formatMoney(made.amount_minor, order.currency),
            admin: made.admin_name ?? '—',
            lines: refundLinesText(made.lines),
          })}
          {made.state === 'pending' && ` — ${texts.refundPending}`}
        </li>
      ))}
    </Typography>
  );
}

export function MerchantOrders() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<MerchantOrder | null>(null);
  const answer = useListMerchantOrdersQuery({
    ...(status ? { status } : {}),
    limit: PAGE,
    offset: page * PAGE,
  });
  const orders = answer.data?.orders;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={texts.filterStatus}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as OrderStatus | '');
          setPage(0);
        }}
        sx={{ maxWidth: 260 }}
        size="small"
      >
        <MenuItem value="">{texts.allStatuses}</MenuItem>
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {statusText(s)}
          </MenuItem>
        ))}
      </TextField>
      <MerchantTable
        error={answer.error}
        rows={orders}
        empty={texts.noMerchantOrders}
        label={texts.ordersTable}
        columns={[
          texts.colDate,
          texts.colBuyer,
          texts.colItems,
          { text: texts.colTotal, align: 'right' },
          texts.colStatus,
          texts.colHistory,
        ]}
        footer={
          <TablePagination
            component="div"
            count={answer.data?.total ?? 0}
            page={page}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            rowsPerPage={PAGE}
            rowsPerPageOptions={[PAGE]}
          />
        }
      >
        {(rows) =>
          rows.map((order) => (
            <TableRow key={order.transaction_id}>
              <TableCell>{orderDate(order.created_at)}</TableCell>
              <TableCell>
                {order.contact.name}
                <Typography variant="body2" color="text.secondary">
                  {order.contact.email}
                </Typography>
              </TableCell>
              <TableCell>
                {order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
                {order.discount_code && (
                  <Typography variant="body2" color="text.secondary">
                    {formatMessage(texts.discountLine, { code: order.discount_code })}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatMoney(order.total_minor, order.currency)}</TableCell>
              <TableCell>
                {statusText(order.status)}
                <RefundsMade order={order} />
                {REFUNDABLE_STATUSES.includes(order.status) && (
                  <Button
                    size="small"
                    color="error"
                    aria-label={formatMessage(texts.refundOf, {
                      date: orderDate(order.created_at),
                      name: order.contact.name,
                    })}
                    onClick={() => {
                      setRefunding(order);
                    }}
                    sx={{ display: 'block' }}
                  >
                    {texts.refund}
                  </Button>
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2" component="ol" sx={{ m: 0, pl: 2 }}>
                  {order.events.map((event, i) => (
                    <li key={i}>
                      {orderDate(event.created_at)}: {statusText(event.to_status as OrderStatus)} (
                      {event.source})
                    </li>
                  ))}
                </Typography>
              </TableCell>
            </TableRow>
          ))
        }
      </MerchantTable>
      {refunding && (
        <RefundDialog
          order={refunding}
          onClose={() => {
            setRefunding(null);
          }}
        />
      )}
    </Stack>
  );
}
