/**
 * Members' sighting photos over HTTP on a real database: PUT media/{id}/base64 under a
 * device-generated id stores an upright, resized copy without any EXIF (the GPS position is gone)
 * and a WebP thumbnail, served by the same file route as species photos; a replay of the id writes
 * nothing; another member's id, a species photo's id and a deleted photo's id are 409; who may
 * read the photo (its owner; others when the sighting is public); the owner's delete.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MediaBase64Response,
  MediaMetaResponse,
  MediaUploadResponse,
  SpeciesImagesResponse,
} from '@contract/media';
import type { Observation } from '@contract/observations';
import { messages } from '@contract/messages';
import { api, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import {
  call,
  dataUrl,
  fetchUrl,
  insertSpeciesPhoto,
  phoneJpeg,
  pushSighting,
  putPhoto,
  sightingData,
  smallJpeg,
  uploadedPhoto,
} from './media-helpers';
import { pushRecords } from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let ann: SyncMember;
let bob: SyncMember;
let clientToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

const mediaRows = async (id: string) => t.db.selectFrom('media').selectAll().where('id', '=', id).execute();

describe('PUT media/{id}/base64', () => {
  const id = randomUUID();
  let uploaded: MediaUploadResponse;

  it('stores an upright, resized copy without EXIF or GPS, and a WebP thumbnail', async () => {
    const response = await putPhoto(t, ann.device1, id, {
      image: dataUrl(await phoneJpeg()),
      observation_id: 'ann-sighting-1',
      photo_name: ' Heron.jpg ',
      thumbnail: 'data:image/jpeg;base64,AAAA',
      banner: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    uploaded = response.json<MediaUploadResponse>();
    expect(uploaded.created).toBe(true);
    expect(uploaded.media).toMatchObject({
      media_id: id,
      path: api(`/media/${id}/original.jpg`),
      thumbnail: api(`/media/${id}/thumbnail.webp`),
      width: 800,
      height: 1200,
      observation_id: 'ann-sighting-1',
      photo_name: 'Heron.jpg',
      user_id: ann.id,
      category: 'observation',
    });

    const original = await fetchUrl(t, uploaded.media.path);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(original.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(stored.exif).toBeUndefined();
    expect(original.rawPayload.includes('WGS-84')).toBe(false);
    expect(original.rawPayload.includes('FieldPhone')).toBe(false);

    const thumbnail = await fetchUrl(t, uploaded.media.thumbnail);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 213,
      height: 320,
    });
  });

  it('answers a replay of the id with the stored photo, created false, writing nothing', async () => {
    const before = await mediaRows(id);
    const replay = await putPhoto(t, ann.device2, id.toUpperCase(), {
      image: dataUrl(await smallJpeg()),
      observation_id: 'another-sighting',
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<MediaUploadResponse>()).toEqual({ ...uploaded, created: false });
    expect(await mediaRows(id)).toEqual(before);
    // Even a replay whose image no longer decodes: the stored photo is the answer.
    expect((await putPhoto(t, ann.device1, id, { image: 'not base64 at all!' })).statusCode).toBe(200);
  });

  it("answers 409 for another member's id and for a species photo's id", async () => {
    const taken = await putPhoto(t, bob.device1, id, { image: dataUrl(await smallJpeg()) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'failed', reason: messages.mediaIdTaken });
    expect((await fetchUrl(t, uploaded.media.path)).statusCode).toBe(200);

    const speciesPhoto = await insertSpeciesPhoto(t, ann.id);
    const species = await putPhoto(t, ann.device1, speciesPhoto, { image: dataUrl(await smallJpeg()) });
    expect(species.statusCode).toBe(409);
    expect(species.json()).toEqual({ status: 'failed', reason: messages.mediaIdTaken });
    // Nor is a species photo deleted here: it goes through its species.
    const remove = await call(t, 'DELETE', ann.device1, `/media/${speciesPhoto}/preview`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ status: 'failed', reason: messages.speciesPhotoNotHere });
  });

  it('refuses guests with 401, and bad input with 400 and 413, storing nothing', async () => {
    const fresh = randomUUID();
    const image = dataUrl(await smallJpeg());
    const guest = await putPhoto(t, clientToken, fresh, { image });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
    expect((await putPhoto(t, undefined, fresh, { image })).statusCode).toBe(401);

    const text = await putPhoto(t, ann.device1, fresh, { image: dataUrl(Buffer.from('hello'), 'image/png') });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: 'failed', reason: messages.photoNotImage });
    const notBase64 = await putPhoto(t, ann.device1, fresh, { image: 'data:image/jpeg,raw' });
    expect(notBase64.json()).toEqual({ status: 'failed', reason: messages.imageNotBase64 });
    expect((await putPhoto(t, ann.device1, 'not-a-uuid', { image })).statusCode).toBe(400);
    expect((await putPhoto(t, ann.device1, fresh, { image, extra: 1 })).statusCode).toBe(400);
    expect((await putPhoto(t, ann.device1, fresh, { image, observation_id: '' })).statusCode).toBe(400);

    const huge = await putPhoto(t, ann.device1, fresh, { image: dataUrl(Buffer.alloc(16 * 1024 * 1024)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ reason: string }>().reason).toBe(
      'This photo is too large: please upload one of at most 15 MB.',
    );
    // Beyond the route's body limit: refused before the body is parsed, in the same terms.
    const body = await putPhoto(t, ann.device1, fresh, { image: 'A'.repeat(24 * 1024 * 1024) });
    expect(body.statusCode).toBe(413);
    expect(body.json<{ reason: string }>().reason).toBe(huge.json<{ reason: string }>().reason);
    expect(await mediaRows(fresh)).toEqual([]);
    // Two bodies of 21 and 24 MB parsed and refused: 96 s once at load average 12 on 2 cores.
  }, 300_000);
});

describe('GET media/{id}/base64, GET media/{id}/meta', () => {
  it('answers the owner always, others only while the sighting is public', async () => {
    const photo = await uploadedPhoto(t, ann.device1, 'ann-visible-1');
    const base64 = await call(t, 'GET', ann.device1, `/media/${photo}/base64`);
    expect(base64.statusCode, base64.body).toBe(200);
    const answer = base64.json<MediaBase64Response>();
    const file = await fetchUrl(t, answer.media.path);
    expect(answer.image).toBe(dataUrl(file.rawPayload));

    // The sighting is not on the server yet: only its owner.
    for (const token of [bob.device1, clientToken]) {
      const hidden = await call(t, 'GET', token, `/media/${photo}/meta`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ status: 'failed', reason: messages.photoNotFound });
      expect((await call(t, 'GET', token, `/media/${photo}/base64`)).statusCode).toBe(404);
    }
    await pushSighting(t, ann, 'ann-visible-1', false);
    expect((await call(t, 'GET', bob.device1, `/media/${photo}/meta`)).statusCode).toBe(404);
    await pushSighting(t, ann, 'ann-visible-1', true, 2);
    for (const token of [bob.device1, clientToken]) {
      expect((await call(t, 'GET', token, `/media/${photo}/meta`)).statusCode).toBe(200);
      expect((await call(t, 'GET', token, `/media/${photo}/base64`)).json<MediaBase64Response>().image).toBe(
        answer.image,
      );
    }
    // Bob's sighting with the same id does not make Ann's photo public.
    const other = await uploadedPhoto(t, ann.device1, 'shared-id');
    await pushSighting(t, bob, 'shared-id', true);
    expect((await call(t, 'GET', bob.device1, `/media/${other}/meta`)).statusCode).toBe(404);
    // A photo without a sighting stays its owner's.
    const loose = await uploadedPhoto(t, ann.device1, null);
    expect((await call(t, 'GET', ann.device1, `/media/${loose}/meta`)).statusCode).toBe(200);
    expect((await call(t, 'GET', bob.device1, `/media/${loose}/meta`)).statusCode).toBe(404);
  });

  it("lists a public sighting's photos among its species' photos, and only while the sighting is public", async () => {
    const reference = await insertSpeciesPhoto(t, bob.id);
    const [row] = await mediaRows(reference);
    const speciesId = present(present(row, 'the photo row').species_id, "the photo's species");
    const sightingId = `ann-species-${randomUUID()}`;
    const photo = await uploadedPhoto(t, ann.device1, sightingId);
    const push = (counter: number, data: Partial<Observation>) =>
      pushRecords(t, ann.device1, [
        {
          id: sightingId,
          rev: `${counter}_dev`,
          deleted: false,
          data: { ...sightingData(sightingId, ann.id, true), ...data },
        },
      ]);
    const listed = async (category = 'all') => {
      const response = await t.app.inject({
        method: 'GET',
        url: api(`/species/${speciesId}/images`),
        query: { category },
        headers: { authorization: `Bearer ${clientToken}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SpeciesImagesResponse>().images.map((image) => [image.media_id, image.category]);
    };
    const taxa = { classification: 'Mammals|Larger', group_name: 'Mammals', name: 'Testus photographicus' };

    await push(1, { species_id: speciesId, taxa, public: false });
    expect(await listed()).toEqual([[reference, 'species']]);
    await push(2, { species_id: speciesId, taxa, public: true });
    expect(await listed()).toEqual([
      [reference, 'species'],
      [photo, 'observation'],
    ]);
    expect(await listed('observation')).toEqual([[photo, 'observation']]);
    expect(await listed('species')).toEqual([[reference, 'species']]);
    // Another species, or unspecified: the photo goes with the sighting.
    await push(3, {});
    expect(await listed()).toEqual([[reference, 'species']]);
  });

  it('answers counts, and with load_all the comments and likes', async () => {
    const photo = await uploadedPhoto(t, ann.device1, 'ann-meta-1');
    await pushSighting(t, ann, 'ann-meta-1', true);
    await call(t, 'PUT', bob.device1, `/media/${photo}/comments/c-meta-1`, { comment: 'Lovely' });
    await call(t, 'PUT', ann.device1, `/media/${photo}/comments/c-meta-1/reply`, {
      comment: 'Thanks!',
      reply_id: 'r-meta-1',
    });
    await call(t, 'PUT', bob.device1, `/media/${photo}/likes/${bob.id}`, { liked: true });

    const meta = await call(t, 'GET', bob.device1, `/media/${photo}/meta`);
    expect(meta.statusCode, meta.body).toBe(200);
    const body = meta.json<MediaMetaResponse>();
    expect(body).toMatchObject({ comment_count: 2, like_count: 1, liked: true });
    expect(body.media).toMatchObject({ media_id: photo, observation_id: 'ann-meta-1', user_id: ann.id });
    expect(body.comments).toBeUndefined();
    const guest = (
      await call(t, 'GET', clientToken, `/media/${photo}/meta?load_all=true`)
    ).json<MediaMetaResponse>();
    expect(guest.liked).toBe(false);
    expect(guest.comments).toMatchObject([
      { comment_id: 'c-meta-1', user_id: bob.id, comment: 'Lovely', replies: [{ reply_id: 'r-meta-1' }] },
    ]);
    expect(guest.likes).toMatchObject([{ user_id: bob.id, nickname: 'Syncer' }]);
  });
});

describe('DELETE media/{id}/preview', () => {
  it('lets the owner delete their photo: files gone, later calls 404, the id never reused', async () => {
    const photo = await uploadedPhoto(t, ann.device1, 'ann-delete-1');
    await pushSighting(t, ann, 'ann-delete-1', true);
    const [row] = await mediaRows(photo);
    expect((await call(t, 'GET', undefined, `/media/${photo}/original.jpg`)).statusCode).toBe(200);
    const onDisk = join(t.dataDir, 'media', photo.slice(0, 2), photo, 'original.jpg');
    expect(existsSync(onDisk)).toBe(true);
    const forbidden = await call(t, 'DELETE', bob.device1, `/media/${photo}/preview`);
    expect(forbidden.statusCode).toBe(403);
    expect((await call(t, 'DELETE', clientToken, `/media/${photo}/preview`)).statusCode).toBe(401);

    const removed = await call(t, 'DELETE', ann.device1, `/media/${photo}/preview?type=original`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: 'success' });
    expect((await call(t, 'GET', undefined, `/media/${photo}/original.jpg`)).statusCode).toBe(404);
    expect((await call(t, 'GET', undefined, `/media/${photo}/thumbnail`)).statusCode).toBe(404);
    expect((await call(t, 'GET', ann.device1, `/media/${photo}/meta`)).statusCode).toBe(404);
    expect((await call(t, 'GET', ann.device1, `/media/${photo}/base64`)).statusCode).toBe(404);
    expect((await mediaRows(photo))[0]?.deleted_at).toBeInstanceOf(Date);
    expect(existsSync(onDisk)).toBe(false);
    expect(row?.deleted_at).toBeNull();
    // A replayed delete is done; a replayed upload must not bring it back.
    expect((await call(t, 'DELETE', ann.device1, `/media/${photo}/preview`)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', bob.device1, `/media/${photo}/preview`)).statusCode).toBe(404);
    const again = await putPhoto(t, ann.device1, photo, { image: dataUrl(await smallJpeg()) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'failed', reason: messages.photoDeleted });
  });

  it('answers 404 for an unknown photo and for the calls not offered, 400 for an id that is not a UUID', async () => {
    const unknown = await call(t, 'DELETE', ann.device1, `/media/${randomUUID()}/preview`);
    expect(unknown.statusCode).toBe(404);
    expect((await call(t, 'DELETE', ann.device1, '/media/nope/preview')).statusCode).toBe(400);
    expect((await call(t, 'GET', ann.device1, `/media/${randomUUID()}/meta`)).statusCode).toBe(404);
    // Not offered (docs/api.md): the sighting's `featured` is the device's; sighting photos are in no gallery.
    const photo = await uploadedPhoto(t, ann.device1, null);
    expect(
      (await call(t, 'PUT', ann.device1, `/media/${photo}/featured`, { featured: true })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', ann.device1, `/media/${photo}/species`)).statusCode).toBe(404);
  });
});
