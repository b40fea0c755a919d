/**
 * Addresses of the recording page (SPEC §2 `/species-observation[/{species_id}[/{observation_id}]]`).
 * An unspecified sighting has no species id, so its segment is the word `unspecified`: readable,
 * and no demo or imported species id is that word (ids carry their source's prefix, `avibase-…`).
 */
export const UNSPECIFIED_SPECIES_SEGMENT = 'unspecified';

/** `/species-observation/…` to record a sighting (of a species, or unspecified) or edit one. */
export function recordPath(speciesId?: string | null, observationId?: string): string {
  if (speciesId === undefined && observationId === undefined) return '/species-observation';
  const species = encodeURIComponent(speciesId ?? UNSPECIFIED_SPECIES_SEGMENT);
  return observationId === undefined
    ? `/species-observation/${species}`
    : `/species-observation/${species}/${encodeURIComponent(observationId)}`;
}
