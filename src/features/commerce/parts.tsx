/**
 * Pieces the shop pages share: the page frame with its heading, a product's kind, the way a failed
 * call reads, and the product as buyers see it (the product page and the merchant's preview show
 * exactly the same).
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { formatMessage, messages } from '@contract/messages';
import type { Product } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import type { ApiFailure } from '../../api/ApiError';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { Markdown } from '../cms/embeds';
import { formatMoney } from './money';
import { productImageUrl } from './shopApi';

export function ShopPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 900 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export function kindText(kind: string): string {
  if (kind === 'logbook') return texts.kindLogbook;
  if (kind === 'ebook') return texts.kindEbook;
  return texts.kindPhysical;
}

/** The server's reason for a refused call (SPEC §8), or the generic one. */
export function reasonOf(error: unknown): string {
  return error && typeof error === 'object' && 'reason' in error
    ? (error as ApiFailure).reason
    : messages.serverError;
}

/** Whether a refused call was a 404 (a product or order that is not there, or not for this member). */
export function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'status' in error && (error as ApiFailure).status === 404;
}

export function ProductImage({ path, name, height = 220 }: { path: string; name: string; height?: number }) {
  return (
    <Box
      component="img"
      src={productImageUrl(path)}
      alt={formatMessage(texts.productImage, { name })}
      sx={{ maxWidth: '100%', height, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

/** A product as buyers see it, with an action area (add to cart, or nothing in the preview). */
export function ProductView({ product, actions }: { product: Product; actions?: ReactNode }) {
  const soldOut = product.stock !== null && product.stock <= 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={kindText(product.kind)} size="small" />
        <Typography variant="h5" component="p">
          {formatMoney(product.price_minor, product.currency)}
        </Typography>
        {soldOut && <Chip label={texts.outOfStock} color="warning" size="small" />}
      </Stack>
      {product.images.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ overflowX: 'auto' }}>
          {product.images.map((path) => (
            <ProductImage key={path} path={path} name={product.name} />
          ))}
        </Stack>
      )}
      <Markdown markdown={product.description} topLevel={2} />
      {actions}
    </Stack>
  );
}

/** For a guest where the next step needs an account (checkout, payment, an order): sign in here. */
export function NeedsSignIn({ why }: { why: string }) {
  const dispatch = useAppDispatch();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}>
          {messages.signIn}
        </Button>
      }
    >
      {why}
    </Alert>
  );
}

/** A column of a merchant table: its heading, right-aligned for numbers. */
export type Column = string | { text: string; align: 'right' };

/**
 * A merchant list as its call answers: the server's refusal, a spinner while it loads, the empty
 * text, or the table with these columns (the tabs of /merchant-products all read this way).
 */
export function MerchantTable<T>({
  error,
  rows,
  empty,
  label,
  columns,
  children,
  footer,
}: {
  error: unknown;
  rows: readonly T[] | undefined;
  empty: string;
  label: string;
  columns: readonly Column[];
  children: (rows: readonly T[]) => ReactNode;
  footer?: ReactNode;
}) {
  if (error) return <Alert severity="error">{reasonOf(error)}</Alert>;
  if (!rows) return <CircularProgress aria-label={messages.loading} />;
  if (rows.length === 0) return <Typography>{empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <TableCell key={column}>{column}</TableCell>
              ) : (
                <TableCell key={column.text} align={column.align}>
                  {column.text}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children(rows)}</TableBody>
      </Table>
      {footer}
    </TableContainer>
  );
}

/** The foot of a merchant form: its submit button, what the last submit made, and why it failed. */
export function MerchantFormFoot(props: {
  label: string;
  busy: boolean;
  done: string | null;
  error: unknown;
}) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={props.busy}>
          {props.label}
        </Button>
        {props.done && <Alert severity="success">{props.done}</Alert>}
      </Stack>
      {props.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {reasonOf(props.error)}
        </Alert>
      )}
    </>
  );
}
