/**
 * The merchant's product form: what is typed (prices as decimals, stock as text) and the product it
 * makes (ProductInputSchema: prices in minor units, a logbook's grant, stock only for printed
 * items), with what is wrong by field so nothing is sent that the server would refuse for form reasons.
 */
import type { Product, ProductInput, ProductKind } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { decimalToMinor, minorToDecimal } from './money';

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  currency: string;
  kind: ProductKind;
  location_id: string;
  classification: string;
  stock: string;
  hidden: boolean;
  images: string[];
}

export const NEW_PRODUCT_ID = 'new';

export function emptyProductDraft(): ProductDraft {
  return {
    name: '',
    description: '',
    price: '',
    currency: 'USD',
    kind: 'logbook',
    location_id: '',
    classification: '',
    stock: '',
    hidden: true,
    images: [],
  };
}

export function draftOf(product: Product): ProductDraft {
  return {
    name: product.name,
    description: product.description,
    price: minorToDecimal(product.price_minor, product.currency),
    currency: product.currency,
    kind: product.kind,
    location_id: product.grants.logbook?.location_id ?? '',
    classification: product.grants.logbook?.classification ?? '',
    stock: product.stock === null ? '' : String(product.stock),
    hidden: product.hidden,
    images: product.images,
  };
}

export type ProductProblems = Partial<Record<keyof ProductDraft, string>>;

/** The product input, or what is wrong by field. `file` is kept from the product being edited. */
export function inputOf(
  draft: ProductDraft,
  file: string | null = null,
): { input: ProductInput } | { problems: ProductProblems } {
  const problems: ProductProblems = {};
  const currency = draft.currency.trim().toUpperCase();
  if (draft.name.trim() === '') problems.name = texts.nameNeeded;
  if (!/^[A-Z]{3}$/.test(currency)) problems.currency = texts.currencyInvalid;
  const price = problems.currency ? null : decimalToMinor(draft.price, currency);
  if (price === null) problems.price = texts.priceInvalid;
  const location = draft.location_id.trim();
  const classification = draft.classification.trim();
  if (draft.kind === 'logbook') {
    if (location === '') problems.location_id = texts.logbookNeeded;
    if (!/^[a-z0-9-]{1,64}$/.test(classification)) problems.classification = texts.logbookNeeded;
  }
  const stockText = draft.stock.trim();
  const stock = draft.kind !== 'physical' || stockText === '' ? null : Number(stockText);
  if (stock !== null && (!Number.isInteger(stock) || stock < 0)) problems.stock = texts.stockInvalid;
  if (Object.keys(problems).length > 0 || price === null) return { problems };
  return {
    input: {
      name: draft.name.trim(),
      description: draft.description,
      images: draft.images,
      price_minor: price,
      currency,
      kind: draft.kind,
      grants: draft.kind === 'logbook' ? { logbook: { location_id: location, classification } } : {},
      hidden: draft.hidden,
      stock,
      file,
    },
  };
}

/** An upload path for a chosen image file (UPLOAD_PATH_PATTERN: lower case, no dot segments). */
export function imagePathFor(fileName: string, random: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension =
    dot > 0
      ? fileName
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 60);
  const name = `${random}${stem ? `-${stem}` : ''}`.replace(/-+$/, '');
  return `images/products/${name}${extension ? `.${extension.slice(0, 8)}` : ''}`;
}
