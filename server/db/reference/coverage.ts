/**
 * The coverage the config dialog shows (`location_classifications`, `locations.has_species`),
 * computed from the species actually loaded, never from files that may be absent: a checklist
 * classification is offered (active, 'local') in a country only when at least one species of it
 * (not deleted) is keyed to the country or one of its regions; a world-scope one ('world',
 * reptiles) everywhere. A region has no rows of its own and inherits its country's. `derived`
 * marks a local list whose species all come from a derived list (DERIVED_CHECKLIST_SOURCES: IOC
 * range descriptions, issue 21) rather than a checklist.
 *
 * Run after the reference seed (locations may be new) and after every species seed or import
 * (seed.ts), in the writer's transaction where it has one. Rows an admin set (`source` 'admin',
 * places/location-writes.ts) are left as the admin chose.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import {
  CHECKLIST_SOURCES,
  CLASSIFICATION_DEFINITIONS,
  DERIVED_CHECKLIST_SOURCES,
  isChecklistSource,
} from './classifications';

const BATCH = 1000;

export interface CoverageCounts {
  countries: number;
  /** Country × classification pairs with a local list. */
  local: number;
}

export async function recomputeCoverage(db: Kysely<DB>): Promise<CoverageCounts> {
  // Country × classification → the checklist source(s) that key a living species there.
  const { rows: present } = await sql<{ country_id: string; classification_id: string; source: string }>`
    SELECT DISTINCT COALESCE(l.parent_id, l.id) AS country_id, c.id AS classification_id, sl.source
    FROM species_locations sl
    JOIN species s ON s.id = sl.species_id AND NOT s.deleted
    JOIN locations l ON l.id = sl.location_id
    CROSS JOIN LATERAL unnest(s.classifications) AS c(id)`.execute(db);
  const sources = new Map<string, Set<string>>();
  /** Country × classification pairs with a species from a source that is not derived. */
  const checklisted = new Set<string>();
  for (const row of present) {
    const key = `${row.country_id}|${row.classification_id}`;
    const set = sources.get(key) ?? new Set<string>();
    const source = row.source;
    if (isChecklistSource(source)) {
      set.add(CHECKLIST_SOURCES[source]);
      if (!DERIVED_CHECKLIST_SOURCES.has(source)) checklisted.add(key);
    } else {
      set.add(source);
      checklisted.add(key);
    }
    sources.set(key, set);
  }
  const countries = await db.selectFrom('locations').select('id').where('parent_id', 'is', null).execute();
  const rows = countries.flatMap(({ id }) =>
    CLASSIFICATION_DEFINITIONS.map((definition) => {
      const key = `${id}|${definition.id}`;
      const local = sources.get(key);
      const coverage: 'local' | 'world' | 'none' =
        local !== undefined ? 'local' : definition.scope === 'world' ? 'world' : 'none';
      return {
        location_id: id,
        classification_id: definition.id,
        active: coverage !== 'none',
        coverage,
        source:
          local !== undefined
            ? [...local].sort().join('; ')
            : coverage === 'world'
              ? definition.worldSource
              : null,
        derived: local !== undefined && !checklisted.has(key),
      };
    }),
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('location_classifications')
      .values(rows.slice(start, start + BATCH))
      .onConflict((oc) =>
        oc
          .columns(['location_id', 'classification_id'])
          .doUpdateSet({
            active: sql.ref('excluded.active'),
            coverage: sql.ref('excluded.coverage'),
            source: sql.ref('excluded.source'),
            derived: sql.ref('excluded.derived'),
          })
          .where(sql<boolean>`location_classifications.source IS DISTINCT FROM 'admin'`),
      )
      .execute();
  }
  // has_species (the location search's "with species only"): a country with a local list, and its regions.
  const withSpecies = [...new Set([...sources.keys()].map((key) => key.split('|')[0] ?? ''))].filter(
    (id) => id !== '',
  );
  await db
    .updateTable('locations')
    .set({
      has_species: sql<boolean>`COALESCE(parent_id, id) = ANY(${withSpecies}::text[])`,
    })
    .execute();
  return { countries: countries.length, local: sources.size };
}
