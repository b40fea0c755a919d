/** The server-priced lines, discount and total of /checkout and /payment. */
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import type { Cart } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { formatMoney } from './money';

export function OrderSummary({
  cart,
  discountCode,
  discountMinor,
}: {
  cart: Cart;
  discountCode: string | null;
  discountMinor: number | null;
}) {
  const currency = cart.currency;
  const unavailable = cart.items.filter((item) => !item.available && item.name !== '');
  if (currency === null) return <Alert severity="warning">{texts.mixedCurrencies}</Alert>;
  const discount = discountMinor ?? 0;
  return (
    <>
      {unavailable.map((item) => (
        <Alert key={item.product_id} severity="warning">
          {formatMessage(texts.unavailableLine, { name: item.name })}
        </Alert>
      ))}
      <Table size="small" aria-label={labels.order}>
        <TableBody>
          {cart.items
            .filter((item) => item.available)
            .map((item) => (
              <TableRow key={item.product_id}>
                <TableCell>
                  {item.name} × {item.quantity}
                </TableCell>
                <TableCell align="right">{formatMoney(item.line_total_minor, currency)}</TableCell>
              </TableRow>
            ))}
          <TableRow>
            <TableCell>{texts.subtotal}</TableCell>
            <TableCell align="right">{formatMoney(cart.subtotal_minor, currency)}</TableCell>
          </TableRow>
          {discountCode && discountMinor !== null && (
            <TableRow>
              <TableCell>{formatMessage(texts.discountLine, { code: discountCode })}</TableCell>
              <TableCell align="right">−{formatMoney(discount, currency)}</TableCell>
            </TableRow>
          )}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{texts.total}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="order-total">
              {formatMoney(Math.max(0, cart.subtotal_minor - discount), currency)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </>
  );
}
