/**
 * REST writes of sightings (PUT/DELETE species/{id}/observations…) go through the collection push
 * of `species_observations`, the same path as a device's sync, so `seq`, the advisory lock and the
 * revision rule hold for them too (docs/sync.md) and every device gets the change on its next pull.
 *
 * - Revision: `<stored counter + 1>_api`: it beats the revision the server holds, as a device's
 *   next save would.
 * - A stale view never silently loses a newer device edit: an update or delete that names the
 *   revision it started from (`rev`) is refused with 409 when the stored one is another; and when
 *   a device's winning revision arrives between the read and the push, the push ignores ours and
 *   the call answers 409 too. (A device edit made from the same stored revision that arrives in
 *   that instant ties on the counter and the suffix decides, as between two devices.)
 * - A create names its id (`observation_id`): when the member already has a live sighting with it,
 *   the create writes nothing and answers the stored one (a replay never duplicates nor
 *   overwrites); a deleted one answers 409 (a replay must not bring it back).
 * - `lifer` of the written sighting is the lifer rule over the member's sightings of the species;
 *   other sightings' flags are left to the devices (stats.ts `liferChanges`), since a server-made
 *   revision of them could beat an edit a device has not pushed yet. Reads answer the rule anyway.
 */
import { messages } from '@contract/messages';
import {
  roundGeoPoint,
  type GeoPoint,
  type Observation,
  type ObservationCreateRequest,
  type ObservationLocation,
  type ObservationTaxa,
  type ObservationUpdateRequest,
} from '@contract/observations';
import { seenBefore } from '@contract/stats';
import { parseRev, type PushRecord } from '@contract/sync';
import { nowSeconds, type Clock } from '../../../clock';
import { conflict, notFound } from '../../../errors';
import type { WritableCollectionSource } from '../collections/source';
import { observationOf, type ObservationReads } from './observation-reads';

export const API_REV_SUFFIX = 'api';

/** The revision of a REST write over the stored one (none: a new record). */
export function nextApiRev(stored: string | undefined): string {
  const counter = stored === undefined ? 0 : parseRev(stored).counter;
  return `${counter + 1}_${API_REV_SUFFIX}`;
}

/** The reference locations around a point (the region and its country), or null when none. */
export type Locate = (point: GeoPoint) => Promise<ObservationLocation | null>;

/** The species a write is about: its id and the taxa copied into the sighting. */
export interface SpeciesRef {
  id: string;
  taxa: ObservationTaxa;
}

export interface WriteResult {
  observation: Observation;
  rev: string;
  created: boolean;
}

function sameCoordinate(a: GeoPoint | null, b: GeoPoint | null): boolean {
  return a?.coordinates[0] === b?.coordinates[0] && a?.coordinates[1] === b?.coordinates[1];
}

export class ObservationWrites {
  constructor(
    private readonly reads: ObservationReads,
    private readonly source: WritableCollectionSource,
    private readonly clock: Clock,
    private readonly locate: Locate,
  ) {}

  async create(memberId: string, species: SpeciesRef, body: ObservationCreateRequest): Promise<WriteResult> {
    const stored = await this.reads.findOwn(memberId, body.observation_id);
    if (stored?.deleted) throw conflict(messages.observationDeleted);
    const existing = stored && observationOf(stored);
    if (stored && existing) return { observation: existing, rev: stored.rev, created: false };
    // A live record whose data is not an Observation (a faulty client's push) is written over.
    const now = nowSeconds(this.clock);
    const coordinate = body.coordinate ? roundGeoPoint(body.coordinate) : null;
    const observation: Observation = {
      observation_id: body.observation_id,
      user_id: memberId,
      species_id: species.id,
      taxa: species.taxa,
      coordinate,
      coordinate_hidden: coordinate === null || (body.coordinate_hidden ?? false),
      date: body.date,
      public: body.public ?? false,
      lifer: false,
      note: body.note ?? '',
      media: body.media ?? [],
      trips: body.trips ?? [],
      created: body.created ?? now,
      updated: now,
    };
    if (body.location !== undefined) observation.location = body.location;
    else if (coordinate !== null) await this.addLocation(observation);
    return this.store(memberId, stored?.rev, observation, true);
  }

  async update(
    memberId: string,
    id: string,
    species: SpeciesRef,
    body: ObservationUpdateRequest,
  ): Promise<WriteResult> {
    const stored = await this.reads.findOwn(memberId, id);
    const current = stored && observationOf(stored);
    if (!stored || !current) throw notFound(messages.observationNotFound);
    if (body.rev !== undefined && body.rev !== stored.rev) throw conflict(messages.observationChanged);
    const next: Observation = { ...current, species_id: species.id, taxa: species.taxa };
    if (body.coordinate !== undefined)
      next.coordinate = body.coordinate ? roundGeoPoint(body.coordinate) : null;
    if (body.coordinate_hidden !== undefined) next.coordinate_hidden = body.coordinate_hidden;
    if (next.coordinate === null) next.coordinate_hidden = true;
    if (body.date !== undefined) next.date = body.date;
    if (body.public !== undefined) next.public = body.public;
    if (body.note !== undefined) next.note = body.note;
    if (body.media !== undefined) next.media = body.media;
    if (body.trips !== undefined) next.trips = body.trips;
    if (body.created !== undefined) next.created = body.created;
    next.updated = nowSeconds(this.clock);
    if (body.location !== undefined) next.location = body.location;
    else if (next.coordinate !== null && !sameCoordinate(next.coordinate, current.coordinate)) {
      await this.addLocation(next);
    }
    return this.store(memberId, stored.rev, next, false);
  }

  /** Deletes the member's sighting of the species (a tombstone); a deleted one answers as done. */
  async remove(memberId: string, speciesId: string, id: string, expectedRev?: string): Promise<string> {
    const stored = await this.reads.findOwn(memberId, id);
    if (stored?.deleted) return stored.rev;
    const current = stored && observationOf(stored);
    if (!stored || !current || current.species_id !== speciesId) throw notFound(messages.observationNotFound);
    if (expectedRev !== undefined && expectedRev !== stored.rev) throw conflict(messages.observationChanged);
    const rev = nextApiRev(stored.rev);
    await this.push(memberId, { id, rev, deleted: true, data: {} });
    return rev;
  }

  private async addLocation(observation: Observation): Promise<void> {
    if (observation.coordinate === null) return;
    const location = await this.locate(observation.coordinate);
    if (location !== null) observation.location = location;
  }

  private async store(
    memberId: string,
    storedRev: string | undefined,
    observation: Observation,
    created: boolean,
  ): Promise<WriteResult> {
    if (observation.species_id !== null) {
      // The lifer rule: the earliest of the member's sightings of the species, this one included.
      const earliest = await this.reads.earliest(
        memberId,
        observation.species_id,
        observation.observation_id,
      );
      observation.lifer = earliest === undefined || seenBefore(observation, earliest);
    } else {
      observation.lifer = false;
    }
    const rev = nextApiRev(storedRev);
    await this.push(memberId, { id: observation.observation_id, rev, deleted: false, data: observation });
    return { observation, rev, created };
  }

  /** One record through the collection push; a winning revision stored meanwhile answers 409. */
  private async push(memberId: string, record: PushRecord): Promise<void> {
    const result = await this.source.push({ memberId }, [record]);
    if (result.accepted.length !== 1) throw conflict(messages.observationChanged);
  }
}
