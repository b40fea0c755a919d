/**
 * /merchant-products (SPEC §2; admin, SPEC §6): every product, hidden ones too
 * (GET merchant/products?show_hidden=true), each linking to its editor; and, in tabs (SPEC has no
 * routes for them; docs/shop.md), the orders with refunds, the discount codes and the printed
 * activation codes. The tab is in the address (`?tab=orders`), so a reload or a link keeps it.
 * Online only.
 */
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { MerchantCodeBatches } from './MerchantCodeBatches';
import { MerchantDiscounts } from './MerchantDiscounts';
import { MerchantOrders } from './MerchantOrders';
import { NEW_PRODUCT_ID } from './merchantForm';
import { formatMoney } from './money';
import { kindText, MerchantTable, ShopPage } from './parts';
import { useListProductsQuery } from './shopApi';

const TABS = [
  ['products', texts.tabProducts],
  ['orders', texts.tabOrders],
  ['discounts', texts.tabDiscounts],
  ['codes', texts.tabCodes],
] as const;
type TabName = (typeof TABS)[number][0];

export function MerchantProductsPage() {
  const isOnline = useAppSelector(selectIsOnline);
  const [search, setSearch] = useSearchParams();
  const tab: TabName = TABS.find(([name]) => name === search.get('tab'))?.[0] ?? 'products';
  return (
    <ShopPage title={labels.merchantProducts}>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => {
          setSearch(next === 'products' ? {} : { tab: next });
        }}
        aria-label={texts.merchantSections}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map(([name, text]) => (
          <Tab
            key={name}
            value={name}
            label={text}
            id={`merchant-tab-${name}`}
            aria-controls="merchant-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="merchant-panel" aria-labelledby={`merchant-tab-${tab}`}>
        {!isOnline ? (
          <Alert severity="warning">{messages.offline}</Alert>
        ) : tab === 'orders' ? (
          <MerchantOrders />
        ) : tab === 'discounts' ? (
          <MerchantDiscounts />
        ) : tab === 'codes' ? (
          <MerchantCodeBatches />
        ) : (
          <ProductList />
        )}
      </div>
    </ShopPage>
  );
}

function ProductList() {
  const answer = useListProductsQuery({ showHidden: true });
  const products = answer.data?.products;
  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={`/merchant-product/${NEW_PRODUCT_ID}`}
        variant="contained"
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {texts.newProduct}
      </Button>
      <MerchantTable
        error={answer.error}
        rows={products}
        empty={texts.noMerchantProducts}
        label={labels.merchantProducts}
        columns={[texts.colName, texts.colKind, { text: texts.colPrice, align: 'right' }, texts.colStatus]}
      >
        {(rows) =>
          rows.map((product) => (
            <TableRow key={product.id}>
              <TableCell>
                <Link component={RouterLink} to={`/merchant-product/${product.id}`}>
                  {product.name}
                </Link>
              </TableCell>
              <TableCell>{kindText(product.kind)}</TableCell>
              <TableCell align="right">{formatMoney(product.price_minor, product.currency)}</TableCell>
              <TableCell>
                {product.hidden ? <Chip size="small" label={texts.hiddenBadge} /> : texts.visible}
              </TableCell>
            </TableRow>
          ))
        }
      </MerchantTable>
    </Stack>
  );
}
