/**
 * /cart (issue 19): the device's cart, kept and editable offline. Its prices are the ones shown when
 * each item was added, so the totals say they are checked at checkout (the server prices the order).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { CART_QUANTITY_MAX } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { useAppDispatch } from '../../app/hooks';
import { cartEdited } from './cartSync';
import { reminderTotals, useDeviceCart, withQuantity, without } from './cartStore';
import { formatMoney } from './money';
import { kindText, ShopPage } from './parts';

export function CartPage() {
  const dispatch = useAppDispatch();
  const cart = useDeviceCart();
  if (!cart) {
    return (
      <ShopPage title={labels.cart}>
        <CircularProgress aria-label={messages.loading} />
      </ShopPage>
    );
  }
  const totals = reminderTotals(cart.lines);
  return (
    <ShopPage title={labels.cart}>
      {cart.lines.length === 0 ? (
        <>
          <Typography>{texts.cartEmpty}</Typography>
          <Button component={RouterLink} to="/products" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            {texts.backToShop}
          </Button>
        </>
      ) : (
        <>
          <List aria-label={labels.cart}>
            {cart.lines.map((line) => (
              <ListItem key={line.product_id} divider sx={{ gap: 2, flexWrap: 'wrap' }}>
                <Stack sx={{ flex: '1 1 14rem' }}>
                  <Link component={RouterLink} to={`/product/${line.product_id}`}>
                    {line.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {kindText(line.kind)} · {formatMoney(line.unit_price_minor, line.currency)}
                  </Typography>
                </Stack>
                <QuantityField
                  name={line.name}
                  quantity={line.quantity}
                  onChange={(quantity) =>
                    void dispatch(cartEdited(withQuantity(cart, line.product_id, quantity)))
                  }
                />
                <Typography sx={{ minWidth: '6rem', textAlign: 'right' }}>
                  {formatMoney(line.unit_price_minor * line.quantity, line.currency)}
                </Typography>
                <IconButton
                  aria-label={formatMessage(texts.removeLine, { name: line.name })}
                  onClick={() => void dispatch(cartEdited(without(cart, [line.product_id])))}
                >
                  <DeleteIcon />
                </IconButton>
              </ListItem>
            ))}
          </List>
          {totals.map((total) => (
            <Typography key={total.currency} variant="h6" component="p">
              {texts.subtotal}: {formatMoney(total.minor, total.currency)}
            </Typography>
          ))}
          <Typography color="text.secondary">{texts.checkedAtCheckout}</Typography>
          {totals.length > 1 && <Alert severity="warning">{texts.mixedCurrencies}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button component={RouterLink} to="/checkout" variant="contained" disabled={totals.length > 1}>
              {texts.toCheckout}
            </Button>
            <Button component={RouterLink} to="/products">
              {texts.backToShop}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {texts.cartKept}
          </Typography>
        </>
      )}
    </ShopPage>
  );
}

/**
 * A line's quantity: what is typed stays in the field while it is not a quantity (an emptied field
 * while typing "12"), and only a whole number from 1 to the maximum changes the cart.
 */
function QuantityField(props: { name: string; quantity: number; onChange: (quantity: number) => void }) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextField
      type="number"
      size="small"
      label={formatMessage(texts.quantityOf, { name: props.name })}
      value={typed ?? String(props.quantity)}
      slotProps={{ htmlInput: { min: 1, max: CART_QUANTITY_MAX, step: 1 } }}
      onChange={(event) => {
        setTyped(event.target.value);
        const quantity = Number(event.target.value);
        if (
          event.target.value !== '' &&
          Number.isInteger(quantity) &&
          quantity >= 1 &&
          quantity <= CART_QUANTITY_MAX
        )
          props.onChange(quantity);
      }}
      onBlur={() => {
        setTyped(null);
      }}
      sx={{ width: '10rem' }}
    />
  );
}
