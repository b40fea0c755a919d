/**
 * The local database `app.db` (SPEC §9): the device's source of truth for everything that must work
 * offline. Components read it through live queries; writes go through repository functions.
 *
 * Version chain: every schema change is a new `this.version(n)` below the previous ones, never an
 * edit of an old one — a device may open this code with any earlier version on disk, and Dexie
 * upgrades it step by step. Each version gets an upgrade test (FieldmarkDB.test.ts).
 */
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { ChatMessageRow, ChatSessionRow } from './chatRows';
import { chunksOf, MAP_CHUNKS_TABLE, type MapChunkRow } from './mapChunks';
import { MAP_POINTS_TABLE, mapPointOf, mapPointsMiddleware, type MapPointRow } from './mapPoints';
import type { KeptGroupsRow } from './groupRows';
import type { NewsfeedItemRow } from './newsfeedRows';
import type { LogbookRow } from './logbookRows';
import type { FieldGuideRow, PlaceRow } from './placeRows';
import type {
  CollectionMarkRow,
  DirtyRow,
  HotspotLikeRow,
  MetaRow,
  ObservationRow,
  OutboxRow,
  PhotoUploadRow,
  SpeciesRow,
  TripRow,
} from './rows';

export const DATABASE_NAME = 'app.db';

/**
 * Stores whose writes are the member's own unsynced work: a sighting and its dirty mark, a photo
 * waiting for upload, a stored request. A readwrite transaction over any of them commits with
 * `durability: 'strict'` — flushed to disk before the save resolves and the app says "created", so
 * a phone that dies a moment later still has it. Chromium's default ('relaxed' in effect) may
 * report success with the data still in the OS's buffers. The species catalogue and the other
 * re-fetchable data keep the default: losing a pull costs one more pull.
 */
export const STRICT_STORES: readonly string[] = ['dirty', 'photo_uploads', 'outbox'];

/** The durability a transaction over `stores` asks for: strict for member writes, else the default. */
export function durabilityOf(stores: readonly string[], mode: IDBTransactionMode): 'strict' | undefined {
  return mode === 'readwrite' && stores.some((store) => STRICT_STORES.includes(store)) ? 'strict' : undefined;
}

export class FieldmarkDB extends Dexie {
  /**
   * Per-collection last-modified marks and the retry flag of the sync engine, keyed by collection
   * name. Version 1.
   */
  collection_marks!: EntityTable<CollectionMarkRow, 'collection'>;

  /**
   * The species collection (reference data, pull only). Version 2; version 3 drops the `tokens`
   * index.
   */
  species!: EntityTable<SpeciesRow, 'id'>;

  /**
   * Species outside the region's list that the member opened (a sighting recorded elsewhere, a link
   * to a species abroad), fetched from the server and kept so they open offline; the species sync
   * never prunes them (features/species/speciesAnywhereRepo.ts). Version 7.
   */
  species_kept!: EntityTable<SpeciesRow, 'id'>;

  /**
   * The member's sightings (SPEC §3: "species_observations … with an indexed user id"), trips and
   * hotspot likes: member-owned synced collections. Version 4; version 5 indexes a species'
   * sightings by date, version 9 sightings by their trip links.
   */
  species_observations!: EntityTable<ObservationRow, 'id'>;
  trips!: EntityTable<TripRow, 'id'>;
  hotspot_likes!: EntityTable<HotspotLikeRow, 'id'>;

  /**
   * What the maps draw of each sighting, a compact copy kept by a DBCore middleware in the same
   * transaction as every sightings write (mapPoints.ts). Version 8.
   */
  map_points!: EntityTable<MapPointRow, 'id'>;

  /**
   * The same points packed, at most 256 rows per member of typed arrays, which the member's map
   * reads with one `getAll` (mapChunks.ts); kept by the same middleware. Version 18.
   */
  map_chunks!: Table<MapChunkRow, [string, number]>;

  /** Dirty marks of records saved here and not yet settled on the server. Version 4. */
  dirty!: Table<DirtyRow, [string, string]>;

  /** Photos waiting for upload, and other offline stored requests (comments, likes). Version 4. */
  photo_uploads!: EntityTable<PhotoUploadRow, 'media_id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  meta!: EntityTable<MetaRow, 'key'>;

  /**
   * Places and field guides the member has seen online, kept so their pages open offline
   * (placeRows.ts; features/places/placesStore.ts). Version 10.
   */
  places!: EntityTable<PlaceRow, 'id'>;
  field_guides!: EntityTable<FieldGuideRow, 'id'>;

  /**
   * Newsfeed items read online, per feed, so the feed read before opens offline (newsfeedRows.ts;
   * features/newsfeed/newsfeedStore.ts). Version 12.
   */
  newsfeed_items!: Table<NewsfeedItemRow, [string, string]>;

  /**
   * Chat sessions and messages the member has seen online, per signed-in member, so the chat pages
   * open offline (chatRows.ts; features/chat/chatStore.ts). Version 14.
   */
  chat_sessions!: Table<ChatSessionRow, [string, string]>;
  chat_messages!: Table<ChatMessageRow, [string, string]>;

  /**
   * The logbooks the member owns, downloaded whole so their checklists open offline, per signed-in
   * member (logbookRows.ts; features/logbooks/logbooksStore.ts). Version 16.
   */
  logbooks!: Table<LogbookRow, [string, string]>;

