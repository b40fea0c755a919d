/**
 * Species photos over HTTP on a real database with the demo extract: a camera JPEG with a GPS
 * position goes in through POST species/{id}/images, comes out upright, at most 2048 px and without
 * any EXIF, with a WebP thumbnail, both served with their content type and cached for good; who may
 * upload and delete; the species' new `mod` bringing the thumbnail to the next pull; a re-import
 * keeping the photo; the delete removing it everywhere.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SpeciesImageDeleteResponse,
  SpeciesImagesResponse,
  SpeciesImageUploadResponse,
} from '@contract/media';
import { messages } from '@contract/messages';
import type { Species } from '@contract/species';
import type { PullResponse } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData, importSpecies } from '../../server/db/species/seed';
import { SPECIES_EXTRACT_DIR } from '../../server/db/species/sources';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { createSyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let elephant: string;
let lion: string;
let clientToken: string;
let memberToken: string;
let curator: { id: string; token: string };
let adminToken: string;

/** A 3000×2000 camera JPEG lying on its side (EXIF orientation 6), with a GPS position. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 110, b: 70 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FieldCam' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '24/1 0/1 42/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 29/1 5/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A well-formed member id no member has. */
const NOBODY = '00000000-0000-4000-8000-000000000000';

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

async function speciesIdOf(scientificName: string): Promise<string> {
  const row = await t.db
    .selectFrom('species')
    .select('id')
    .where('scientific_name', '=', scientificName)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function speciesRow(id: string) {
  return t.db
    .selectFrom('species')
    .select(['mod', 'rev', 'photo'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function upload(speciesId: string, token: string | undefined, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: api(`/species/${speciesId}/images`),
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  elephant = await speciesIdOf('Loxodonta africana');
  lion = await speciesIdOf('Panthera leo');
  clientToken = await fetchClientToken(t);
  memberToken = (await createSyncMember(t)).device1;
  const species = await createSyncMember(t);
  await t.db
    .updateTable('users')
    .set({ permissions: JSON.stringify({ 'species-admin': ['r'] }) })
    .where('id', '=', species.id)
    .execute();
  curator = { id: species.id, token: species.device1 };
  const admin = await createSyncMember(t);
  await t.db
    .updateTable('users')
    .set({ roles: ['member', 'admin'] })
    .where('id', '=', admin.id)
    .execute();
  adminToken = admin.device1;
}, 120_000);
afterAll(() => t.close());

describe('POST species/{id}/images', () => {
  let uploaded: SpeciesImageUploadResponse;
  let modBefore: number;

  it('refuses anyone but admins and species admins', async () => {
    const photo = dataUrl(await cameraJpeg());
    expect((await upload(elephant, undefined, { photo })).statusCode).toBe(401);
    expect((await upload(elephant, clientToken, { photo })).statusCode).toBe(401);
    const member = await upload(elephant, memberToken, { photo });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ status: 'failed', reason: messages.notAuthorised });
    expect((await speciesRow(elephant)).photo.thumbs).toEqual([]);
  });

  it('stores an upright, resized copy without EXIF and a WebP thumbnail, and adds it to photo.thumbs', async () => {
    modBefore = Number((await speciesRow(elephant)).mod);
    const response = await upload(elephant, curator.token, {
      photo: dataUrl(await cameraJpeg()),
      photo_name: 'Kruger bull.jpg',
    });
    expect(response.statusCode, response.body).toBe(200);
    uploaded = response.json<SpeciesImageUploadResponse>();
    const { image } = uploaded;
    expect(image).toMatchObject({
      width: 1365,
      height: 2048,
      photo_name: 'Kruger bull.jpg',
      user_id: curator.id,
      category: 'species',
      path: api(`/media/${image.media_id}/original.jpg`),
      thumbnail: api(`/media/${image.media_id}/thumbnail.webp`),
    });
    expect(uploaded.thumbs).toEqual([{ media_id: image.media_id, path: image.thumbnail }]);
    expect((await speciesRow(elephant)).photo.thumbs).toEqual(uploaded.thumbs);

    const original = await get(image.path);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(original.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1365, height: 2048 });
    expect(stored.exif).toBeUndefined();
    expect(original.rawPayload.includes('WGS-84')).toBe(false);
    expect(original.rawPayload.includes('FieldCam')).toBe(false);

    const thumbnail = await get(image.thumbnail);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 213, height: 320 });
    expect(small.exif).toBeUndefined();
    // The unsuffixed variant name serves the same file.
    expect((await get(api(`/media/${image.media_id}/thumbnail`))).rawPayload).toEqual(thumbnail.rawPayload);
  });

  it('gives the species a new mod and revision, so the next pull brings the thumbnail', async () => {
    const row = await speciesRow(elephant);
    expect(Number(row.mod)).toBeGreaterThan(modBefore);
    expect(row.rev).toMatch(/^\d+_photo$/);
    const response = await get(
      api(
        `/collection/species?last_mod=${modBefore}&filter=${encodeURIComponent(
          JSON.stringify({ classifications: ['Mammals|Larger'], location_ids: ['ZAF'] }),
        )}`,
      ),
      memberToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const pulled = response.json<PullResponse>().records.find((record) => record.id === elephant);
    expect((pulled?.data as unknown as Species | undefined)?.photo.thumbs).toEqual(uploaded.thumbs);
  });

  it('keeps the photo through a re-import of the species lists', async () => {
    const counts = await importSpecies(t.db, SPECIES_EXTRACT_DIR, 'demo');
    // The importer sees the photo revision as a change and writes the list's data again …
    expect(counts.written).toBeGreaterThanOrEqual(1);
    // … but never the photos.
    expect((await speciesRow(elephant)).photo.thumbs).toEqual(uploaded.thumbs);
  });

  it('answers 400 for what is not a photo, 413 for too large, 404 for an unknown species', async () => {
    const text = await upload(lion, curator.token, {
      photo: dataUrl(Buffer.from('just some text'), 'image/png'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: 'failed', reason: messages.photoNotImage });

    const notBase64 = await upload(lion, curator.token, { photo: 'data:image/jpeg,raw' });
    expect(notBase64.json()).toEqual({ status: 'failed', reason: messages.photoNotBase64 });

    const huge = await upload(lion, curator.token, { photo: dataUrl(Buffer.alloc(16 * 1024 * 1024)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ reason: string }>().reason).toBe(
      'This photo is too large: please upload one of at most 15 MB.',
    );

    const unknown = await upload('mdd-0', curator.token, { photo: dataUrl(await cameraJpeg()) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.speciesNotFound });
    expect((await speciesRow(lion)).photo.thumbs).toEqual([]);
  });
});

describe('GET species/{id}/images', () => {
  it('lists the photos with a client token, filtered by uploader and category', async () => {
    const all = await get(api(`/species/${elephant}/images`), clientToken);
    expect(all.statusCode, all.body).toBe(200);
    const { images } = all.json<SpeciesImagesResponse>();
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ user_id: curator.id, width: 1365, height: 2048 });

    const byCurator = await get(
      api(`/species/${elephant}/images?user_id=${curator.id}&category=species`),
      clientToken,
    );
    expect(byCurator.json<SpeciesImagesResponse>().images).toEqual(images);
    const byOther = await get(api(`/species/${elephant}/images?user_id=${NOBODY}`), clientToken);
    expect(byOther.json<SpeciesImagesResponse>().images).toEqual([]);
    const shuffled = await get(api(`/species/${elephant}/images?randomize=true&limit=5`), clientToken);
    expect(shuffled.json<SpeciesImagesResponse>().images).toEqual(images);
    expect(
      (await get(api(`/species/${elephant}/images?skip=1`), clientToken)).json<SpeciesImagesResponse>()
        .images,
    ).toEqual([]);
    expect(
      (await get(api(`/species/${lion}/images`), clientToken)).json<SpeciesImagesResponse>().images,
    ).toEqual([]);
  });

  it('answers 404 for an unknown species and 400 for an unknown category', async () => {
    expect((await get(api('/species/mdd-0/images'), clientToken)).statusCode).toBe(404);
    expect(
      (await get(api(`/species/${elephant}/images?category=observations`), clientToken)).statusCode,
    ).toBe(400);
    expect((await get(api(`/species/${elephant}/images`))).statusCode).toBe(401);
  });
});

