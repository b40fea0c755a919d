/**
 * Quick record (SPEC §4): a sighting stored at once with the current time, a generated note, a
 * random thumbnail of the species as featured media, linked to every trip covering the date; the
 * coordinate from the device (1000 ms, tried twice), else the last known fix under 120 s, else
 * hidden. An unspecified observation (no species) has the fixed date 946677600, a hidden
 * coordinate, is not public and not a lifer.
 */
import {
  geoPoint,
  taxaOf,
  UNSPECIFIED_OBSERVATION_DATE,
  type ObservationMedia,
} from '@contract/observations';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { ObservationRow, SpeciesRow } from '../../db/rows';
import type { Fix } from '../../lib/position';
import { recordObservation } from './observationsRepo';

export type QuickSpecies = Pick<SpeciesRow, 'id' | 'name' | 'scientific_name' | 'taxa' | 'photo'>;

export interface QuickRecordResult {
  observation: ObservationRow;
  /** False when no position was known: the sighting's coordinate is hidden. */
  withGps: boolean;
}

/** The note a quick record carries: what, and when (the member can edit it later). */
export function quickRecordNote(species: QuickSpecies | null, when: Date): string {
  const time = when.toISOString().slice(0, 16).replace('T', ' ');
  return species
    ? `Quick record: ${species.name} (${species.scientific_name}), ${time} UTC.`
    : `Quick record of an unspecified sighting, ${time} UTC.`;
}

/** One of the species' thumbnails, chosen at random, as the sighting's featured media. */
export function randomThumb(species: QuickSpecies, random: () => number = Math.random): ObservationMedia[] {
  const thumbs = species.photo.thumbs;
  if (thumbs.length === 0) return [];
  const thumb = thumbs[Math.min(thumbs.length - 1, Math.floor(random() * thumbs.length))];
  if (thumb === undefined) throw new Error('The random number was not in [0, 1): no thumbnail to pick.');
  return [{ featured: true, media_id: thumb.media_id, path: thumb.path, species_thumb: true }];
}

export async function quickRecord(
  db: FieldmarkDB,
  userId: string,
  species: QuickSpecies | null,
  fix: Fix | null,
  options: { now?: number; random?: () => number; id?: string } = {},
): Promise<QuickRecordResult> {
  const now = options.now ?? Date.now();
  if (species === null) {
    const observation = await recordObservation(
      db,
      userId,
      {
        species_id: null,
        taxa: null,
        coordinate: null,
        coordinate_hidden: true,
        date: UNSPECIFIED_OBSERVATION_DATE,
        public: false,
        note: quickRecordNote(null, new Date(now)),
      },
      { now, ...(options.id ? { id: options.id } : {}) },
    );
    return { observation, withGps: false };
  }
  const observation = await recordObservation(
    db,
    userId,
    {
      species_id: species.id,
      taxa: taxaOf(species),
      coordinate: fix
        ? geoPoint({ lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, time: fix.time / 1000 })
        : null,
      coordinate_hidden: fix === null,
      date: Math.floor(now / 1000),
      public: true,
      note: quickRecordNote(species, new Date(now)),
      media: randomThumb(species, options.random),
    },
    { now, ...(options.id ? { id: options.id } : {}) },
  );
  return { observation, withGps: fix !== null };
}
