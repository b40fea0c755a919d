/**
 * The app's database as Kysely sees it. `DB` is declared empty here and each plugin adds its own
 * tables from its `tables.ts` by declaration merging, so a new domain never edits this file:
 *
 *   declare module '../../../db/schema' {
 *     interface DB { trips: TripsTable }
 *   }
 *
 * Row types are kept in step with server/migrations by hand. Rows never leave the server as they
 * are; repositories map them to the contract types of src/contract.
 */
import type { ColumnType } from 'kysely';

/** timestamptz: pg parses it into a Date; we write Dates from the application clock. */
export type Timestamp = ColumnType<Date, Date | undefined, Date>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Every table, merged in by the plugins' tables.ts (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DB {}
