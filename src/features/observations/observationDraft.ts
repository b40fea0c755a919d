/**
 * The recording form's state as plain data, its checks and what a save writes. Pure (no React, no
 * Dexie), so the rules are tested directly and the page only renders and dispatches.
 *
 * Decisions where the spec is silent (docs/observations.md):
 * - A sighting may be saved without a position (no fix and none typed): it is then stored with a
 *   null, hidden coordinate, as quick record does.
 * - The date may be at most one day ahead of the device clock: a time zone or a wrong clock must not
 *   block a save, a typo of a year must.
 * - An unspecified sighting from the form keeps what the member entered (date, position, public);
 *   only quick record uses the fixed date and privacy of SPEC §4.
 */
import {
  geoPoint,
  OBSERVATION_MEDIA_MAX,
  OBSERVATION_NOTE_MAX,
  type GeoPoint,
  taxaOf,
  type ObservationMedia,
} from '@contract/observations';
import { labels } from '@contract/labels';
import { formatMessage } from '@contract/messages';
import { dateTimeLocalOf, secondsOfDateTimeLocal } from '../../lib/dateTimeLocal';
import type { Fix } from '../../lib/position';
import type { ObservationRow, SpeciesRow } from '../../db/rows';
import type { NewPhoto, ObservationInput } from './observationsRepo';

/** How far ahead of now a sighting's date may be. */
export const FUTURE_TOLERANCE_S = 86_400;

/** Where the coordinate comes from: the stored one (editing), the device, or typed by the member. */
export type PositionSource = 'saved' | 'device' | 'manual';

export interface ObservationDraft {
  speciesId: string | null;
  unspecified: boolean;
  /** The datetime-local input's value. */
  dateTime: string;
  positionSource: PositionSource;
  /** The coordinate already stored (editing); kept as it is unless the member picks another. */
  savedCoordinate: GeoPoint | null;
  latitude: string;
  longitude: string;
  coordinateHidden: boolean;
  isPublic: boolean;
  note: string;
  /** Media already stored with the sighting that the member keeps. */
  media: ObservationMedia[];
  /** media_id of the featured photo (stored or new); null: the first one. */
  featured: string | null;
}

export type DraftField = 'species' | 'date' | 'latitude' | 'longitude' | 'note' | 'photos';

export interface DraftProblem {
  field: DraftField;
  message: string;
}

/** A new sighting: now, the device's position, public, nothing hidden. */
export function newDraft(speciesId: string | null, unspecified: boolean, nowMs: number): ObservationDraft {
  return {
    speciesId,
    unspecified,
    dateTime: dateTimeLocalOf(Math.floor(nowMs / 1000)),
    positionSource: 'device',
    savedCoordinate: null,
    latitude: '',
    longitude: '',
    coordinateHidden: false,
    isPublic: true,
    note: '',
    media: [],
    featured: null,
  };
}

/** The form filled from a stored sighting. */
export function draftOf(row: ObservationRow): ObservationDraft {
  const [lng, lat] = row.coordinate?.coordinates ?? [];
  return {
    speciesId: row.species_id,
    unspecified: row.species_id === null,
    dateTime: dateTimeLocalOf(row.date),
    positionSource: row.coordinate ? 'saved' : 'device',
    savedCoordinate: row.coordinate,
    latitude: lat === undefined ? '' : String(lat),
    longitude: lng === undefined ? '' : String(lng),
    coordinateHidden: row.coordinate_hidden,
    isPublic: row.public,
    note: row.note,
    media: row.media,
    featured: row.media.find((item) => item.featured)?.media_id ?? null,
  };
}

/** A typed coordinate as a number ("47,61" is read as 47.61); NaN when it is none. */
export function parseCoordinate(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The problems of a draft, in the order of the form; empty when it can be saved. */
export function draftProblems(
  draft: ObservationDraft,
  context: { nowMs: number; newPhotoCount: number },
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.unspecified && draft.speciesId === null)
    problems.push({ field: 'species', message: labels.sightingSpeciesRequired });
  const date = secondsOfDateTimeLocal(draft.dateTime);
  if (date === null) problems.push({ field: 'date', message: labels.sightingDateRequired });
  else if (date > context.nowMs / 1000 + FUTURE_TOLERANCE_S)
    problems.push({ field: 'date', message: labels.sightingDateFuture });
  if (draft.positionSource === 'manual') {
    const lat = parseCoordinate(draft.latitude);
    const lng = parseCoordinate(draft.longitude);
    if (!Number.isFinite(lat) || lat < -90 || lat > 90)
      problems.push({ field: 'latitude', message: labels.sightingLatitudeInvalid });
    if (!Number.isFinite(lng) || lng < -180 || lng > 180)
      problems.push({ field: 'longitude', message: labels.sightingLongitudeInvalid });
  }
  if (draft.note.length > OBSERVATION_NOTE_MAX)
    problems.push({
      field: 'note',
      message: formatMessage(labels.sightingNoteTooLong, { max: OBSERVATION_NOTE_MAX }),
    });
  if (draft.media.length + context.newPhotoCount > OBSERVATION_MEDIA_MAX)
    problems.push({
      field: 'photos',
      message: formatMessage(labels.sightingTooManyPhotos, { max: OBSERVATION_MEDIA_MAX }),
    });
  return problems;
}

function coordinateOf(draft: ObservationDraft, fix: Fix | null): GeoPoint | null {
  switch (draft.positionSource) {
    case 'saved':
      return draft.savedCoordinate;
    case 'device':
      return fix
        ? geoPoint({ lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, time: fix.time / 1000 })
        : null;
    case 'manual':
      return geoPoint({ lat: parseCoordinate(draft.latitude), lng: parseCoordinate(draft.longitude) });
  }
}

/**
 * What saving a checked draft writes: the sighting's fields (its stored media with the featured
 * choice applied) and its new photos. `species` is the chosen species' row, null when unspecified.
 */
export function draftToSave(
  draft: ObservationDraft,
  species: Pick<SpeciesRow, 'id' | 'taxa'> | null,
  fix: Fix | null,
  newPhotos: readonly NewPhoto[],
): { input: ObservationInput; photos: NewPhoto[] } {
  const date = secondsOfDateTimeLocal(draft.dateTime);
  if (date === null) throw new Error('draftToSave: the draft has no date; check draftProblems first');
  const coordinate = coordinateOf(draft, fix);
  const featured = draft.featured;
  const input: ObservationInput = {
    species_id: draft.unspecified || !species ? null : species.id,
    taxa: draft.unspecified || !species ? null : taxaOf(species),
    coordinate,
    // No coordinate is a hidden one (the contract: null only when hidden or unknown).
    coordinate_hidden: draft.coordinateHidden || coordinate === null,
    date,
    public: draft.isPublic,
    note: draft.note,
    media: draft.media.map((item) => ({ ...item, featured: item.media_id === featured })),
  };
  const photos = newPhotos.map((photo) => ({ ...photo, featured: photo.media_id === featured }));
  return { input, photos };
}
