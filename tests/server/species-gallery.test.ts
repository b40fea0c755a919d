/**
 * GET species_images (the Species Gallery's photos) on PGlite with the demo species: per species on
 * a member's list the newest photo of a live public sighting, never of a private one, nothing of the
 * sighting in the answer (a hidden coordinate stays hidden), and a sighting deleted, made private or
 * whose photo is deleted drops out; the list filter is POST species' (location, classifications).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeciesGalleryResponse } from '@contract/media';
import { messages } from '@contract/messages';
import type { Observation } from '@contract/observations';
import { ensureReferenceData } from '../../server/db/reference/seed';
import { ensureSpeciesData } from '../../server/db/species/seed';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { call, sightingData, uploadedPhoto } from './media-helpers';
import { BALD_EAGLE, ELLENSBURG, pushRecords, WHITE_TAILED_DEER } from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';
import { present } from '../../src/test/present';

let t: TestApp;
let clientToken: string;
let ann: SyncMember;
let bob: SyncMember;
/** A larger mammal on South Africa's list and not on the United States'. */
let capeMammal: string;

const US_BIRDS_AND_MAMMALS = { location_id: 'USA', classifications: 'Birds|IOC,Mammals|Large' };

beforeAll(async () => {
  t = await buildTestApp();
  await ensureReferenceData(t.db);
  await ensureSpeciesData(t.db);
  clientToken = await fetchClientToken(t);
  ann = await createSyncMember(t);
  bob = await createSyncMember(t);
  const found = await t.db
    .selectFrom('species_locations as sl')
    .innerJoin('species as s', 's.id', 'sl.species_id')
    .select('s.id')
    .where('sl.location_id', '=', 'ZAF')
    .where(sql<boolean>`'mammals-larger' = ANY(s.classifications)`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('species_locations as us')
            .select('us.species_id')
            .whereRef('us.species_id', '=', 's.id')
            .where('us.location_id', '=', 'USA'),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  capeMammal = found.id;
}, 120_000);
afterAll(() => t.close());

/** Pushes a member's sighting of a species (revision `<counter>_dev`). */
async function pushSpeciesSighting(
  member: SyncMember,
  id: string,
  speciesId: string,
  fields: Partial<Observation>,
  counter = 1,
) {
  const taxa = { classification: 'Birds|IOC', group_name: 'Birds', name: speciesId };
  await pushRecords(t, member.device1, [
    {
      id,
      rev: `${counter}_dev`,
      deleted: false,
      data: { ...sightingData(id, member.id, true), species_id: speciesId, taxa, ...fields },
    },
  ]);
}

async function gallery(query: Record<string, string>, token: string | undefined = clientToken) {
  return t.app.inject({
    method: 'GET',
    url: api('/species_images'),
    query,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

async function tiles(query: Record<string, string> = US_BIRDS_AND_MAMMALS) {
  const response = await gallery(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpeciesGalleryResponse>();
}

const pairs = (answer: SpeciesGalleryResponse) =>
  answer.images.map((image) => [image.species_id, image.media_id]);

describe('GET species_images', () => {
  it('answers the newest public sighting photo per species, never a private one, nothing of the sighting', async () => {
    expect(await tiles()).toMatchObject({ status: 'success', images: [], total: 0 });
    const at = { type: 'Point' as const, coordinates: ELLENSBURG };

    // Ann's eagle: public, with its coordinate. Bob's eagle: public, coordinate hidden, photo newer.
    await pushSpeciesSighting(ann, 'ann-eagle', BALD_EAGLE, { coordinate: at, coordinate_hidden: false });
    const annEagle = await uploadedPhoto(t, ann.device1, 'ann-eagle');
    t.clock.advance(60);
    await pushSpeciesSighting(bob, 'bob-eagle', BALD_EAGLE, { coordinate: at, coordinate_hidden: true });
    const bobEagle = await uploadedPhoto(t, bob.device1, 'bob-eagle');
    // Ann's deer: private.
    await pushSpeciesSighting(ann, 'ann-deer', WHITE_TAILED_DEER, { public: false });
    await uploadedPhoto(t, ann.device1, 'ann-deer');

    const answer = await tiles();
    expect(pairs(answer)).toEqual([[BALD_EAGLE, bobEagle]]);
    expect(answer.total).toBe(1);
    // The photo and its species only: no sighting id, member, position or flag of the sighting.
    expect(Object.keys(present(answer.images[0], 'a photo')).sort()).toEqual(
      ['created_at', 'height', 'media_id', 'path', 'species_id', 'thumbnail', 'width'].sort(),
    );
    const body = JSON.stringify(answer);
    for (const secret of ['bob-eagle', 'ann-eagle', bob.id, ann.id, String(ELLENSBURG[0]), 'coordinate'])
      expect(body).not.toContain(secret);
    expect(present(answer.images[0], 'a photo').thumbnail).toBe(api(`/media/${bobEagle}/thumbnail.webp`));

    // A member token answers the same: a member's own private sighting is not in the gallery either.
    const asAnn = await gallery(US_BIRDS_AND_MAMMALS, ann.device1);
    expect(pairs(asAnn.json<SpeciesGalleryResponse>())).toEqual([[BALD_EAGLE, bobEagle]]);

    // Made private: the eagle falls back to Ann's photo; deleted: no eagle at all.
    await pushSpeciesSighting(bob, 'bob-eagle', BALD_EAGLE, { public: false, coordinate_hidden: true }, 2);
    expect(pairs(await tiles())).toEqual([[BALD_EAGLE, annEagle]]);
    await pushRecords(t, ann.device1, [{ id: 'ann-eagle', rev: '2_dev', deleted: true, data: {} }]);
    expect(pairs(await tiles())).toEqual([]);

    // The deer made public shows; its photo deleted, it drops out again.
    await pushSpeciesSighting(ann, 'ann-deer-2', WHITE_TAILED_DEER, {});
    const deer = await uploadedPhoto(t, ann.device1, 'ann-deer-2');
    expect(pairs(await tiles())).toEqual([[WHITE_TAILED_DEER, deer]]);
    expect((await call(t, 'DELETE', ann.device1, `/media/${deer}/preview`)).statusCode).toBe(200);
    expect(pairs(await tiles())).toEqual([]);
  });

  it("keeps to the member's list (location and classifications, as POST species) and pages it", async () => {
    const id = () => `gallery-${randomUUID()}`;
    const eagleSighting = id();
    await pushSpeciesSighting(ann, eagleSighting, BALD_EAGLE, {});
    const eagle = await uploadedPhoto(t, ann.device1, eagleSighting);
    const deerSighting = id();
    await pushSpeciesSighting(ann, deerSighting, WHITE_TAILED_DEER, {});
    const deer = await uploadedPhoto(t, ann.device1, deerSighting);
    const capeSighting = id();
    await pushSpeciesSighting(bob, capeSighting, capeMammal, {});
    const cape = await uploadedPhoto(t, bob.device1, capeSighting);

    // Taxonomic order: birds before mammals; the Cape mammal is not on the United States' list.
    const us = await tiles();
    expect(pairs(us)).toEqual([
      [BALD_EAGLE, eagle],
      [WHITE_TAILED_DEER, deer],
    ]);
    expect(pairs(await tiles({ location_id: 'USA', classifications: 'Birds|IOC' }))).toEqual([
      [BALD_EAGLE, eagle],
    ]);
    expect(pairs(await tiles({ location_id: 'ZAF', classifications: 'Birds|IOC,Mammals|Large' }))).toEqual([
      [capeMammal, cape],
    ]);
    // Without a location: every classification anywhere.
    expect((await tiles({})).total).toBe(3);

    const second = await tiles({ ...US_BIRDS_AND_MAMMALS, limit: '1', skip: '1' });
    expect(second).toMatchObject({ total: 2 });
    expect(pairs(second)).toEqual([[WHITE_TAILED_DEER, deer]]);
    expect(pairs(await tiles({ ...US_BIRDS_AND_MAMMALS, skip: '5' }))).toEqual([]);
  });

  it('refuses an unknown location (404), classification or limit (400), and a request without a token (401)', async () => {
    const unknownPlace = await gallery({ location_id: 'XXX' });
    expect(unknownPlace.statusCode).toBe(404);
    expect(unknownPlace.json()).toMatchObject({ status: 'failed', reason: messages.locationNotFound });
    expect((await gallery({ classifications: 'Dragons' })).statusCode).toBe(400);
    const tooMany = await gallery({ limit: '500' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ reason: string }>().reason).toMatch(/limit/);
    expect((await gallery({}, '')).statusCode).toBe(401);
  });
});
