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

/** A latitude and longitude in degrees. */
export interface PresetPoint {
  lat: number;
  lng: number;
}

/**
 * `/species-observation?lat=…&lng=…`: a new sighting whose position is preset, e.g. a place's point
 * ("record a sighting here"). In the address rather than in navigation state, so a reload keeps it.
 */
export function recordAtPath(point: PresetPoint): string {
  return `/species-observation?${new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) }).toString()}`;
}

/** The preset point of a recording address's query; null when it has none or it is out of range. */
export function presetPointOf(search: URLSearchParams): PresetPoint | null {
  const number = (name: string) => {
    const text = search.get(name)?.trim() ?? '';
    return text === '' ? Number.NaN : Number(text);
  };
  const lat = number('lat');
  const lng = number('lng');
  const isValid = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return isValid ? { lat, lng } : null;
}
