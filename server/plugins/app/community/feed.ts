/**
 * The newsfeed (SPEC §3 "Newsfeed item", §7 "newsfeed"; docs/api.md "Community"). Items are rows of
 * `newsfeed_items`: members' posts (written here), public sightings, lifers and trip summaries
 * (written by the sync store's triggers) and new group members (groups.ts). Every item is public; a feed is
 * a filter over them: everyone's, the caller's and the people they follow, one member's, one
 * group's. Paging is by the items' modification marks (`mod`, one sequence): newest first below
 * `prev_mod`, and every change above `last_mod` (deletions as ids) oldest first.
 *
 * Answers never carry a coordinate: a sighting is shown by species, date, note, photos and place
 * names, and only while it is public (a sighting made private leaves the feed, and a post linking
 * it shows no sighting).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  TRIP_SUMMARY_PHOTOS_MAX,
  type FeedItem,
  type FeedQuery,
  type FeedResponse,
  type PostRequest,
} from '@contract/community';
import { formatMessage, messages } from '@contract/messages';
import { OBSERVATIONS_COLLECTION, type Observation } from '@contract/observations';
import { isTrip, sightingInTrip, TRIPS_COLLECTION } from '@contract/trips';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../errors';
import type { ObservationPhotos } from '../media/observation-photos';
import { dateSql, observationOf } from '../observations/observation-reads';
import { isUuid } from '../users/users-repository';
import type { FeedItemRow } from './tables';

export type FeedScope =
  | { kind: 'all' }
  | { kind: 'following'; viewer: string }
  | { kind: 'member'; userId: string }
  | { kind: 'group'; groupId: string };

const NEXT_MOD = sql<number>`nextval('newsfeed_mod_seq')`;

/**
 * Runs a write of feed items under the marks' lock (held to commit; the sync store's trigger takes
 * it too, 202611280056_newsfeed_marks.sql), so marks commit in the order they are taken and a
 * reader paging by last_mod never passes a mark whose change commits later.
 */
