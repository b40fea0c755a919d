/**
 * The classification rows shaped for the two ways the client reads them: as animal groups with
 * category choices (GET taxa/classifications, the config dialog of SPEC §2) and as a tree whose
 * roots are the groups (GET taxa, GET taxa/{id}/children). A group without categories
 * ('Reptiles') is itself the classification: a leaf whose `classification` is set.
 */
import type { ClassificationCategory, ClassificationGroup, Coverage, Taxon } from '@contract/reference';
import type { ClassificationRow, CoverageRow } from './reference-repository';

const COVERAGE_RANK: Record<Coverage, number> = { local: 0, world: 1, none: 2 };

function bestCoverage(coverages: Coverage[]): Coverage {
  return coverages.reduce<Coverage>(
    (best, next) => (COVERAGE_RANK[next] < COVERAGE_RANK[best] ? next : best),
    'none',
  );
}

/** Groups in the order of their first classification, each with its rows in order. */
function grouped(rows: readonly ClassificationRow[]): ClassificationRow[][] {
  const groups = new Map<string, ClassificationRow[]>();
  for (const row of [...rows].sort((a, b) => a.sort - b.sort)) {
    const group = groups.get(row.group_id) ?? [];
    group.push(row);
    groups.set(row.group_id, group);
  }
  return [...groups.values()];
}

/**
 * `coverage` null (no location asked for): every classification is active, and its coverage says
 * what kind of list it has ('local' for lists by country, 'world' for the world list).
 */
export function classificationGroups(
  rows: readonly ClassificationRow[],
  coverage: ReadonlyMap<string, CoverageRow> | null,
): ClassificationGroup[] {
  return grouped(rows).map((members) => {
    const first = members[0] as ClassificationRow;
    const entries = members.map((row) => {
      const at = coverage?.get(row.id);
      const kind: Coverage =
        coverage === null ? (row.scope === 'world' ? 'world' : 'local') : (at?.coverage ?? 'none');
      return {
        row,
        active: kind !== 'none',
        coverage: kind,
        source: coverage === null ? row.source : (at?.source ?? null),
        // Only a local list can be derived (an admin may have turned a derived one off).
        derived: kind === 'local' && at?.derived === true,
      };
    });
    const categories: ClassificationCategory[] = entries
      .filter((entry) => entry.row.category !== null)
      .map((entry) => ({
        id: entry.row.id,
        name: entry.row.category ?? '',
        classification: entry.row.name,
        active: entry.active,
        coverage: entry.coverage,
        source: entry.source,
        derived: entry.derived,
        default: entry.row.is_default,
      }));
    const itself = entries.find((entry) => entry.row.category === null);
    return {
      id: first.group_id,
      name: first.group_name,
      active: entries.some((entry) => entry.active),
      coverage: bestCoverage(entries.map((entry) => entry.coverage)),
      classification: itself ? itself.row.name : null,
      source: itself ? itself.source : null,
      derived:
        entries.some((entry) => entry.coverage === 'local') &&
        entries.every((entry) => entry.coverage !== 'local' || entry.derived),
      default: entries.some((entry) => entry.row.is_default),
      categories,
    };
  });
}

export function taxaRoots(rows: readonly ClassificationRow[]): Taxon[] {
  return grouped(rows).map((members) => {
    const first = members[0] as ClassificationRow;
    const itself = members.find((row) => row.category === null);
    return {
      id: first.group_id,
      name: first.group_name,
      rank: 'group' as const,
      parent_id: null,
      classification: itself ? itself.name : null,
      has_children: members.some((row) => row.category !== null),
    };
  });
}

/** Children of a tree node; undefined when no node has that id. */
export function taxaChildren(rows: readonly ClassificationRow[], id: string): Taxon[] | undefined {
  const groupMembers = rows.filter((row) => row.group_id === id);
  if (groupMembers.length > 0) {
    return groupMembers
      .filter((row) => row.category !== null)
      .sort((a, b) => a.sort - b.sort)
      .map((row) => ({
        id: row.id,
        name: row.category ?? row.name,
        rank: 'classification' as const,
        parent_id: row.group_id,
        classification: row.name,
        has_children: false,
      }));
  }
  return rows.some((row) => row.id === id) ? [] : undefined;
}
