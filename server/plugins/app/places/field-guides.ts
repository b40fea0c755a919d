/**
 * Field guides: guiding services a member can book (docs/places.md says why not books). Reads —
 * popular, nearby, list, map, one guide with its places — and the admin writes; the guide–place
 * links themselves are HotspotWrites.link/unlink (one table, two doors).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { messages } from '@contract/messages';
import type { Bounds, FieldGuide, FieldGuideInput, PlacePhoto } from '@contract/places';
import { foldText } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { notFound } from '../../../errors';
import type { LatLng } from '../reference/geo';
import { float, haversineSql, inBoundsSql, likesSql, NEARBY_RADII_KM, nearBoxSql } from './geo-sql';
import type { PlacesDB } from './hotspot-reads';
import { searchText, unknownId } from './hotspot-writes';
import type { PlacesTables } from './tables';

export interface GuideRow {
  id: string;
  name: string;
  about: string;
  phone: string;
  email: string;
  website: string;
  languages: string[];
  location_id: string | null;
  latitude: number;
  longitude: number;
  hotspots: number;
  photos: PlacePhoto[];
  distance_km?: number;
  score?: number | string;
}

export const GUIDE_COLUMNS = sql`f.id, f.name, f.about, f.phone, f.email, f.website, f.languages, f.location_id,
  f.latitude, f.longitude, f.photos, (SELECT count(*) FROM hotspot_guides g WHERE g.field_guide_id = f.id)::int AS hotspots`;

export function toFieldGuide(row: GuideRow): FieldGuide {
  const guide: FieldGuide = {
    field_guide_id: row.id,
    name: row.name,
    about: row.about,
    phone: row.phone,
    email: row.email,
    website: row.website,
    languages: row.languages,
    location_id: row.location_id,
    latitude: row.latitude,
    longitude: row.longitude,
    hotspots: row.hotspots,
    photos: row.photos,
  };
  if (row.distance_km !== undefined) guide.distance_km = Math.round(row.distance_km * 1000) / 1000;
  if (row.score !== undefined) guide.score = Number(row.score);
  return guide;
}

export class FieldGuides {
  private readonly db: Kysely<PlacesDB>;

  constructor(
    db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.db = db.withTables<PlacesTables>();
  }

  private async rows(query: RawBuilder<GuideRow>): Promise<GuideRow[]> {
    return (await query.execute(this.db)).rows;
  }

  async byId(id: string): Promise<GuideRow | undefined> {
    return (
      await this.rows(sql<GuideRow>`SELECT ${GUIDE_COLUMNS} FROM field_guides f WHERE f.id = ${id}::uuid`)
    )[0];
  }

  async require(id: string): Promise<void> {
    if (!(await this.byId(id))) throw notFound(messages.fieldGuideNotFound);
  }

  /** By distance from their base; `species_id` keeps those specialising in it. */
  async nearby(point: LatLng, options: { speciesId?: string; limit: number }): Promise<GuideRow[]> {
    const distance = haversineSql(sql`f.latitude`, sql`f.longitude`, float(point.lat), float(point.lng));
    const species =
      options.speciesId === undefined
        ? sql`true`
        : sql`EXISTS (SELECT 1 FROM field_guide_species s WHERE s.field_guide_id = f.id AND s.species_id = ${options.speciesId})`;
    let rows: GuideRow[] = [];
    for (const km of NEARBY_RADII_KM) {
      rows = await this
        .rows(sql<GuideRow>`SELECT ${GUIDE_COLUMNS}, ${distance} AS distance_km FROM field_guides f
        WHERE ${nearBoxSql('f', point, km)} AND ${species}
        ORDER BY distance_km, f.name, f.id LIMIT ${options.limit}`);
      const last = rows[rows.length - 1];
      if (rows.length >= options.limit && last !== undefined && (last.distance_km ?? 0) <= km) break;
    }
    return rows;
  }

  /** Score = the places they guide at + members liking those places (docs/places.md). */
  async popular(locationId: string | undefined, limit: number): Promise<GuideRow[]> {
    const where =
      locationId === undefined
        ? sql`true`
        : sql`(f.location_id = ${locationId} OR f.location_id IN (SELECT id FROM locations WHERE parent_id = ${locationId})
            OR EXISTS (SELECT 1 FROM hotspot_guides g JOIN hotspots h ON h.id = g.hotspot_id
              WHERE g.field_guide_id = f.id AND (h.location_id = ${locationId}
                OR h.location_id IN (SELECT id FROM locations WHERE parent_id = ${locationId}))))`;
    return this.rows(sql<GuideRow>`SELECT * FROM (
        SELECT ${GUIDE_COLUMNS}, (SELECT count(*) + COALESCE(sum(${likesSql}), 0) FROM hotspot_guides g
          JOIN hotspots h ON h.id = g.hotspot_id WHERE g.field_guide_id = f.id) AS score
        FROM field_guides f WHERE ${where}) AS scored
      ORDER BY score DESC, name, id LIMIT ${limit}`);
  }

  async list(options: { search?: string; skip: number; limit: number }): Promise<GuideRow[]> {
    const folded = options.search !== undefined ? foldText(options.search) : '';
    const where =
      folded === '' ? sql`true` : sql`f.search_text LIKE ${`% ${folded.replace(/[\\%_]/g, '\\$&')}%`}`;
    return this.rows(sql<GuideRow>`SELECT ${GUIDE_COLUMNS} FROM field_guides f WHERE ${where}
      ORDER BY f.name, f.id OFFSET ${options.skip} LIMIT ${options.limit}`);
  }

  async map(
    bounds: Bounds,
    options: { rand: boolean; limit: number },
  ): Promise<{ rows: GuideRow[]; total: number }> {
    const inside = inBoundsSql('f', bounds);
    const order = options.rand ? sql`random()` : sql`md5(f.id::text)`;
    const rows = await this.rows(sql<GuideRow>`SELECT ${GUIDE_COLUMNS} FROM field_guides f WHERE ${inside}
      ORDER BY ${order} LIMIT ${options.limit}`);
    const count = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM field_guides f WHERE ${inside}`.execute(this.db);
    return { rows, total: count.rows[0]?.n ?? 0 };
  }

  async places(id: string): Promise<Array<{ hotspot_id: string; name: string }>> {
    return this.db
      .selectFrom('hotspot_guides as g')
      .innerJoin('hotspots as h', 'h.id', 'g.hotspot_id')
      .select(['h.id as hotspot_id', 'h.name'])
      .where('g.field_guide_id', '=', id)
      .orderBy('h.name')
      .orderBy('h.id')
      .execute();
  }

  async species(id: string) {
    return this.db
      .selectFrom('field_guide_species as s')
      .innerJoin('species as sp', 'sp.id', 's.species_id')
      .select(['sp.id as species_id', 'sp.name', 'sp.scientific_name'])
      .where('s.field_guide_id', '=', id)
      .where('sp.deleted', '=', false)
      .orderBy('sp.sort')
      .orderBy('sp.id')
      .execute();
  }

  private async checkLocation(locationId: string | null): Promise<void> {
    if (locationId === null) return;
    const row = await this.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', locationId)
      .executeTakeFirst();
    if (!row) throw unknownId(messages.placeLocationUnknown);
  }

  private values(input: FieldGuideInput) {
    return {
      name: input.name,
      about: input.about ?? '',
      phone: input.phone ?? '',
      email: input.email ?? '',
      website: input.website ?? '',
      languages: input.languages ?? [],
      location_id: input.location_id ?? null,
      latitude: input.latitude,
      longitude: input.longitude,
      search_text: searchText(input.name),
      updated_at: new Date(this.clock.now()),
    };
  }

  async create(input: FieldGuideInput): Promise<string> {
    await this.checkLocation(input.location_id ?? null);
    const values = this.values(input);
    const row = await this.db
      .insertInto('field_guides')
      .values({ ...values, created_at: values.updated_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, input: FieldGuideInput): Promise<void> {
    await this.require(id);
    await this.checkLocation(input.location_id ?? null);
    await this.db.updateTable('field_guides').set(this.values(input)).where('id', '=', id).execute();
  }

  /** Deletes the guide; its species and place links go with it (foreign keys). */
  async remove(id: string): Promise<void> {
    const row = await this.db
      .deleteFrom('field_guides')
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound(messages.fieldGuideNotFound);
  }

  async addSpecies(id: string, speciesId: string): Promise<void> {
    await this.db
      .insertInto('field_guide_species')
      .values({ field_guide_id: id, species_id: speciesId, created_at: new Date(this.clock.now()) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeSpecies(id: string, speciesId: string): Promise<void> {
    await this.db
      .deleteFrom('field_guide_species')
      .where('field_guide_id', '=', id)
      .where('species_id', '=', speciesId)
      .execute();
  }
}
