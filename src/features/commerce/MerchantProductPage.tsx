/**
 * /merchant-product/{product_id} (SPEC §2; admin, SPEC §6): create (`new`) or edit a product —
 * name, Markdown description, price, kind, a logbook's region and species list, stock of printed
 * items, hidden — with images uploaded through an upload slot (POST upload_request, then PUT of the
 * bytes), and a preview exactly as buyers see it. Online only.
 */
import { useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { PRODUCT_KINDS, type Product, type ProductKind } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import {
  draftOf,
  emptyProductDraft,
  imagePathFor,
  inputOf,
  NEW_PRODUCT_ID,
  type ProductDraft,
} from './merchantForm';
import { isNotFound, kindText, ProductImage, ProductView, reasonOf, ShopPage } from './parts';
import {
  providerUrl,
  useCreateProductMutation,
  useGetProductQuery,
  useRequestUploadMutation,
  useUpdateProductMutation,
} from './shopApi';

const randomName = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

export function MerchantProductPage() {
  const { product_id: id = NEW_PRODUCT_ID } = useParams();
  const isNew = id === NEW_PRODUCT_ID;
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGetProductQuery(id, { skip: isNew || !isOnline });
  const product = answer.data?.product;

  if (!isOnline) {
    return (
      <ShopPage title={labels.merchantProduct}>
        <Alert severity="warning">{messages.offline}</Alert>
      </ShopPage>
    );
  }
  if (!isNew && answer.error) {
    return (
      <ShopPage title={labels.merchantProduct}>
        <Alert severity="error">
          {isNotFound(answer.error) ? texts.productNotFound : reasonOf(answer.error)}
        </Alert>
      </ShopPage>
    );
  }
  if (!isNew && !product) {
    return (
      <ShopPage title={labels.merchantProduct}>
        <CircularProgress aria-label={messages.loading} />
      </ShopPage>
    );
  }
  return <ProductEditor key={product?.updated_at ?? 'new'} product={product} />;
}

function ProductEditor({ product }: { product: Product | undefined }) {
  const navigate = useNavigate();
  const authToken = useAppSelector((state) => state.session.authToken);
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftOf(product) : emptyProductDraft()));
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [create, created] = useCreateProductMutation();
  const [update, updated] = useUpdateProductMutation();
  const [requestUpload] = useRequestUploadMutation();
  const made = inputOf(draft, product?.file ?? null);
  const problems = tried && 'problems' in made ? made.problems : {};
  const saveError = created.error ?? updated.error;

  useEffect(() => {
    setNotice(null);
  }, [draft]);

  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((before) => ({ ...before, [field]: value }));
  };
  const text = (
    field: 'name' | 'description' | 'price' | 'currency' | 'location_id' | 'classification' | 'stock',
  ) => ({
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(field, event.target.value);
    },
    error: !!problems[field],
    helperText: problems[field],
  });

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setTried(true);
    if (!('input' in made)) return;
    try {
      if (product) {
        await update({ id: product.id, input: made.input }).unwrap();
        setNotice(texts.saved);
      } else {
        const answer = await create(made.input).unwrap();
        await navigate(`/merchant-product/${answer.product.id}`, { replace: true });
      }
    } catch {
      // Shown from the mutation's state.
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const slot = await requestUpload(imagePathFor(file.name, randomName())).unwrap();
      const response = await fetch(providerUrl(slot.upload_url), {
        method: 'PUT',
        headers: {
          'content-type': 'application/octet-stream',
          ...(authToken ? { authorization: `Bearer ${authToken}` } : {}),
        },
        body: file,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { reason?: string } | null;
        setUploadError(body?.reason ?? (response.statusText || messages.serverError));
        return;
      }
      setDraft((before) => ({ ...before, images: [...before.images, slot.filepath] }));
    } catch (error) {
      setUploadError(reasonOf(error));
    } finally {
      setUploading(false);
    }
  }

  const previewed: Product | null =
    'input' in made
      ? {
          ...made.input,
          id: product?.id ?? NEW_PRODUCT_ID,
          created_at: product?.created_at ?? '',
          updated_at: product?.updated_at ?? '',
        }
      : null;

  return (
    <ShopPage title={product ? product.name : texts.newProduct}>
      <Stack component="form" spacing={2} onSubmit={(event) => void save(event)} noValidate>
        <TextField label={texts.fieldProductName} required {...text('name')} />
        <TextField label={texts.fieldDescription} multiline minRows={4} {...text('description')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={texts.fieldPrice} inputMode="decimal" required {...text('price')} />
          <TextField label={texts.fieldCurrency} required {...text('currency')} />
          <TextField
            select
            label={texts.fieldKind}
            value={draft.kind}
            onChange={(event) => {
              set('kind', event.target.value as ProductKind);
            }}
            slotProps={{ select: { native: true } }}
          >
            {PRODUCT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindText(kind)}
              </option>
            ))}
          </TextField>
        </Stack>
        {draft.kind === 'logbook' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={texts.fieldLocation} required {...text('location_id')} />
            <TextField label={texts.fieldClassification} required {...text('classification')} />
          </Stack>
        )}
        {draft.kind === 'physical' && (
          <TextField label={texts.fieldStock} inputMode="numeric" {...text('stock')} />
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.hidden}
              onChange={(event) => {
                set('hidden', event.target.checked);
              }}
            />
          }
          label={texts.fieldHidden}
        />
        <Typography variant="h6" component="h2">
          {texts.images}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {draft.images.map((path, index) => (
            <Stack key={path} spacing={1} sx={{ alignItems: 'center' }}>
              <ProductImage path={path} name={draft.name} height={100} />
              <IconButton
                aria-label={formatMessage(texts.removeImage, { n: index + 1 })}
                onClick={() => {
                  set(
                    'images',
                    draft.images.filter((image) => image !== path),
                  );
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={uploading}
          sx={{ alignSelf: 'flex-start' }}
        >
          {uploading ? texts.uploading : texts.addImage}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hidden
            onChange={(event) => void upload(event)}
          />
        </Button>
        {uploadError && <Alert severity="error">{uploadError}</Alert>}
        {saveError && <Alert severity="error">{reasonOf(saveError)}</Alert>}
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={created.isLoading || updated.isLoading}>
            {texts.save}
          </Button>
          <Button component={RouterLink} to="/merchant-products">
            {labels.merchantProducts}
          </Button>
          {product && !product.hidden && (
            <Button component={RouterLink} to={`/product/${product.id}`}>
              {texts.openInShop}
            </Button>
          )}
        </Stack>
      </Stack>
      <Divider />
      <Typography variant="h5" component="h2">
        {texts.previewHeading}
      </Typography>
      {previewed && (
        <section aria-label={texts.preview}>
          <Typography variant="h4" component="p">
            {previewed.name}
          </Typography>
          <ProductView product={previewed} />
        </section>
      )}
    </ShopPage>
  );
}
