/**
 * Trip summaries and lifers in the newsfeed (issue 16; docs/api.md "Newsfeed"), kept by the sync
 * store's triggers: a trip with a public sighting is one `trip_summary` item (an edit or a re-sync
 * moves it, never duplicates it), counting and showing public sightings only; a trip without one,
 * a deleted trip, or a trip whose public sightings went private has none. A public lifer is one
 * `lifer` item that becomes a `sighting` when the flag moves.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem, FeedResponse } from '@contract/community';
import type { Observation } from '@contract/observations';
import { api, bearer, buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { uploadedPhoto } from './media-helpers';
import { BALD_EAGLE, observationRecord, pushRecords, WHITE_TAILED_DEER } from './observation-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
let clientToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  clientToken = await fetchClientToken(t);
}, 120_000);
afterAll(() => t.close());

const DAY = 86_400;
const START = 1_767_225_600;

async function feed(member: SyncMember, query = ''): Promise<FeedResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: api(`/newsfeed/${member.id}${query}`),
    headers: bearer(clientToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedResponse>();
}

const summaries = (body: FeedResponse) => body.items.filter((item) => item.type === 'trip_summary');

async function pushTrip(member: SyncMember, id: string, rev: string, name = 'Yakima canyon') {
  const response = await t.app.inject({
    method: 'PUT',
    url: api('/collection/trips'),
    payload: {
      data: [
        {
          id,
          rev,
          deleted: false,
          data: {
            trip_id: id,
            user_id: member.id,
            name,
            date_start: START,
            date_end: START + 2 * DAY,
            note: 'secret note',
          },
        },
      ],
    },
    headers: bearer(member.device1),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const sighting = (member: SyncMember, id: string, data: Partial<Observation>, rev = '1_dev') =>
  pushRecords(t, member.device1, [observationRecord(member.id, id, { date: START + DAY, ...data }, rev)]);

describe('trip summaries', () => {
  it('are written once a trip has a public sighting, count public ones only, and never duplicate', async () => {
    const ann = await createSyncMember(t);
    await pushTrip(ann, 'trip-a', '1_dev');
    await sighting(ann, 'private-1', { public: false, species_id: WHITE_TAILED_DEER });
    expect(summaries(await feed(ann))).toEqual([]);

    const photo = await uploadedPhoto(t, ann.device1, null);
    await sighting(ann, 'eagle-1', {
      media: [
        {
          featured: false,
          media_id: randomUUID(),
          path: 'https://example.org/species.jpg',
          species_thumb: true,
        },
        { featured: true, media_id: photo, path: `https://example.org/${photo}/original.jpg` },
      ],
    });
    // Dated outside the trip but linked to it.
    await sighting(ann, 'eagle-2', { date: START + 10 * DAY, trips: ['trip-a'] });
    const [item, ...others] = summaries(await feed(ann));
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      type: 'trip_summary',
      author_id: ann.id,
      trip: { trip_id: 'trip-a', name: 'Yakima canyon', date_start: START, date_end: START + 2 * DAY },
      trip_summary: { sightings: 2, species: 1 },
      observation: null,
    });
    expect(item?.photos.map((shown) => shown.media_id)).toEqual([photo]);
    const raw = JSON.stringify(item);
    expect(raw).not.toContain('coordinate');
    expect(raw).not.toContain('secret note');
    expect(raw).not.toContain('private-1');

    // A re-sync of the same trip changes nothing; a rename moves the one item.
    const mark = (await feed(ann)).last_mod;
    await pushTrip(ann, 'trip-a', '1_dev');
    expect((await feed(ann, `?last_mod=${mark}`)).items).toEqual([]);
    await pushTrip(ann, 'trip-a', '2_dev', 'Yakima canyon, day two');
    const after = await feed(ann);
    expect(summaries(after).map((shown) => [shown.feed_id, shown.trip?.name])).toEqual([
      [item?.feed_id, 'Yakima canyon, day two'],
    ]);
    expect(after.items[0]?.feed_id).toBe(item?.feed_id);
  });

  it('leave the feed when the last public sighting goes private or the trip is deleted', async () => {
    const bob = await createSyncMember(t);
    await pushTrip(bob, 'trip-b', '1_dev');
    await sighting(bob, 'bob-1', {});
    const [item] = summaries(await feed(bob));
    expect(item?.trip_summary).toEqual({ sightings: 1, species: 1 });

    const mark = (await feed(bob)).last_mod;
    await sighting(bob, 'bob-1', { public: false }, '2_dev');
    expect(summaries(await feed(bob))).toEqual([]);
    expect((await feed(bob, `?last_mod=${mark}`)).deleted).toContain(item?.feed_id);

    // Public again: the same item is back; then the trip is deleted.
    await sighting(bob, 'bob-1', { public: true }, '3_dev');
    expect(summaries(await feed(bob)).map((shown) => shown.feed_id)).toEqual([item?.feed_id]);
    const before = (await feed(bob)).last_mod;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: api('/trips/trip-b'),
      headers: bearer(bob.device1),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(summaries(await feed(bob))).toEqual([]);
    const since = await feed(bob, `?last_mod=${before}`);
    expect(since.deleted).toEqual([item?.feed_id]);
    expect(since.items).toEqual([]);
    // The sighting itself stays in the feed.
    expect((await feed(bob)).items.map((shown) => shown.observation?.observation_id)).toEqual(['bob-1']);
  });

  it('follow a sighting moved out of the trip', async () => {
    const cat = await createSyncMember(t);
    await pushTrip(cat, 'trip-c', '1_dev');
    await sighting(cat, 'cat-1', {});
    await sighting(cat, 'cat-2', { species_id: WHITE_TAILED_DEER, taxa: null });
    expect(summaries(await feed(cat))[0]?.trip_summary).toEqual({ sightings: 2, species: 2 });
    await sighting(
      cat,
      'cat-2',
      { species_id: WHITE_TAILED_DEER, taxa: null, date: START + 30 * DAY },
      '2_dev',
    );
    expect(summaries(await feed(cat))[0]?.trip_summary).toEqual({ sightings: 1, species: 1 });
  });
});

describe('lifers', () => {
  it('are one lifer item that becomes a sighting item when the flag moves', async () => {
    const dan = await createSyncMember(t);
    await sighting(dan, 'dan-1', { lifer: true, species_id: BALD_EAGLE });
    await sighting(dan, 'dan-1', { lifer: true, species_id: BALD_EAGLE, note: 'edited' }, '2_dev');
    const items = (await feed(dan)).items.filter((item: FeedItem) => item.type !== 'trip_summary');
    expect(items.map((item) => [item.type, item.observation?.observation_id])).toEqual([['lifer', 'dan-1']]);
    await sighting(dan, 'dan-1', { lifer: false, species_id: BALD_EAGLE, note: 'edited' }, '3_dev');
    const after = (await feed(dan)).items;
    expect(after.map((item) => [item.feed_id, item.type])).toEqual([[items[0]?.feed_id, 'sighting']]);
    await sighting(dan, 'dan-private', { lifer: true, public: false, species_id: WHITE_TAILED_DEER });
    expect((await feed(dan)).items).toHaveLength(1);
  });
});
