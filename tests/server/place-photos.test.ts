/**
 * Photos of places and field guides on a real database (issue 15; docs/api.md "Photos of places and
 * field guides"): admins upload and delete, everyone with a client token reads; the photo goes
 * through the media pipeline (upright, metadata stripped, thumbnail), lands in the owner's `photos`
 * oldest first and reaches devices through the places collections; deleting the owner removes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { messages } from '@contract/messages';
import {
  PLACE_PHOTOS_MAX,
  type FieldGuideResponse,
  type HotspotResponse,
  type PlaceImageDeleteResponse,
  type PlaceImagesResponse,
  type PlaceImageUploadResponse,
} from '@contract/places';
import type { PullResponse } from '@contract/sync';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { buildTestApp, callApi, createMember, fetchClientToken, signIn, type TestApp } from './helpers';
import { dataUrl, phoneJpeg, smallJpeg } from './media-helpers';

let t: TestApp;
let admin: string;
let member: string;
let client: string;

const PLACE = 'photo-test-reserve';
const place = { name: 'Photo test reserve', latitude: -25.1, longitude: 31.2 };

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, token?: string, payload?: object) {
  return callApi(t, method, path, token, payload);
}

async function upload(path: string, bytes: Buffer, name?: string) {
  const response = await call('POST', `${path}/images`, admin, {
    photo: dataUrl(bytes),
    ...(name ? { photo_name: name } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlaceImageUploadResponse>();
}

/** The stored file behind a photo URL (`/api/v1.0/media/<id>/<variant>`). */
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

