/**
 * Ads (docs/api.md "Ads"): admin writes and lists, the ad a member is shown (by placement and
 * region, running now), view tracking and stats per UTC day.
 * - Running: active, not deleted, started (or no start) and not ended (or no end), by the server's
 *   clock.
 * - Region: an ad with no regions runs everywhere; else one of its regions must be the viewer's
 *   location or that location's parent (a region's country).
 * - Views: one row per view id, merged by GREATEST/LEAST, so a device may resend a view's totals
 *   any number of times and in any order (offline batches) and the counts only ever grow to what it
 *   measured.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Ad, AdImpression, AdPlacement, AdStatsDay, AdView, AdWrite } from '@contract/ads';
import { messages } from '@contract/messages';
import type { Bounds } from '@contract/places';
import type { DB } from '../../../db/schema';
import type { Clock } from '../../../clock';
import { badRequest, notFound } from '../../../errors';
import type { AdsTable } from './tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (value: number | null) => (value === null ? null : new Date(value * 1000));
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function toAd(row: Selectable<AdsTable>): Ad {
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    image: row.image,
    link: row.link,
    placements: row.placements as AdPlacement[],
    regions: row.regions,
    starts_at: row.starts_at && seconds(row.starts_at),
    ends_at: row.ends_at && seconds(row.ends_at),
    active: row.active,
    latitude: row.latitude,
    longitude: row.longitude,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

function toImpression(row: Selectable<AdsTable>): AdImpression {
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    image: row.image,
    link: row.link,
    latitude: row.latitude,
    longitude: row.longitude,
    sponsored: true,
  };
}

export class AdsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  private running(now: Date) {
    return this.db
      .selectFrom('ads')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  }

  async list(includeAll: boolean): Promise<Ad[]> {
    const now = new Date(this.clock.now());
    const rows = includeAll
      ? await this.db
          .selectFrom('ads')
          .selectAll()
          .where('deleted_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute()
      : await this.running(now).orderBy('created_at', 'desc').execute();
    return rows.map(toAd);
  }

  async get(id: string): Promise<Ad | undefined> {
    const row = await this.db
      .selectFrom('ads')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toAd(row);
  }

  async exists(id: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('ads').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  /** Creates or replaces ad `id`; a deleted one stays deleted (404). */
  async put(id: string, input: AdWrite): Promise<{ ad: Ad; created: boolean }> {
    if (input.starts_at !== null && input.ends_at !== null && input.ends_at < input.starts_at) {
      throw badRequest(messages.adDatesOrder);
    }
    const existing = await this.db
      .selectFrom('ads')
      .select(['id', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (existing?.deleted_at) throw notFound(messages.adNotFound);
    const now = new Date(this.clock.now());
    const fields = {
      title: input.title.trim(),
      body: input.text,
      image: input.image,
      link: input.link,
      placements: input.placements,
      regions: input.regions,
      starts_at: fromSeconds(input.starts_at),
      ends_at: fromSeconds(input.ends_at),
      active: input.active,
      latitude: input.latitude,
      longitude: input.longitude,
      updated_at: now,
    };
    const row = existing
      ? await this.db
          .updateTable('ads')
          .set(fields)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await this.db
          .insertInto('ads')
          .values({ id, ...fields, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    return { ad: toAd(row), created: !existing };
  }

  async remove(id: string): Promise<void> {
    const now = new Date(this.clock.now());
    const result = await this.db
      .updateTable('ads')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(messages.adNotFound);
  }

  /** The location and its parent: the regions an ad may target to reach a viewer there. */
  private async regionsOf(locationId: string | null): Promise<string[]> {
    if (!locationId) return [];
    const row = await this.db
      .selectFrom('locations')
      .select(['id', 'parent_id'])
      .where('id', '=', locationId)
      .executeTakeFirst();
    return row ? [row.id, ...(row.parent_id ? [row.parent_id] : [])] : [locationId];
  }

  async viewerLocation(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const row = await this.db
      .selectFrom('users')
      .select('location_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.location_id ?? null;
  }

  /** One running ad for the placement and region (or ad `id` if it runs), counted as an impression. */
  async impression(
    placement: AdPlacement,
    locationId: string | null,
    id?: string,
  ): Promise<AdImpression | null> {
    const nowMs = this.clock.now();
    const regions = await this.regionsOf(locationId);
    let query = this.running(new Date(nowMs));
    if (id !== undefined) {
      query = query.where('id', '=', id);
    } else {
      query = query
        .where(sql<boolean>`${placement} = ANY(placements)`)
        .where((eb) =>
          regions.length === 0
            ? eb(sql`cardinality(regions)`, '=', 0)
            : eb.or([
                eb(sql`cardinality(regions)`, '=', 0),
                sql<boolean>`regions && ${sql.val(regions)}::text[]`,
              ]),
        )
        .orderBy(sql`random()`);
    }
    const row = await query.limit(1).executeTakeFirst();
    if (!row) return null;
    await this.db
      .insertInto('ad_impressions')
      .values({ ad_id: row.id, day: utcDay(nowMs), impressions: 1 })
      .onConflict((oc) =>
        oc.columns(['ad_id', 'day']).doUpdateSet({ impressions: sql`ad_impressions.impressions + 1` }),
      )
      .execute();
    return toImpression(row);
  }

  /** Running map ads inside the box (at most 3; none below zoom 3), each counted as an impression. */
  async map(box: Bounds, zoom: number | undefined, rand: boolean, id?: string): Promise<AdImpression[]> {
    if (zoom !== undefined && zoom < 3) return [];
    const nowMs = this.clock.now();
    let query = this.running(new Date(nowMs))
      .where(sql<boolean>`'map' = ANY(placements)`)
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .where('latitude', '>=', box.south)
      .where('latitude', '<=', box.north);
    query =
      box.west <= box.east
        ? query.where('longitude', '>=', box.west).where('longitude', '<=', box.east)
        : query.where((eb) => eb.or([eb('longitude', '>=', box.west), eb('longitude', '<=', box.east)]));
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query
      .orderBy(rand ? sql`random()` : sql`id`)
      .limit(3)
      .execute();
    for (const row of rows) {
      await this.db
        .insertInto('ad_impressions')
        .values({ ad_id: row.id, day: utcDay(nowMs), impressions: 1 })
        .onConflict((oc) =>
          oc.columns(['ad_id', 'day']).doUpdateSet({ impressions: sql`ad_impressions.impressions + 1` }),
        )
        .execute();
    }
    return rows.map(toImpression);
  }

  /** Records a view's totals so far (idempotent per view id); 404 for an ad that does not exist. */
  async view(adId: string, viewId: string, userId: string | null, input: AdView): Promise<void> {
    if (!(await this.exists(adId))) throw notFound(messages.adNotFound);
    const first = new Date(Math.min(input.first_view, input.last_view) * 1000);
    const last = new Date(Math.max(input.first_view, input.last_view) * 1000);
    await this.db
      .insertInto('ad_views')
      .values({
        ad_id: adId,
        view_id: viewId,
        user_id: userId,
        views: input.views,
        view_time: input.view_time,
        first_view: first,
        last_view: last,
        clicked: input.clicked ?? false,
        scrolled_by: false,
        day: utcDay(first.getTime()),
      })
      .onConflict((oc) =>
        oc.columns(['ad_id', 'view_id']).doUpdateSet({
          views: sql`GREATEST(ad_views.views, excluded.views)`,
          view_time: sql`GREATEST(ad_views.view_time, excluded.view_time)`,
          first_view: sql`LEAST(ad_views.first_view, excluded.first_view)`,
          last_view: sql`GREATEST(ad_views.last_view, excluded.last_view)`,
          clicked: sql`ad_views.clicked OR excluded.clicked`,
          day: sql`LEAST(ad_views.day, excluded.day)`,
        }),
      )
      .execute();
  }

  /** The ad was shown but scrolled past: a view id with no view time, or a later last_view. */
  async scrollBy(adId: string, viewId: string, userId: string | null, lastView: number): Promise<void> {
    if (!(await this.exists(adId))) throw notFound(messages.adNotFound);
    const at = new Date(lastView * 1000);
    await this.db
      .insertInto('ad_views')
      .values({
        ad_id: adId,
        view_id: viewId,
        user_id: userId,
        views: 0,
        view_time: 0,
        first_view: at,
        last_view: at,
        scrolled_by: true,
        clicked: false,
        day: utcDay(at.getTime()),
      })
      .onConflict((oc) =>
        oc.columns(['ad_id', 'view_id']).doUpdateSet({
          last_view: sql`GREATEST(ad_views.last_view, excluded.last_view)`,
          scrolled_by: true,
        }),
      )
      .execute();
  }

  /** Per UTC day, oldest first: impressions handed out, and the views devices reported. */
  async stats(adId: string): Promise<{ days: AdStatsDay[]; totals: Omit<AdStatsDay, 'day'> }> {
    if (!(await this.exists(adId))) throw notFound(messages.adNotFound);
    const impressions = await this.db
      .selectFrom('ad_impressions')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'impressions'])
      .where('ad_id', '=', adId)
      .execute();
    const views = await this.db
      .selectFrom('ad_views')
      .select([
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        sql<string>`sum(views)`.as('views'),
        sql<string>`sum(view_time)`.as('view_time'),
        sql<string>`count(*) FILTER (WHERE views > 0)`.as('viewers'),
        sql<string>`count(*) FILTER (WHERE clicked)`.as('clicks'),
        sql<string>`count(*) FILTER (WHERE scrolled_by)`.as('scrollbys'),
      ])
      .where('ad_id', '=', adId)
      .groupBy('day')
      .execute();
    const byDay = new Map<string, AdStatsDay>();
    const dayOf = (day: string) => {
      let entry = byDay.get(day);
      if (!entry) {
        entry = { day, impressions: 0, views: 0, view_time: 0, viewers: 0, clicks: 0, scrollbys: 0 };
        byDay.set(day, entry);
      }
      return entry;
    };
    for (const row of impressions) dayOf(row.day).impressions = row.impressions;
    for (const row of views) {
      Object.assign(dayOf(row.day), {
        views: Number(row.views),
        view_time: Number(row.view_time),
        viewers: Number(row.viewers),
        clicks: Number(row.clicks),
        scrollbys: Number(row.scrollbys),
      });
    }
    const days = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
    const totals = { impressions: 0, views: 0, view_time: 0, viewers: 0, clicks: 0, scrollbys: 0 };
    for (const day of days) {
      for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += day[key];
    }
    return { days, totals };
  }
}
