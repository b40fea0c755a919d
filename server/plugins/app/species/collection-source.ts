/**
 * The `species` collection: the species reference list as a read-only CollectionSource
 * (plugins/app/collections/README.md), pulled by every device after the config dialog.
 *
 * - Cursor: `last_mod` is the row's `mod`, a unique bigint of milliseconds that grows with every
 *   change (the importer's chunks and admin edits alike; see species-writes.ts). Records carry it
 *   as seconds (`mod`), like every sync record; the cursor stays in milliseconds so that no change
 *   in the same second is passed.
 * - Filter (optional): `{classifications, location_ids}` (SpeciesCollectionFilterSchema). A record
 *   passes when `speciesOnList` holds for it (in SQL) or it is a tombstone. On a pull after a
 *   cursor (last_mod > 0), a species of the filter's groups that changed since, is NOT on the
 *   list and has been changed at least once since it was first written (rev counter above 1) is
 *   answered as a tombstone too: the change may have taken it off the list (an import whose range
 *   rule drops a country, an admin switching off its taxa_alt), and the device must drop it. A row
 *   never changed was never on the list, so the later batches of a first sync carry none of them;
 *   a first pull (cursor 0) holds nothing to drop and gets none either (docs/sync.md).
 * - Two queries per batch: the species (by the `mod` index), then their locations.
 * - While the start-up seed runs (background.ts), every answer carries `loading` ({done, total}):
 *   the answer holds what is stored so far, and later species come after its cursor.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { Compile } from 'typebox/compile';
import { formatMessage, messages } from '@contract/messages';
import { SpeciesCollectionFilterSchema, type SpeciesCollectionFilter } from '@contract/species';
import type { SyncRecord } from '@contract/sync';
import type { DB } from '../../../db/schema';
import type { SpeciesSeedStatus } from '../../../db/species/background';
import { badRequest } from '../../../errors';
import type { PullOptions, PullResult, ReadOnlyCollectionSource } from '../collections/source';
import { onListSql, scopeOf, type ListScope } from './classifications';
import { CLASSIFICATION_DEFINITIONS } from '../../../db/reference/classifications';
import { locationsOf, speciesColumnsSql, toSpecies, type SpeciesDataRow } from './species-rows';

const filterValidator = Compile(SpeciesCollectionFilterSchema);

/** The filter of a pull, checked: 400 with what is wrong and what is expected otherwise. */
export function parseSpeciesFilter(value: Record<string, unknown>): SpeciesCollectionFilter {
  if (filterValidator.Check(value)) return value;
  // `additionalProperties: false` also reports each extra field as "schema is false"; skip those.
  const error = filterValidator.Errors(value).find((e) => e.keyword !== 'boolean');
  const field = error?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
  const extra = error?.keyword === 'additionalProperties' ? error.params.additionalProperties : undefined;
  const detail = Array.isArray(extra)
    ? `unknown field ${extra.join(', ')}`
    : `${field ? `${field} ` : ''}${error?.message ?? 'is invalid'}`;
  throw badRequest(formatMessage(messages.speciesFilterInvalid, { detail }));
}

type PulledRow = SpeciesDataRow & { mod: string; rev: string; deleted: boolean; on_list: boolean };

export class SpeciesCollectionSource implements ReadOnlyCollectionSource {
  readonly readOnly = true;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly seed?: SpeciesSeedStatus,
  ) {}

  async pull(_context: unknown, options: PullOptions): Promise<PullResult> {
    const conditions: RawBuilder<unknown>[] = [sql`s.mod > ${options.lastMod}`];
    let onList: RawBuilder<unknown> = sql`true`;
    if (options.filter !== undefined) {
      const filter = parseSpeciesFilter(options.filter);
      const scope = scopeOf(filter.classifications);
      onList = onListSql(scope, filter.location_ids);
      conditions.push(
        options.lastMod > 0
          ? sql`(s.deleted OR ${onList} OR (s.group_id = ANY(${groupsOf(scope)}::text[])
              AND split_part(s.rev, '_', 1) <> '1'))`
          : sql`(s.deleted OR ${onList})`,
      );
    }
    const { rows } = await sql<PulledRow>`SELECT ${speciesColumnsSql}, s.mod, s.rev, s.deleted,
        ${onList} AS on_list
      FROM species s WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY s.mod LIMIT ${options.limit + 1}`.execute(this.db);
    const page = rows.slice(0, options.limit);
    // A changed species of the filter's groups that is off the list goes as a tombstone.
    const gone = (row: PulledRow) => row.deleted || !row.on_list;
    const locations = await locationsOf(
      this.db,
      page.filter((row) => !gone(row)).map((row) => row.id),
    );
    const records = page.map((row): SyncRecord => ({
      id: row.id,
      mod: Math.floor(Number(row.mod) / 1000),
      rev: row.rev,
      deleted: gone(row),
      data: gone(row) ? {} : toSpecies(row, locations.get(row.id) ?? {}),
    }));
    const last = page[page.length - 1];
    const more = rows.length > options.limit;
    // The count lets the sync popup show a percentage: asked for once per pull, and a one-batch
    // answer is its own total.
    const lastMod = last === undefined ? options.lastMod : Number(last.mod);
    // While the start-up seed runs, the device hears so and pulls again later (docs/sync.md).
    const loading = this.seed?.loading;
    const extra = loading ? { loading } : {};
    if (!options.withTotal) return { records, more, lastMod, ...extra };
    return { records, more, lastMod, total: more ? await this.count(conditions) : records.length, ...extra };
  }

  private async count(conditions: RawBuilder<unknown>[]): Promise<number> {
    const { rows } = await sql<{ count: string }>`SELECT count(*) AS count
      FROM species s WHERE ${sql.join(conditions, sql` AND `)}`.execute(this.db);
    return Number(rows[0]?.count ?? 0);
  }
}

/** The species groups (`birds`, `mammals`, …) of a list's classifications. */
function groupsOf(scope: ListScope): string[] {
  const ids = new Set(scope.ids);
  return [...new Set(CLASSIFICATION_DEFINITIONS.filter((d) => ids.has(d.id)).map((d) => d.groupId))];
}
