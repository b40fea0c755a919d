/** /product/{product_id} (SPEC §2; guests may browse): one product, from the server, online only. */
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { AddToCart } from './AddToCart';
import { isNotFound, ProductView, reasonOf, ShopPage } from './parts';
import { useGetProductQuery } from './shopApi';

export function ProductPage() {
  const { product_id: id = '' } = useParams();
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetProductQuery(id, { skip: !isOnline });
  const product = answer.data?.product;
  return (
    <ShopPage title={product?.name ?? labels.product}>
      <Button component={RouterLink} to="/products" sx={{ alignSelf: 'flex-start' }}>
        {texts.backToShop}
      </Button>
      {!isOnline ? (
        <Alert severity="warning">
          {messages.offline} {texts.cartKept}
        </Alert>
      ) : answer.error ? (
        <Alert severity="error">
          {isNotFound(answer.error) ? texts.productGone : reasonOf(answer.error)}
        </Alert>
      ) : !product ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <ProductView product={product} actions={<AddToCart product={product} />} />
      )}
    </ShopPage>
  );
}