async function pullPlaces(lastMod: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1.0/collection/hotspots',
    query: { last_mod: String(lastMod) },
    headers: { authorization: `Bearer ${client}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PullResponse>();
}

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  const adminMember = await createMember(t, { roles: ['member', 'admin'] });
  admin = (await signIn(t, adminMember)).auth_token;
  member = (await signIn(t, await createMember(t))).auth_token;
  client = await fetchClientToken(t);
  expect((await call('PUT', `/hotspots/${PLACE}`, admin, place)).statusCode).toBe(201);
}, 300_000);
afterAll(() => t.close());

describe('photos of a place', () => {
  it('refuses guests, client tokens and members on the writes; reads need a client token', async () => {
    const body = { photo: dataUrl(await smallJpeg()) };
    expect((await call('POST', `/hotspots/${PLACE}/images`, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', `/hotspots/${PLACE}/images`, client, body)).statusCode).toBe(401);
    const refused = await call('POST', `/hotspots/${PLACE}/images`, member, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'failed', reason: messages.notAuthorised });
    const anyPhoto = `/hotspots/${PLACE}/images/0b0e7c1e-7d1a-4c55-9a3e-2f6d4f8f9a10`;
    expect((await call('DELETE', anyPhoto, member)).statusCode).toBe(403);
    expect((await call('GET', `/hotspots/${PLACE}/images`)).statusCode).toBe(401);
    expect((await call('GET', `/hotspots/${PLACE}/images`, client)).json()).toEqual({
      status: 'success',
      images: [],
    });
  });

  it('stores an upright copy without metadata and a thumbnail, in the place and its synced record', async () => {
    const before = await pullPlaces(0);
    const { image, photos } = await upload(`/hotspots/${PLACE}`, await phoneJpeg(), 'Waterhole');
    // The phone photo lies on its side (EXIF orientation 6): stored upright, EXIF and GPS gone.
    expect([image.width, image.height]).toEqual([800, 1200]);
    expect(image.photo_name).toBe('Waterhole');
    expect(photos).toEqual([{ media_id: image.media_id, path: image.path, thumbnail: image.thumbnail }]);
    const original = await fetchFile(image.path);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect((await fetchFile(image.thumbnail)).headers['content-type']).toBe('image/webp');

    const answer = (await call('GET', `/hotspots/${PLACE}`, client)).json<HotspotResponse>();
    expect(answer.hotspot.photos).toEqual(photos);
    // The place changed: a device that pulled before gets it again, with the photo.
    const after = await pullPlaces(before.last_mod);
    expect(after.records.map((record) => [record.id, record.data.photos])).toEqual([[PLACE, photos]]);
  });

  it('lists oldest first and deletes one: out of the place, its files gone', async () => {
    const path = `/hotspots/${PLACE}`;
    const listed = (await call('GET', `${path}/images`, client)).json<PlaceImagesResponse>().images;
    const second = (await upload(path, await smallJpeg())).image;
    const third = (await upload(path, await smallJpeg())).image;
    const images = (await call('GET', `${path}/images`, client)).json<PlaceImagesResponse>().images;
    expect(images.map((image) => image.media_id)).toEqual([
      ...listed.map((image) => image.media_id),
      second.media_id,
      third.media_id,
    ]);

    const removed = await call('DELETE', `${path}/images/${second.media_id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    const { photos } = removed.json<PlaceImageDeleteResponse>();
    expect(photos.map((photo) => photo.media_id)).toEqual([
      ...listed.map((image) => image.media_id),
      third.media_id,
    ]);
    expect((await call('GET', path, client)).json<HotspotResponse>().hotspot.photos).toEqual(photos);
    expect((await fetchFile(second.thumbnail)).statusCode).toBe(404);
    const again = await call('DELETE', `${path}/images/${second.media_id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 'failed', reason: messages.photoNotFound });
  });

  it('refuses what is not a photo, an unknown place, a full list, and a removal as a sighting photo', async () => {
    const text = await call('POST', `/hotspots/${PLACE}/images`, admin, {
      photo: dataUrl(Buffer.from('just some text, not an image at all'), 'text/plain'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: 'failed', reason: messages.photoNotImage });
    const notBase64 = await call('POST', `/hotspots/${PLACE}/images`, admin, {
      photo: 'data:image/jpeg;base64,%%',
    });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toEqual({ status: 'failed', reason: messages.photoNotBase64 });
    const unknown = await call('POST', '/hotspots/no-such-place/images', admin, {
      photo: dataUrl(await smallJpeg()),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reason: messages.hotspotNotFound });

    const { image } = await upload(`/hotspots/${PLACE}`, await smallJpeg());
    // Through the sighting-photo call, the place would keep naming a deleted photo.
    const asSighting = await call('DELETE', `/media/${image.media_id}/preview`, admin);
    expect(asSighting.statusCode).toBe(409);
    expect(asSighting.json()).toEqual({ status: 'failed', reason: messages.placePhotoNotHere });

    let count = (await call('GET', `/hotspots/${PLACE}/images`, client)).json<PlaceImagesResponse>().images
      .length;
    for (; count < PLACE_PHOTOS_MAX; count += 1) await upload(`/hotspots/${PLACE}`, await smallJpeg());
    const full = await call('POST', `/hotspots/${PLACE}/images`, admin, {
      photo: dataUrl(await smallJpeg()),
    });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ reason: string }>().reason).toContain(String(PLACE_PHOTOS_MAX));
  });

  it('go with the place when it is deleted', async () => {
    expect((await call('PUT', '/hotspots/short-lived', admin, place)).statusCode).toBe(201);
    const { image } = await upload('/hotspots/short-lived', await smallJpeg());
    expect((await call('DELETE', '/hotspots/short-lived', admin)).statusCode).toBe(200);
    expect((await fetchFile(image.path)).statusCode).toBe(404);
    expect((await fetchFile(image.thumbnail)).statusCode).toBe(404);
  });
});

describe('photos of a field guide', () => {
  it('are uploaded by admins, answered with the guide, and go when the guide is deleted', async () => {
    const created = await call('POST', '/field_guides', admin, {
      name: 'Photo test guide',
      latitude: -25,
      longitude: 31,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<FieldGuideResponse>().field_guide.field_guide_id;
    expect(created.json<FieldGuideResponse>().field_guide.photos).toEqual([]);
    const body = { photo: dataUrl(await smallJpeg()) };
    expect((await call('POST', `/field_guides/${id}/images`, member, body)).statusCode).toBe(403);

    const { image, photos } = await upload(`/field_guides/${id}`, await smallJpeg(), 'Portrait');
    const guide = (await call('GET', `/field_guides/${id}`, client)).json<FieldGuideResponse>();
    expect(guide.field_guide.photos).toEqual(photos);
    const listed = (await call('GET', `/field_guides/${id}/images`, client)).json<PlaceImagesResponse>();
    expect(listed.images.map((entry) => entry.photo_name)).toEqual(['Portrait']);

    expect((await call('DELETE', `/field_guides/${id}/images/${image.media_id}`, member)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/field_guides/${id}`, admin)).statusCode).toBe(200);
    expect((await fetchFile(image.path)).statusCode).toBe(404);
    const gone = await call('GET', `/field_guides/${id}/images`, client);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 'failed', reason: messages.fieldGuideNotFound });
  });
});