describe('GET media/{id}/{variant}', () => {
  it('answers 404 for unknown photos and variants, 400 for ids that are not UUIDs', async () => {
    const unknown = await get(api(`/media/${NOBODY}/original.jpg`));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.photoNotFound });
    const [first] = (await get(api(`/species/${elephant}/images`), clientToken)).json<SpeciesImagesResponse>()
      .images;
    const image = present(first, 'a species photo');
    // The extension must be the stored one.
    expect((await get(api(`/media/${image.media_id}/original.webp`))).statusCode).toBe(404);
    expect((await get(api(`/media/${image.media_id}/original.jpg`))).statusCode).toBe(200);
    expect((await get(api(`/media/${image.media_id}/banner`))).statusCode).toBe(400);
    expect((await get(api('/media/..%2F..%2Fpglite/original'))).statusCode).toBe(400);
    expect((await get(api(`/media/${image.media_id}/..%2F..%2Fconfig`))).statusCode).toBe(400);
  });
});

describe('DELETE species/{id}/images/{media_id}', () => {
  async function onlyPhoto() {
    const { images } = (
      await get(api(`/species/${elephant}/images`), clientToken)
    ).json<SpeciesImagesResponse>();
    expect(images).toHaveLength(1);
    return present(images[0], 'the photo');
  }
  const remove = (mediaId: string, token: string, speciesId = elephant) =>
    t.app.inject({
      method: 'DELETE',
      url: api(`/species/${speciesId}/images/${mediaId}`),
      headers: bearer(token),
    });

  it('refuses members who neither curate species nor uploaded the photo', async () => {
    const photo = await onlyPhoto();
    expect((await remove(photo.media_id, memberToken)).statusCode).toBe(403);
    expect((await remove(photo.media_id, curator.token, lion)).statusCode).toBe(404);
  });

  it('lets the uploader delete their photo: out of photo.thumbs with a new mod, files gone', async () => {
    const photo = await onlyPhoto();
    // The uploader no longer curates species: their own photo is still theirs to remove.
    await t.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({}) })
      .where('id', '=', curator.id)
      .execute();
    const before = await speciesRow(elephant);
    const response = await remove(photo.media_id, curator.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SpeciesImageDeleteResponse>().thumbs).toEqual([]);
    const after = await speciesRow(elephant);
    expect(after.photo.thumbs).toEqual([]);
    expect(Number(after.mod)).toBeGreaterThan(Number(before.mod));
    expect((await get(photo.path)).statusCode).toBe(404);
    expect((await get(photo.thumbnail)).statusCode).toBe(404);
    expect(await onlyFilesUnder(join(t.dataDir, 'media'))).toEqual([]);
    expect((await remove(photo.media_id, curator.token)).statusCode).toBe(404);
    expect(
      (await get(api(`/species/${elephant}/images`), clientToken)).json<SpeciesImagesResponse>().images,
    ).toEqual([]);
  });

  it("lets an admin delete another member's photo", async () => {
    await t.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({ 'species-admin': ['r'] }) })
      .where('id', '=', curator.id)
      .execute();
    const uploaded = (
      await upload(lion, curator.token, { photo: dataUrl(await cameraJpeg()) })
    ).json<SpeciesImageUploadResponse>();
    const response = await remove(uploaded.image.media_id, adminToken, lion);
    expect(response.statusCode, response.body).toBe(200);
    expect((await speciesRow(lion)).photo.thumbs).toEqual([]);
  });
});

/** Every file below `dir` (folders left behind do not count, files do). */
async function onlyFilesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