export function withFeedMarks<T>(db: Kysely<DB>, write: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('fieldmark:newsfeed_mod'))`.execute(trx);
    return write(trx);
  });
}

function scopeSql(scope: FeedScope): RawBuilder<unknown> {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'following':
      return sql`(i.author_id = ${scope.viewer} OR i.author_id IN
        (SELECT followed_id FROM member_follows WHERE follower_id = ${scope.viewer}))`;
    case 'member':
      return sql`i.author_id = ${scope.userId}`;
    case 'group':
      return sql`i.group_id = ${scope.groupId}`;
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class Feed {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly photos: ObservationPhotos,
  ) {}

  /** One page of a feed (see the header for the marks). */
  async page(scope: FeedScope, query: FeedQuery): Promise<Omit<FeedResponse, 'status'>> {
    const where = scopeSql(scope);
    if (query.last_mod !== undefined) {
      const { rows } = await sql<FeedItemRow>`SELECT i.* FROM newsfeed_items i
        WHERE ${where} AND i.mod > ${query.last_mod} ORDER BY i.mod LIMIT ${query.limit + 1}`.execute(
        this.db,
      );
      const more = rows.length > query.limit;
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      const live = shown.filter((row) => row.deleted_at === null);
      const items = await this.build(live);
      const kept = new Set(items.map((item) => item.feed_id));
      return {
        items,
        // Gone since last_mod: deleted items, and items no longer shown (a sighting made private).
        deleted: shown.filter((row) => !kept.has(row.id)).map((row) => row.id),
        last_mod: last === undefined ? query.last_mod : Number(last.mod),
        prev_mod: null,
        more,
      };
    }
    const below = query.prev_mod === undefined ? sql`true` : sql`i.mod < ${query.prev_mod}`;
    const { rows } = await sql<FeedItemRow>`SELECT i.* FROM newsfeed_items i
      WHERE ${where} AND ${below} AND i.deleted_at IS NULL
      ORDER BY i.mod DESC LIMIT ${query.limit + 1}`.execute(this.db);
    const more = rows.length > query.limit;
    const shown = rows.slice(0, query.limit);
    const first = shown[0];
    const lastShown = shown.at(-1);
    return {
      items: await this.build(shown),
      deleted: [],
      last_mod: first === undefined ? (query.prev_mod ?? 0) : Number(first.mod),
      prev_mod: more && lastShown !== undefined ? Number(lastShown.mod) : null,
      more,
    };
  }

  /** The feed an id names: 'all', a member's id, else a group's id; undefined when none. */
  async scopeFor(id: string): Promise<FeedScope | undefined> {
    if (id === 'all') return { kind: 'all' };
    if (!isUuid(id)) return undefined;
    const key = id.toLowerCase();
    const user = await this.db.selectFrom('users').select('id').where('id', '=', key).executeTakeFirst();
    if (user !== undefined) return { kind: 'member', userId: key };
    const group = await this.db
      .selectFrom('community_groups')
      .select('id')
      .where('id', '=', key)
      .executeTakeFirst();
    return group === undefined ? undefined : { kind: 'group', groupId: key };
  }

  /** One live item of the scope, or 404. */
  async item(scope: FeedScope, id: string): Promise<FeedItem> {
    const { rows } = await sql<FeedItemRow>`SELECT i.* FROM newsfeed_items i
      WHERE ${scopeSql(scope)} AND i.id = ${id} AND i.deleted_at IS NULL`.execute(this.db);
    const [item] = await this.build(rows);
    if (item === undefined) throw notFound(messages.feedItemNotFound);
    return item;
  }

  private async find(id: string): Promise<FeedItemRow | undefined> {
    return this.db.selectFrom('newsfeed_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Creates the post `id` or edits it (its author only; fields not sent stay). A replay of the
   * same create edits nothing new; a deleted post stays deleted (404).
   */
  async savePost(
    author: string,
    id: string | undefined,
    input: PostRequest,
  ): Promise<{ item: FeedItem; created: boolean }> {
    const postId = id ?? randomUUID();
    const existing = await this.find(postId);
    if (existing !== undefined) {
      if (existing.type !== 'post' || existing.author_id !== author) throw forbidden(messages.postNotYours);
      if (existing.deleted_at !== null) throw notFound(messages.feedItemNotFound);
    }
    const next = {
      body: (input.text ?? existing?.body ?? '').trim(),
      photos: (input.photos ?? existing?.photos ?? []).map((photo) => photo.toLowerCase()),
      observation_id:
        input.observation_id !== undefined ? input.observation_id : (existing?.observation_id ?? null),
      trip_id: input.trip_id !== undefined ? input.trip_id : (existing?.trip_id ?? null),
      hotspot_id: input.hotspot_id !== undefined ? input.hotspot_id : (existing?.hotspot_id ?? null),
      group_id:
        input.group_id !== undefined ? (input.group_id?.toLowerCase() ?? null) : (existing?.group_id ?? null),
    };
    await this.check(author, next);
    const now = new Date(this.clock.now());
    let created = false;
    if (existing === undefined) {
      const inserted = await withFeedMarks(this.db, (trx) =>
        trx
          .insertInto('newsfeed_items')
          .values({ id: postId, type: 'post', author_id: author, ...next, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst(),
      );
      // A concurrent replay inserted it first: answer the stored post.
      created = inserted !== undefined;
      if (!created) return this.savePost(author, postId, input);
    } else if (!samePost(existing, next)) {
      await withFeedMarks(this.db, (trx) =>
        trx
          .updateTable('newsfeed_items')
          .set({ ...next, updated_at: now, mod: NEXT_MOD })
          .where('id', '=', postId)
          .execute(),
      );
    }
    const [item] = await this.build([(await this.find(postId)) as FeedItemRow]);
    if (item === undefined) throw notFound(messages.feedItemNotFound);
    return { item, created };
  }

  /** Refuses a post that names what is not the author's (or not there) with 400 naming the field. */
  private async check(
    author: string,
    post: Pick<FeedItemRow, 'body' | 'photos' | 'observation_id' | 'trip_id' | 'hotspot_id' | 'group_id'>,
  ) {
    if (post.body === '' && post.photos.length === 0 && post.observation_id === null) {
      throw badRequest(messages.postEmpty);
    }
    if (post.photos.length > 0) {
      const owned = await this.db
        .selectFrom('media')
        .select('id')
        .where('id', 'in', post.photos)
        .where('owner_id', '=', author)
        .where('kind', '=', 'observation')
        .where('deleted_at', 'is', null)
        .execute();
      const found = new Set(owned.map((row) => row.id));
      const missing = post.photos.find((photo) => !found.has(photo));
      if (missing !== undefined) throw badRequest(formatMessage(messages.postPhotoUnknown, { id: missing }));
    }
    if (post.observation_id !== null) {
      const sighting = await this.sightings(author, [post.observation_id]);
      if (!sighting.has(post.observation_id)) throw badRequest(messages.postSightingUnknown);
    }
    if (post.trip_id !== null) {
      const trips = await this.trips(author, [post.trip_id]);
      if (!trips.has(post.trip_id)) throw badRequest(messages.postTripUnknown);
    }
    if (post.hotspot_id !== null) {
      const place = await this.db
        .selectFrom('hotspots')
        .select('id')
        .where('id', '=', post.hotspot_id)
        .executeTakeFirst();
      if (place === undefined) throw badRequest(messages.postHotspotUnknown);
    }
    if (post.group_id !== null) {
      const membership = await this.db
        .selectFrom('community_group_members')
        .select('user_id')
        .where('group_id', '=', post.group_id)
        .where('user_id', '=', author)
        .executeTakeFirst();
      if (membership === undefined) throw badRequest(messages.postGroupNotMember);
    }
  }

  /** Deletes a post (its author, or an admin when `asAdmin`); deleting again answers quietly. */
  async remove(caller: string, id: string, asAdmin: boolean): Promise<void> {
    const row = await this.find(id);
    if (row === undefined) throw notFound(messages.feedItemNotFound);
    if (row.author_id !== caller && !asAdmin) throw forbidden(messages.postNotYours);
    if (row.type !== 'post') throw conflict(messages.feedItemNotPost);
    if (row.deleted_at !== null) return;
    const now = new Date(this.clock.now());
    await withFeedMarks(this.db, (trx) =>
      trx
        .updateTable('newsfeed_items')
        .set({ deleted_at: now, updated_at: now, mod: NEXT_MOD })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute(),
    );
  }

  /** Live public sightings of one member by id. */
  private async sightings(owner: string, ids: string[]): Promise<Map<string, Observation>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('collection_records')
      .select(['owner_id', 'id', 'rev', 'deleted', 'data'])
      .where('collection', '=', OBSERVATIONS_COLLECTION)
      .where('owner_id', '=', owner)
      .where('id', 'in', ids)
      .execute();
    const found = new Map<string, Observation>();
    for (const row of rows) {
      const sighting = observationOf(row);
      if (sighting?.public === true) found.set(row.id, sighting);
    }
    return found;
  }

  private async trips(owner: string, ids: string[]) {
    const found = new Map<string, { trip_id: string; name: string; date_start: number; date_end: number }>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .selectFrom('collection_records')
      .select(['id', 'data'])
      .where('collection', '=', TRIPS_COLLECTION)
      .where('owner_id', '=', owner)
      .where('id', 'in', ids)
      .where('deleted', '=', false)
      .execute();
    for (const row of rows) {
      const data: unknown = { ...(row.data as object), trip_id: row.id, user_id: owner };
      if (isTrip(data)) {
        found.set(row.id, {
          trip_id: row.id,
          name: data.name,
          date_start: data.date_start,
          date_end: data.date_end,
        });
      }
    }
    return found;
  }

  /**
   * What the trips' summaries show: the owner's public sightings of each trip (linked to it or
   * dated within it, as sightingInTrip; newsfeed_trip_covers in the migration), how many and of
   * how many species, and up to TRIP_SUMMARY_PHOTOS_MAX of their own photos (never a species'
   * reference thumbnail), newest sighting first, featured first. A trip that is gone, or has no
   * public sighting now, has no summary.
   */
  private async tripSummaries(owner: string, ids: string[]): Promise<Map<string, TripSummary>> {
    const trips = await this.trips(owner, ids);
    const found = new Map<string, TripSummary>();
    for (const trip of trips.values()) {
      const { rows } = await sql<StoredSighting>`SELECT owner_id, id, rev, deleted, data
        FROM collection_records
        WHERE collection = ${sql.lit(OBSERVATIONS_COLLECTION)} AND owner_id = ${owner} AND NOT deleted
          AND data @> '{"public": true}'
          AND (${dateSql} BETWEEN ${trip.date_start} AND ${trip.date_end}
            OR data @> jsonb_build_object('trips', jsonb_build_array(${trip.trip_id}::text)))
        ORDER BY ${dateSql} DESC NULLS LAST, id COLLATE "C"`.execute(this.db);
      const sightings = rows.flatMap((row) => {
        const sighting = observationOf(row);
        return sighting?.public === true && sightingInTrip(sighting, trip) ? [sighting] : [];
      });
      if (sightings.length === 0) continue;
      const candidates = sightings.flatMap((sighting) =>
        sighting.media
          .filter((media) => media.species_thumb !== true && isUuid(media.media_id))
          .sort((a, b) => Number(b.featured) - Number(a.featured))
          .map((media) => media.media_id.toLowerCase()),
      );
      const owned =
        candidates.length === 0
          ? new Set<string>()
          : new Set(
              (
                await this.db
                  .selectFrom('media')
                  .select('id')
                  .where('id', 'in', candidates)
                  .where('owner_id', '=', owner)
                  .where('deleted_at', 'is', null)
                  .execute()
              ).map((row) => row.id),
            );
      found.set(trip.trip_id, {
        sightings: sightings.length,
        species: new Set(sightings.flatMap((sighting) => (sighting.species_id ? [sighting.species_id] : [])))
          .size,
        photos: [...new Set(candidates.filter((id) => owned.has(id)))].slice(0, TRIP_SUMMARY_PHOTOS_MAX),
      });
    }
    return found;
  }

  /** The answers for rows, in their order; sighting items no longer public are left out. */
  private async build(rows: FeedItemRow[]): Promise<FeedItem[]> {
    if (rows.length === 0) return [];
    const authorIds = [...new Set(rows.map((row) => row.author_id))];
    const authors = new Map(
      (
        await this.db
          .selectFrom('users')
          .select(['id', 'nickname', 'avatar'])
          .where('id', 'in', authorIds)
          .execute()
      ).map((row) => [row.id, row]),
    );
    const groupIds = [...new Set(rows.flatMap((row) => (row.group_id === null ? [] : [row.group_id])))];
    const groups = new Map(
      groupIds.length === 0
        ? []
        : (
            await this.db
              .selectFrom('community_groups')
              .select(['id', 'title'])
              .where('id', 'in', groupIds)
              .execute()
          ).map((row) => [row.id, row.title]),
    );
    // Trip summaries: their trips' public sightings, read now (a private one never counts).
    const summaries = new Map<string, Map<string, TripSummary>>();
    for (const author of authorIds) {
      const tripIds = unique(
        rows
          .filter((row) => row.author_id === author && row.type === 'trip_summary')
          .map((row) => row.trip_id),
      );
      if (tripIds.length > 0) summaries.set(author, await this.tripSummaries(author, tripIds));
    }
    const summaryOf = (row: FeedItemRow) =>
      row.type === 'trip_summary' && row.trip_id !== null
        ? summaries.get(row.author_id)?.get(row.trip_id)
        : undefined;
    const shownPhotos = (row: FeedItemRow) => summaryOf(row)?.photos ?? row.photos;
    const photoIds = [...new Set(rows.flatMap(shownPhotos))];
    const photos = new Map(
      photoIds.length === 0
        ? []
        : (
            await this.db
              .selectFrom('media')
              .selectAll()
              .where('id', 'in', photoIds)
              .where('deleted_at', 'is', null)
              .execute()
          ).map((row) => [row.id, this.photos.toPhoto(row)]),
    );
    const hotspotIds = [...new Set(rows.flatMap((row) => (row.hotspot_id === null ? [] : [row.hotspot_id])))];
    const hotspots = new Map(
      hotspotIds.length === 0
        ? []
        : (
            await this.db
              .selectFrom('hotspots')
              .select(['id', 'name'])
              .where('id', 'in', hotspotIds)
              .execute()
          ).map((row) => [row.id, row.name]),
    );
    const sightings = new Map<string, Map<string, Observation>>();
    const trips = new Map<string, Awaited<ReturnType<Feed['trips']>>>();
    for (const author of authorIds) {
      const mine = rows.filter((row) => row.author_id === author);
      sightings.set(author, await this.sightings(author, unique(mine.map((row) => row.observation_id))));
      trips.set(author, await this.trips(author, unique(mine.map((row) => row.trip_id))));
    }

    const items: FeedItem[] = [];
    for (const row of rows) {
      const author = authors.get(row.author_id);
      if (author === undefined) continue;
      const sighting =
        row.observation_id === null ? undefined : sightings.get(row.author_id)?.get(row.observation_id);
      if ((row.type === 'sighting' || row.type === 'lifer') && sighting === undefined) continue;
      const summary = summaryOf(row);
      if (row.type === 'trip_summary' && summary === undefined) continue;
      items.push({
        feed_id: row.id,
        type: row.type,
        user_id: row.author_id,
        author_id: row.author_id,
        author: { user_id: author.id, nickname: author.nickname, avatar: author.avatar },
        group_id: row.group_id,
        group:
          row.group_id === null ? null : { group_id: row.group_id, title: groups.get(row.group_id) ?? '' },
        date: seconds(row.created_at),
        mod: Number(row.mod),
        text: row.body,
        photos: shownPhotos(row).flatMap((id) => {
          const photo = photos.get(id);
          return photo === undefined
            ? []
            : [{ media_id: photo.media_id, path: photo.path, thumbnail: photo.thumbnail }];
        }),
        observation: sighting === undefined ? null : feedSighting(sighting),
        trip: row.trip_id === null ? null : (trips.get(row.author_id)?.get(row.trip_id) ?? null),
        hotspot:
          row.hotspot_id === null || !hotspots.has(row.hotspot_id)
            ? null
            : { hotspot_id: row.hotspot_id, name: hotspots.get(row.hotspot_id) ?? '' },
        trip_summary:
          summary === undefined ? null : { sightings: summary.sightings, species: summary.species },
      });
    }
    return items;
  }
}

interface TripSummary {
  sightings: number;
  species: number;
  /** Media ids of the photos shown. */
  photos: string[];
}

type StoredSighting = Parameters<typeof observationOf>[0];

function unique(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

function samePost(
  row: FeedItemRow,
  next: Pick<FeedItemRow, 'body' | 'photos' | 'observation_id' | 'trip_id' | 'hotspot_id' | 'group_id'>,
): boolean {
  return (
    row.body === next.body &&
    row.photos.join() === next.photos.join() &&
    row.observation_id === next.observation_id &&
    row.trip_id === next.trip_id &&
    row.hotspot_id === next.hotspot_id &&
    row.group_id === next.group_id
  );
}

/** A sighting as the feed shows it: no coordinate of any kind. */
function feedSighting(sighting: Observation): NonNullable<FeedItem['observation']> {
  return {
    observation_id: sighting.observation_id,
    species_id: sighting.species_id,
    taxa: sighting.taxa,
    date: sighting.date,
    lifer: sighting.lifer,
    note: sighting.note,
    media: sighting.media,
    location: sighting.location?.names ?? {},
  };
}
