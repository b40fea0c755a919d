/**
 * The places and field guides of the member's region as read-only synced collections (docs/sync.md
 * "The places collections"), pulled into the tables the places pages already read (`places`,
 * `field_guides`), so /locations, a place's page and the guides work offline on first use. Rows the
 * pages kept from other answers (places outside the region, a place's guides and species) stay: no
 * `inFilter` prunes them, and a pulled row keeps what only a page brings.
 */
import {
  FIELD_GUIDES_COLLECTION,
  HOTSPOTS_COLLECTION,
  type FieldGuide,
  type Hotspot,
  type PlacesCollectionFilter,
} from '@contract/places';
import type { StoredConfig } from '../../db/kv';
import type { FieldGuideRow, PlaceRow } from '../../db/placeRows';
import type { SyncableCollection } from '../../db/sync/collection';
import { requireFields } from '../../db/sync/memberRecords';

/** The pull filter of both collections: the member's chosen location; null before one is chosen. */
export function placesFilterOf(config: Pick<StoredConfig, 'location'>): PlacesCollectionFilter | null {
  return config.location ? { location_id: config.location.location_id } : null;
}

export const hotspotsCollection: SyncableCollection<PlaceRow> = {
  name: HOTSPOTS_COLLECTION,
  table: (db) => db.places,
  toRow(record) {
    requireFields(record, { hotspot_id: 'string', name: 'string', latitude: 'number', longitude: 'number' });
    requireFields(record, { radius_km: 'number', has_boundary: 'boolean', likes: 'number' });
    if (!Array.isArray(record.data.habitat))
      throw new Error(`${record.id}: 'habitat' is missing or malformed`);
    return { ...(record.data as unknown as Hotspot), id: record.id, kept: Date.now() };
  },
  keepFromStored: (stored, pulled) => ({
    ...pulled,
    ...(stored.guides ? { guides: stored.guides } : {}),
    ...(stored.species ? { species: stored.species } : {}),
  }),
};

export const fieldGuidesCollection: SyncableCollection<FieldGuideRow> = {
  name: FIELD_GUIDES_COLLECTION,
  table: (db) => db.field_guides,
  toRow(record) {
    requireFields(record, {
      field_guide_id: 'string',
      name: 'string',
      latitude: 'number',
      longitude: 'number',
    });
    if (!Array.isArray(record.data.languages))
      throw new Error(`${record.id}: 'languages' is missing or malformed`);
    return { ...(record.data as unknown as FieldGuide), id: record.id, kept: Date.now() };
  },
  keepFromStored: (stored, pulled) => ({
    ...pulled,
    ...(stored.places ? { places: stored.places } : {}),
    ...(stored.species ? { species: stored.species } : {}),
  }),
};
