/**
 * The ebook media library (docs/api.md "Ebooks"): POST ebooks/media stores a picture through the
 * photo pipeline (files served by GET media/{id}/…, metadata stripped), GET ebooks/admin/media
 * filters and pages it, GET ebooks/admin/media/{id}; a picture is a page template's thumbnail.
 * Runs on PGlite, and on PostgreSQL with FIELDMARK_TEST_DB=postgres.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EbookMediaListResponseSchema,
  EbookMediaResponseSchema,
  type EbookMedia,
  type EbookMediaListResponse,
  type EbookMediaResponse,
  type EbookMediaUpload,
  type PageTemplateResponse,
} from '@contract/ebooks';
import type { Failed } from '@contract/envelope';
import { messages } from '@contract/messages';
import {
  buildTestApp,
  callApi,
  createMember,
  fetchClientToken,
  signIn,
  type CallMethod,
  type TestApp,
} from './helpers';
import { dataUrl, fetchUrl, phoneJpeg, smallJpeg } from './media-helpers';

let t: TestApp;
let admin: string;
let member: string;
let client: string;
let jpeg: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t, await createMember(t, { roles: ['member', 'admin'] }))).auth_token;
  member = (await signIn(t, await createMember(t, { roles: ['member'] }))).auth_token;
  client = await fetchClientToken(t);
  jpeg = dataUrl(await smallJpeg());
});
afterAll(() => t.close());

function call(method: CallMethod, path: string, token: string | null, payload?: unknown) {
  return callApi(t, method, path, token, payload);
}

async function upload(fields: Partial<EbookMediaUpload> = {}): Promise<EbookMedia> {
  const response = await call('POST', 'ebooks/media', admin, { photo: jpeg, type: 'photo', ...fields });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<EbookMediaResponse>();
  expect(Value.Check(EbookMediaResponseSchema, body)).toBe(true);
  return body.media;
}

async function list(query: string): Promise<EbookMediaListResponse> {
  const response = await call('GET', `ebooks/admin/media${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<EbookMediaListResponse>();
  expect(Value.Check(EbookMediaListResponseSchema, body)).toBe(true);
  return body;
}

describe('POST ebooks/media', () => {
  it('stores a picture as every photo is stored: upright, fitted, no metadata, served by media/{id}', async () => {
    const stored = await upload({
      photo: dataUrl(await phoneJpeg()),
      photo_name: ' Kea on the pass ',
      type: 'illustration',
      category: ' Parrots ',
    });
    expect(stored).toMatchObject({
      type: 'illustration',
      category: 'Parrots',
      photo_name: 'Kea on the pass',
    });
    // The phone photo lies on its side (EXIF orientation 6): stored upright.
    expect([stored.width, stored.height]).toEqual([800, 1200]);
    const original = await fetchUrl(t, stored.path);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(original.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await fetchUrl(t, stored.thumbnail);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const read = await call('GET', `ebooks/admin/media/${stored.media_id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json<EbookMediaResponse>().media).toEqual(stored);
  });

  it('refuses what is not a photo, bad fields, guests, client tokens and members', async () => {
    const refuse = async (payload: unknown, token: string | null, status: number) => {
      const response = await call('POST', 'ebooks/media', token, payload);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<Failed>();
      expect(body.status).toBe('failed');
      return body.reason;
    };
    const before = (await list('')).total;
    expect(
      await refuse({ photo: dataUrl(Buffer.from('<svg/>'), 'image/svg+xml'), type: 'photo' }, admin, 400),
    ).toBe(messages.photoNotImage);
    expect(await refuse({ photo: 'not base64!', type: 'photo' }, admin, 400)).toBe(messages.photoNotBase64);
    expect(await refuse({ photo: jpeg, type: 'poster' }, admin, 400)).toContain('type');
    expect(await refuse({ photo: jpeg }, admin, 400)).toContain('type');
    expect(await refuse({ photo: jpeg, type: 'photo', category: 'a\u0000b' }, admin, 400)).toContain(
      'category',
    );
    expect(await refuse({ photo: jpeg, type: 'photo' }, null, 401)).toBe(messages.signInRequired);
    expect(await refuse({ photo: jpeg, type: 'photo' }, client, 401)).toBe(messages.signInRequired);
    expect(await refuse({ photo: jpeg, type: 'photo' }, member, 403)).toBe(messages.notAuthorised);
    expect((await list('')).total).toBe(before);
  });
});

describe('GET ebooks/admin/media', () => {
  it('filters by type, category and words of the name or category, newest first, paged', async () => {
    const tag = `set${Math.floor(Math.random() * 1e6)}`;
    const made: EbookMedia[] = [];
    const pictures: Array<Partial<EbookMediaUpload>> = [
      { type: 'photo', category: tag, photo_name: 'Kea at Arthur’s Pass' },
      { type: 'map', category: tag, photo_name: 'South Island range' },
      { type: 'photo', category: tag, photo_name: 'Kākā in the forest' },
      { type: 'cover', category: `${tag}-covers`, photo_name: 'Front cover' },
    ];
    for (const picture of pictures) {
      made.push(await upload(picture));
      t.clock.advance(1);
    }
    const ids = (entries: EbookMedia[]) => entries.map((entry) => entry.media_id);
    const [kea, map, kaka, cover] = made.map((entry) => entry.media_id);

    const byCategory = await list(`?filters_category=${tag.toUpperCase()}`);
    expect(ids(byCategory.media)).toEqual([kaka, map, kea]);
    expect(byCategory.total).toBe(3);
    expect(ids((await list(`?filters_category=${tag}&filters_type=photo`)).media)).toEqual([kaka, kea]);
    // Words, any case or accents; the category is searched too.
    expect(ids((await list(`?filters_category=${tag}&filter_search=KAKA`)).media)).toEqual([kaka]);
    expect(ids((await list(`?filter_search=${tag}%20cov`)).media)).toEqual([cover]);
    const page = await list(`?filters_category=${tag}&skip=1&limit=1`);
    expect(ids(page.media)).toEqual([map]);
    expect(page.total).toBe(3);
    expect((await list(`?filters_category=${tag}&filters_type=background`)).media).toEqual([]);
  });

  it('refuses bad filters, unknown pictures, guests, client tokens and members', async () => {
    for (const query of ['?filters_type=poster', '?limit=0', '?limit=201', '?skip=-1']) {
      const response = await call('GET', `ebooks/admin/media${query}`, admin);
      expect(response.statusCode, query).toBe(400);
    }
    const unknown = await call('GET', `ebooks/admin/media/${randomUUID()}`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Failed>().reason).toBe(messages.ebookMediaNotFound);
    for (const path of ['ebooks/admin/media', `ebooks/admin/media/${randomUUID()}`]) {
      expect((await call('GET', path, null)).statusCode).toBe(401);
      expect((await call('GET', path, client)).statusCode).toBe(401);
      const asMember = await call('GET', path, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json<Failed>().reason).toBe(messages.notAuthorised);
    }
  });

  it('a picture of the library is a page template thumbnail; other photos are not', async () => {
    const picture = await upload({ type: 'illustration', photo_name: 'Two columns' });
    const made = await call('POST', 'ebooks/admin/page_templates', admin, {
      name: 'Two columns',
      template: '<page columns="2"/>',
      thumbnail: picture.media_id.toUpperCase(),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<PageTemplateResponse>().page_template).toMatchObject({
      thumbnail: picture.media_id,
      thumbnail_url: picture.thumbnail,
    });
    // A sighting photo is a media row too, but not the library's.
    const speciesPhoto = randomUUID();
    const file = { content_type: 'image/jpeg', width: 1, height: 1, bytes: 1 };
    await t.db
      .insertInto('media')
      .values({
        id: speciesPhoto,
        kind: 'observation',
        species_id: null,
        owner_id: null,
        photo_name: null,
        variants: JSON.stringify({
          original: { key: `${speciesPhoto}/original.jpg`, ...file },
          thumbnail: { key: `${speciesPhoto}/thumbnail.webp`, ...file },
        }),
        width: 1,
        height: 1,
      })
      .execute();
    const refused = await call('POST', 'ebooks/admin/page_templates', admin, {
      name: 'Other',
      template: '',
      thumbnail: speciesPhoto,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Failed>().reason).toBe(messages.ebookThumbnailUnknown);
    expect((await call('GET', `ebooks/admin/media/${speciesPhoto}`, admin)).statusCode).toBe(404);
  });
});
