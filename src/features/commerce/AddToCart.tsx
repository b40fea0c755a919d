/** The product's "Add to cart" (works offline: the cart is on the device) and a way to the cart. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import type { Product } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { useAppDispatch } from '../../app/hooks';
import { cartEdited } from './cartSync';
import { useDeviceCart, withProduct } from './cartStore';

export function AddToCart({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const cart = useDeviceCart();
  const line = cart?.lines.find((item) => item.product_id === product.id);
  const soldOut = product.stock !== null && product.stock <= (line?.quantity ?? 0);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<AddShoppingCartIcon />}
        disabled={!cart || soldOut}
        aria-label={`${texts.addToCart}: ${product.name}`}
        onClick={() => cart && void dispatch(cartEdited(withProduct(cart, product)))}
      >
        {texts.addToCart}
      </Button>
      {line && (
        <>
          <Typography role="status">
            {texts.inCart}: {line.quantity}
          </Typography>
          <Button component={RouterLink} to="/cart">
            {texts.viewCart}
          </Button>
        </>
      )}
    </Stack>
  );
}