  /**
   * The groups lists and groups' pages the member read online, per signed-in member, so they open
   * offline (groupRows.ts; features/groups/groupsStore.ts). Version 17.
   */
  groups_kept!: Table<KeptGroupsRow, [string, string]>;

  constructor(name: string = DATABASE_NAME) {
    // No query cache: a new sighting is written without Dexie (src/db/direct.ts) and announced
    // through 'storagemutated', which makes live queries re-read but does not clear Dexie's cache of
    // their results; uncached, a re-read is a read of IndexedDB, as in Dexie 3.
    super(name, { cache: 'disabled' });
    // Dexie sets durability per database only; a DBCore middleware sets it per transaction.
    this.use({
      stack: 'dbcore',
      name: 'strict-member-writes',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          const durability = durabilityOf(stores, mode);
          return down.transaction(stores, mode, durability ? { ...options, durability } : options);
        },
      }),
    });
    this.use(mapPointsMiddleware);
    this.version(1).stores({
      collection_marks: 'collection',
    });
    this.version(2).stores({
      species: 'id, *classifications, *location_ids, *tokens, family, group_id',
    });
    // Nothing queries `tokens` through Dexie (species search builds its own in-memory index,
    // src/lib/search), and keeping ~18 index entries per species made the first sync of the bird
    // list 2× slower than a raw IndexedDB put (bench:sync). The field stays on the rows, so a
    // version that needs the index again builds it from them without a re-sync.
    this.version(3).stores({
      species: 'id, *classifications, *location_ids, family, group_id',
    });
    // Sightings are read per member (SPEC: idx_user_id), per member and species (the lifer rule,
    // a species page's own sightings) and by date (lists, trips); the queues oldest first.
    this.version(4).stores({
      species_observations: 'id, user_id, [user_id+species_id], [user_id+date]',
      trips: 'id, user_id, [user_id+date_start]',
      hotspot_likes: 'id, user_id, hotspot_id',
      dirty: '[collection+id], [collection+user_id], user_id',
      photo_uploads: 'media_id, observation_id, created',
      outbox: 'id, time',
      meta: 'key',
    });
    // A species' sightings by date, so a save finds the member's earliest one (the lifer) by reading
    // one index entry instead of every sighting of the species (bench:record); the former
    // [user_id+species_id] index is its prefix.
    this.version(5).stores({
      species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date]',
    });
    // Trips by end date, so a save links the trips covering its date by reading those not ended
    // before it (for a sighting of now: the trips under way) instead of every trip that started
    // before it, which grew with the member's history.
    this.version(6).stores({
      trips: 'id, user_id, [user_id+date_start], [user_id+date_end]',
    });
    // Species kept from the server outside the region's list, read by id only.
    this.version(7).stores({ species_kept: 'id' });
    // The maps' points, read per member or per member and species; filled from the sightings here.
    this.version(8)
      .stores({ [MAP_POINTS_TABLE]: 'id, user_id, [user_id+species_id]' })
      .upgrade(async (transaction) => {
        const points: MapPointRow[] = [];
        await transaction.table<ObservationRow, string>('species_observations').each((row) => {
          const point = mapPointOf(row);
          if (point) points.push(point);
        });
        await transaction.table<MapPointRow, string>(MAP_POINTS_TABLE).bulkPut(points);
      });
    // Sightings by the trips they are linked to (multi-entry), so a trip's page and the trips list
    // read the sightings linked to a trip outside its dates from the index instead of every
    // sighting (issue 25, 4b); IndexedDB builds it from the rows on disk.
    this.version(9).stores({
      species_observations: 'id, user_id, [user_id+date], [user_id+species_id+date], *trips',
    });
    // Places and field guides kept from the server (issue 15): by id, by name for the offline lists,
    // places also by region for "popular in your region" without a network.
    this.version(10).stores({
      places: 'id, name, location_id',
      field_guides: 'id, name',
    });
    // The newsfeed (issue 16): a feed's items newest mark first, and one item in any feed by its id.
    this.version(12).stores({
      newsfeed_items: '[feed+feed_id], [feed+mod], feed_id',
    });
    // Chat (issue 17): a member's sessions, one with another member (/chat/{user_id}), and a
    // session's messages in cursor order.
    this.version(14).stores({
      chat_sessions: '[owner_id+session_id], owner_id, [owner_id+user_id]',
      chat_messages: '[owner_id+message_id], [owner_id+session_id+last_mod]',
    });
    // Logbooks (issue 19): a member's owned logbooks, and one by its product.
    this.version(16).stores({
      logbooks: '[user_id+product_id], user_id',
    });
    // Groups read online (issue 16): a member's kept answer by what it answered (a list, a group).
    this.version(17).stores({
      groups_kept: '[viewer_id+key]',
    });
    // The maps' points packed per member and bucket (issue 23 §6: with 100k sightings the read of
    // 100k `map_points` rows cost more than the clustering); built here from the points.
    this.version(18)
      .stores({ [MAP_CHUNKS_TABLE]: '[user_id+bucket]' })
      .upgrade(async (transaction) => {
        const points = await transaction.table<MapPointRow, string>(MAP_POINTS_TABLE).toArray();
        await transaction.table<MapChunkRow, [string, number]>(MAP_CHUNKS_TABLE).bulkPut(chunksOf(points));
      });
  }
}
