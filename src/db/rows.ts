/**
 * Row types of the local database `app.db`. They are the stored shapes, not API types: repositories
 * map between these and src/contract explicitly, so a server change never silently rewrites what is
 * on the device.
 */
import type { Observation } from '@contract/observations';
import type { TaxaEntry } from '@contract/species';
import type { HotspotLike, Trip } from '@contract/trips';

/** Sync bookkeeping for one server collection (ARCHITECTURE.md "Sync protocol"). */
export interface CollectionMarkRow {
  /** The collection's name exactly as the API spells it (`species_observations`, `trips`, …). */
  collection: string;
  /**
   * The cursor (`last_mod`) the server answered for the last committed pull batch; 0 before the
   * first pull. Opaque: for member collections a sequence, for species a millisecond counter.
   */
  remote_mod: number;
  /**
   * The pull filter the cursor belongs to (JSON, '' for none). A different filter (the member chose
   * other groups or another location) starts the pull again from 0. Version 2; absent before.
   */
  filter_key?: string;
  /** Time (seconds) of the newest local change already pushed; 0 before the first push. */
  local_mod: number;
  /** Set when a sync of this collection failed and must be retried (SPEC §4 "Sync"). */
  needs_retry: boolean;
  /**
   * What committed pull batches touched and the pull has not settled yet (sightings: the
   * `[user_id, species_id]` pairs whose lifer flags must follow the rule again, as JSON strings).
   * Written with each batch, cleared in the transaction that settles them after the last batch, so
   * a pull cut short leaves them for the next one. Absent: nothing waits.
   */
  after_pull?: string[];
}

/**
 * A species on the device (SPEC §3 "Species"), from the `species` collection. Version 2. The
 * synced fields keep the API's names; `location_ids` and `tokens` are derived on the device so
 * Dexie can index them (multi-entry).
 */
export interface SpeciesRow {
  /** The species `_id`. */
  id: string;
  group_id: 'birds' | 'mammals' | 'reptiles' | 'amphibians';
  /** Classification names ('Birds|IOC', 'Mammals|Larger', …). Multi-entry index. */
  classifications: string[];
  /** The keys of `locations`. Multi-entry index. */
  location_ids: string[];
  locations: Record<string, { occurrence: string; source: string }>;
  scientific_name: string;
  authority: string | null;
  order: string | null;
  family: string | null;
  /** English name, else the scientific name. */
  name: string;
  names: Record<string, string>;
  taxa: SpeciesTaxaRow;
  taxa_alt: Array<SpeciesTaxaRow & { enabled: boolean }>;
  photo: { thumbs: Array<{ media_id: string; path: string }> };
  extinct: boolean;
  sort: number;
  /**
   * Folded words (foldText) of every name and the scientific names, for search. A multi-entry index
   * in version 2 only (FieldmarkDB.ts says why it was dropped); still filled by the sync.
   */
  tokens: string[];
  /** The record's revision as last pulled. */
  rev: string;
}

/** One entry of a species' `taxa` / `taxa_alt`, as the contract defines it. */
export type SpeciesTaxaRow = TaxaEntry;

/**
 * A stored sighting (SPEC §3 "Observation"), from the `species_observations` collection or saved
 * on this device. Version 4. The synced fields are the contract's `Observation`; `id` equals
 * `observation_id`, `rev` is the record's revision. `deleted` marks a local delete that has not
 * reached the server yet (a tombstone row, removed once the server has it); lists leave it out.
 */
export interface ObservationRow extends Observation {
  id: string;
  rev: string;
  deleted?: true;
}

/** A stored trip (SPEC §3 "Trip"), collection `trips`. Version 4. */
export interface TripRow extends Trip {
  id: string;
  rev: string;
  deleted?: true;
}

/** A stored hotspot like (SPEC §3 "Hotspot like"), collection `hotspot_likes`. Version 4. */
export interface HotspotLikeRow extends HotspotLike {
  id: string;
  rev: string;
  deleted?: true;
}

/**
 * The dirty mark of a record saved on this device and not yet settled on the server, keyed by
 * [collection+id] and written in the same transaction as the record. The push clears it only after
 * a 2xx that settles exactly this `rev` (a newer local save keeps it). Version 4.
 */
export interface DirtyRow {
  collection: string;
  id: string;
  /** The member whose record it is: only their session pushes it. */
  user_id: string;
  /** The revision to push: the record's latest local one. */
  rev: string;
  /** When the record was first saved unsynced (ms), for "oldest unsynced" and ordering. */
  since: number;
  /** Set when the server refused the record for good (a permanent 4xx): shown, never retried blindly. */
  parked?: ParkedError;
}

/** Why the server refused a queued item for good; the member sees the reason. */
export interface ParkedError {
  status: number;
  reason: string;
  /** When (ms). */
  at: number;
}

/**
 * A member's photo waiting for upload (`PUT media/{media_id}/base64`), with its own queue so a slow
 * photo never holds back the text of sightings. The bytes are the resized JPEG (≤ 2048 px, quality
 * 90, no EXIF): stored as an ArrayBuffer, which every browser's IndexedDB stores (Blobs were
 * unreliable in older Safari). Version 4.
 */
export interface PhotoUploadRow {
  /** Client-generated UUID: the server's media id, so a replay never duplicates. */
  media_id: string;
  observation_id: string;
  user_id: string;
  bytes: ArrayBuffer;
  content_type: string;
  width: number;
  height: number;
  /** When it was queued (ms). */
  created: number;
  attempts: number;
  parked?: ParkedError;
}

/**
 * An offline stored request (SPEC §3): a call that is not a collection record (a comment, a like)
 * made while offline, replayed later. `id` is the spec's short random id; the request carries it
 * (or its own client-generated ids) so a replay is recognised. Version 4.
 */
export interface OutboxRow {
  id: string;
  /** API path under /api/v1.0/, e.g. `media/{id}/likes/{user}`. */
  url: string;
  /** HTTP method. */
  type: 'PUT' | 'POST' | 'DELETE';
  data: Record<string, unknown>;
  /** When it was stored (ms); the queue replays oldest first. */
  time: number;
  user_id: string;
  attempts: number;
  parked?: ParkedError;
}

/** Small device facts (the revision suffix of this device, the persist() request). Version 4. */
export interface MetaRow {
  key: string;
  value: string | number | boolean;
}
