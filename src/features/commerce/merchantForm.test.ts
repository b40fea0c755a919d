import { describe, expect, it } from 'vitest';
import { UPLOAD_PATH_PATTERN, type Product } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { draftOf, emptyProductDraft, imagePathFor, inputOf } from './merchantForm';

const logbook: Product = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  name: 'Mammals of South Africa',
  description: 'Every larger mammal.',
  images: ['images/products/abc-cover.jpg'],
  price_minor: 1999,
  currency: 'ZAR',
  kind: 'logbook',
  grants: { logbook: { location_id: 'ZAF', classification: 'mammals-larger' } },
  hidden: false,
  stock: null,
  file: null,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
};

describe('the merchant product form', () => {
  it('gives back the product it was made from', () => {
    const { id, created_at, updated_at, ...input } = logbook;
    expect(inputOf(draftOf(logbook))).toEqual({ input });
    expect([id, created_at, updated_at]).toHaveLength(3);
  });

  it('names every field that is wrong and makes no product', () => {
    const draft = { ...emptyProductDraft(), price: '1.999', currency: 'usd' };
    expect(inputOf(draft)).toEqual({
      problems: {
        name: texts.nameNeeded,
        price: texts.priceInvalid,
        location_id: texts.logbookNeeded,
        classification: texts.logbookNeeded,
      },
    });
    expect(inputOf({ ...draft, name: 'Poster', kind: 'physical', price: '5', stock: '-2' })).toEqual({
      problems: { stock: texts.stockInvalid },
    });
  });

  it('gives stock only to printed items and a grant only to logbooks', () => {
    const made = inputOf({ ...emptyProductDraft(), name: 'Guide', kind: 'ebook', price: '0', stock: '4' });
    expect(made).toMatchObject({ input: { stock: null, grants: {}, price_minor: 0 } });
  });

  it('makes upload paths the server accepts from any file name', () => {
    const pattern = new RegExp(UPLOAD_PATH_PATTERN);
    for (const name of ['Cover Photo.JPG', '../../etc/passwd', '.hidden.png', 'été ☀.webp', 'noext'])
      expect(imagePathFor(name, 'k3j9x2')).toMatch(pattern);
    expect(imagePathFor('Cover Photo.JPG', 'k3j9x2')).toBe('images/products/k3j9x2-cover-photo.jpg');
  });
});
