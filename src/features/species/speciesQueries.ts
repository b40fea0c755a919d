/**
 * The species pages' reads of the device's `species` table, as live queries: they re-run when a
 * sync writes, so a page fills in as species arrive and works offline. `undefined` means loading.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { selectConfig } from '../../app/configSlice';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { db } from '../../db/db';
import type { SpeciesRow } from '../../db/rows';
import { additionalLanguageId } from './languages';
import { recordedSpeciesIds } from './recordedSpecies';
import { useSpeciesAnywhere } from './speciesAnywhereRepo';
import { listFilterOf, onList, taxonomicOrder, type ListFilter } from './speciesList';

export interface MemberList {
  filter: ListFilter | null;
  /** The `names` key of the additional language; null for English. */
  languageId: string | null;
  /** The species of the list in taxonomic order; undefined while loading. */
  species: SpeciesRow[] | undefined;
  /** Species on the device at all (any list); undefined while loading. */
  storedCount: number | undefined;
}

/** The member's list (their region and animal groups) from the device. */
export function useMemberList(): MemberList {
  const config = useAppSelector(selectConfig);
  const filter = useMemo(() => listFilterOf(config), [config]);
  const languageId = additionalLanguageId(config.language.language);
  const filterKey = filter ? JSON.stringify(filter) : '';
  const species = useLiveQuery(async () => {
    if (!filter) return [];
    // The classification index narrows the read (one `equals` per classification: `anyOf` walks the
    // index with cursor jumps, which fake-indexeddb makes minutes slow); the list rule then checks
    // the locations. A bird in two bird lists comes twice and is kept once.
    const reads = await Promise.all(
      filter.classifications.map((name) => db.species.where('classifications').equals(name).toArray()),
    );
    const byId = new Map(reads.flat().map((row) => [row.id, row]));
    return taxonomicOrder(onList([...byId.values()], filter));
    // filterKey stands for filter: a new config object with the same choices must not re-query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);
  const storedCount = useLiveQuery(() => db.species.count(), []);
  return { filter, languageId, species, storedCount };
}

/** One species from the device or the server; `null` when neither has it (or offline), `undefined` while loading. */
export function useSpecies(id: string | undefined): SpeciesRow | null | undefined {
  // From the device, or fetched from the server (and kept) when the region's list lacks it.
  const { species, absence } = useSpeciesAnywhere(id);
  return absence === 'loading' ? undefined : species;
}

/** Ids of the species the signed-in member has recorded on this device; undefined while loading. */
export function useRecordedSpeciesIds(): ReadonlySet<string> | undefined {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  return useLiveQuery(() => recordedSpeciesIds(db, userId), [userId]);
}
