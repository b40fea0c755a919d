/**
 * The Orders tab of /merchant-products (admin; SPEC has no route for it, docs/shop.md): every order,
 * newest first, filtered by status and paged (GET merchant/orders), with the buyer, what was bought,
 * the total and every status change; a paid order can be refunded after a confirmation
 * (POST merchant/orders/{id}/refund), which also takes back the logbook it granted.
 */
import { useState } from 'react';
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
import { ORDER_STATUSES, REFUNDABLE_STATUSES, type MerchantOrder, type OrderStatus } from '@contract/shop';
import { shopTexts as texts } from '@contract/shopTexts';
import { formatMoney } from './money';
import { orderDate, statusText } from './orderStatus';
import { MerchantTable, reasonOf } from './parts';
import { useListMerchantOrdersQuery, useRefundOrderMutation } from './shopApi';

const PAGE = 25;

function RefundDialog({ order, onClose }: { order: MerchantOrder; onClose: () => void }) {
  const [refund, state] = useRefundOrderMutation();
  const total = formatMoney(order.total_minor, order.currency);
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title">
      <DialogTitle id="refund-title">
        {formatMessage(texts.refundOf, { date: orderDate(order.created_at), name: order.contact.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {formatMessage(texts.refundConfirm, { total, name: order.contact.name, provider: order.provider })}
        </DialogContentText>
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
          disabled={state.isLoading}
          onClick={() => {
            void refund(order.transaction_id)
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
            onPageChange={(_event, next) => setPage(next)}
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
                {REFUNDABLE_STATUSES.includes(order.status) && (
                  <Button
                    size="small"
                    color="error"
                    aria-label={formatMessage(texts.refundOf, {
                      date: orderDate(order.created_at),
                      name: order.contact.name,
                    })}
                    onClick={() => setRefunding(order)}
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
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}
