/**
 * Admin writes of places (PUT/DELETE hotspots/{id}, their species and guides) and a member's
 * rating. Deleting a place deletes its species, guide links and ratings (foreign keys) and turns each
 * member's live like of it into a tombstone of the `hotspot_likes` collection, pushed through that
 * collection's own source so the advisory lock, `seq` and the revision rule hold and every device's
 * next pull removes it (as DELETE trips/{id} does).
 */
import type { Kysely } from 'kysely';
import { formatMessage, messages } from '@contract/messages';
import { polygonBox, type HotspotInput, type RatingInput } from '@contract/places';
import { HOTSPOT_LIKES_COLLECTION } from '@contract/trips';
import { foldText } from '@contract/text';
import type { Clock } from '../../../clock';
import type { DB } from '../../../db/schema';
import { ApiError, notFound } from '../../../errors';
import type { WritableCollectionSource } from '../collections/source';
import { nextApiRev } from '../observations/observation-writes';
import { radiusBox } from './geo-sql';
import type { PlacesDB } from './hotspot-reads';
import type { PlacesTables } from './tables';

export const DEFAULT_RADIUS_KM = 5;

/** A 404 whose reason names the field of the body that holds the unknown id. */
export const unknownId = (reason: string) => new ApiError(404, reason);

/** The search text of a name: folded, padded with spaces (word starts match `% term%`). */
export const searchText = (name: string) => ` ${foldText(name)} `;

export class HotspotWrites {
  private readonly db: Kysely<PlacesDB>;

  constructor(
    db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly likes: WritableCollectionSource,
  ) {
    this.db = db.withTables<PlacesTables>();
  }

  async locationExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  private async requireHotspot(id: string): Promise<void> {
    const row = await this.db.selectFrom('hotspots').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(messages.hotspotNotFound);
  }

  /** Creates the place when the id is new, else replaces it; answers whether it was created. */
  async put(id: string, input: HotspotInput): Promise<boolean> {
    const locationId = input.location_id ?? null;
    if (locationId !== null && !(await this.locationExists(locationId)))
      throw unknownId(messages.placeLocationUnknown);
    const radiusKm = input.radius_km ?? DEFAULT_RADIUS_KM;
    const boundary = input.boundary ?? null;
    const box = boundary
      ? polygonBox(boundary)
      : radiusBox({ lat: input.latitude, lng: input.longitude }, radiusKm);
    const now = new Date(this.clock.now());
    const values = {
      name: input.name,
      description: input.description ?? '',
      location_id: locationId,
      latitude: input.latitude,
      longitude: input.longitude,
      boundary: boundary === null ? null : JSON.stringify(boundary),
      radius_km: radiusKm,
      min_lat: box.minLat,
      max_lat: box.maxLat,
      min_lng: box.minLng,
      max_lng: box.maxLng,
      habitat: input.habitat ?? [],
      search_text: searchText(input.name),
      updated_at: now,
    };
    const existing = await this.db
      .selectFrom('hotspots')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    await this.db
      .insertInto('hotspots')
      .values({ id, ...values, created_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    return existing === undefined;
  }

  /** Deletes the place (404 when unknown) and tombstones every member's like of it. */
  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .deleteFrom('hotspots')
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw notFound(messages.hotspotNotFound);
    const likes = await this.db
      .selectFrom('collection_records')
      .select(['owner_id', 'id', 'rev'])
      .where('collection', '=', HOTSPOT_LIKES_COLLECTION)
      .where('deleted', '=', false)
      .where((eb) => eb(eb.ref('data', '->>').key('hotspot_id'), '=', id))
      .execute();
    const byOwner = new Map<string, Array<{ id: string; rev: string }>>();
    for (const like of likes) byOwner.set(like.owner_id, [...(byOwner.get(like.owner_id) ?? []), like]);
    for (const [memberId, records] of byOwner) {
      // A device's winning revision may land first; then its record stands (and counts nowhere).
      await this.likes.push(
        { memberId },
        records.map((record) => ({ id: record.id, rev: nextApiRev(record.rev), deleted: true, data: {} })),
      );
    }
  }

  async addSpecies(id: string, speciesId: string): Promise<void> {
    await this.requireHotspot(id);
    await this.requireSpecies(speciesId);
    await this.db
      .insertInto('hotspot_species')
      .values({ hotspot_id: id, species_id: speciesId, created_at: new Date(this.clock.now()) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeSpecies(id: string, speciesId: string): Promise<void> {
    await this.requireHotspot(id);
    await this.db
      .deleteFrom('hotspot_species')
      .where('hotspot_id', '=', id)
      .where('species_id', '=', speciesId)
      .execute();
  }

  async requireSpecies(speciesId: string): Promise<void> {
    const row = await this.db
      .selectFrom('species')
      .select('id')
      .where('id', '=', speciesId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw unknownId(messages.placeSpeciesUnknown);
  }

  async requireGuide(guideId: string, reason: string): Promise<void> {
    const row = await this.db
      .selectFrom('field_guides')
      .select('id')
      .where('id', '=', guideId)
      .executeTakeFirst();
    if (!row) throw unknownId(reason);
  }

  /** Links a guide and a place (both doors: hotspots/{id}/guides, field_guides/{id}/hotspots). */
  async link(hotspotId: string, guideId: string): Promise<void> {
    await this.db
      .insertInto('hotspot_guides')
      .values({ hotspot_id: hotspotId, field_guide_id: guideId, created_at: new Date(this.clock.now()) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unlink(hotspotId: string, guideId: string): Promise<void> {
    await this.db
      .deleteFrom('hotspot_guides')
      .where('hotspot_id', '=', hotspotId)
      .where('field_guide_id', '=', guideId)
      .execute();
  }

  async addGuide(id: string, guideId: string): Promise<void> {
    await this.requireHotspot(id);
    await this.requireGuide(
      guideId,
      formatMessage('field_guide_id: {reason}', { reason: messages.fieldGuideNotFound }),
    );
    await this.link(id, guideId);
  }

  async removeGuide(id: string, guideId: string): Promise<void> {
    await this.requireHotspot(id);
    await this.unlink(id, guideId);
  }

  /** The member's own rating of the place, created or replaced. */
  async rate(id: string, memberId: string, input: RatingInput): Promise<void> {
    await this.requireHotspot(id);
    const now = new Date(this.clock.now());
    const values = { rating: input.rating, comment: input.comment ?? '', updated_at: now };
    await this.db
      .insertInto('hotspot_ratings')
      .values({ hotspot_id: id, user_id: memberId, ...values, created_at: now })
      .onConflict((oc) => oc.columns(['hotspot_id', 'user_id']).doUpdateSet(values))
      .execute();
  }
}
