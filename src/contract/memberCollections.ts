/**
 * The member-owned sync collections (docs/sync.md): their names and the rules a pushed record's
 * `data` must meet, which the server enforces on every push (server/plugins/app/collections). A
 * member reads and writes only their own records; a new member-owned collection is one entry here.
 * Pure: no Node, DOM or Dexie.
 */
import type { TSchema } from 'typebox';
import { ObservationSchema, OBSERVATIONS_COLLECTION } from './observations';
import { HOTSPOT_LIKES_COLLECTION, HotspotLikeSchema, TRIPS_COLLECTION, TripSchema } from './trips';

export interface MemberCollectionRules {
  /** What `data` must be. */
  schema: TSchema;
  /** The field of `data` that must equal the record's id, when the collection names it in data. */
  idField?: string;
  /** The field of `data` that must equal the id of the member who pushes the record. */
  ownerField: string;
  /** A rule the schema cannot say: the reason naming the field, or undefined when the data passes. */
  check?: (data: Record<string, unknown>) => string | undefined;
}

/** A trip may not end before it starts (the schema checks each date alone). */
function tripDatesReason(data: Record<string, unknown>): string | undefined {
  return (data.date_end as number) < (data.date_start as number)
    ? 'date_end: must not be before date_start'
    : undefined;
}

/** Each member-owned collection by name, with its record rules. */
export const MEMBER_COLLECTION_RULES = {
  [OBSERVATIONS_COLLECTION]: { schema: ObservationSchema, idField: 'observation_id', ownerField: 'user_id' },
  [TRIPS_COLLECTION]: {
    schema: TripSchema,
    idField: 'trip_id',
    ownerField: 'user_id',
    check: tripDatesReason,
  },
  [HOTSPOT_LIKES_COLLECTION]: { schema: HotspotLikeSchema, ownerField: 'user_id' },
} as const satisfies Record<string, MemberCollectionRules>;

export type MemberCollectionName = keyof typeof MEMBER_COLLECTION_RULES;

/** The names, in the order the server registers them. */
export const MEMBER_COLLECTION_NAMES = Object.keys(MEMBER_COLLECTION_RULES) as MemberCollectionName[];
