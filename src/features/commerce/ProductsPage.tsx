/**
 * /products (SPEC §2; guests may browse): what is for sale, from the server (GET merchant/products),
 * and for a signed-in member their orders below it. Online only, with SPEC's offline message; the
 * cart itself stays usable offline.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { AddToCart } from './AddToCart';
import { formatMoney } from './money';
import { kindText, ProductImage, reasonOf, ShopPage } from './parts';
import { useListProductsQuery } from './shopApi';
import { YourOrders } from './YourOrders';

export function ProductsPage() {
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useListProductsQuery({ showHidden: false }, { skip: !isOnline });
  const products = answer.data?.products;
  const isMember = useAppSelector(selectUser) !== null;
  return (
    <ShopPage title={labels.products}>
      <Button component={RouterLink} to="/cart" sx={{ alignSelf: 'flex-start' }}>
        {texts.viewCart}
      </Button>
      {!isOnline ? (
        <Alert severity="warning">
          {messages.offline} {texts.cartKept}
        </Alert>
      ) : answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : !products ? (
        <CircularProgress aria-label={messages.loading} />
      ) : products.length === 0 ? (
        <Typography>{texts.noProducts}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={labels.products}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {products.map((product) => (
            <li key={product.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Stack spacing={1}>
                    {product.images[0] && (
                      <ProductImage path={product.images[0]} name={product.name} height={160} />
                    )}
                    <Typography variant="h6" component="h2">
                      <Link component={RouterLink} to={`/product/${product.id}`}>
                        {product.name}
                      </Link>
                    </Typography>
                    <Typography>
                      {kindText(product.kind)} · {formatMoney(product.price_minor, product.currency)}
                    </Typography>
                    <AddToCart product={product} />
                  </Stack>
                </CardContent>
              </Card>
            </li>
          ))}
        </Box>
      )}
      {isOnline && isMember && <YourOrders />}
    </ShopPage>
  );
}
