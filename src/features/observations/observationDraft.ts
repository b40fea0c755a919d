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
 * - A draft holds its species itself (`DraftSpecies`), never only an id to look up in the device's
 *   list: an edited sighting keeps its own species and taxa even when the device does not have that
 *   species (another region), so a save that did not change the species keeps it (issue 23).
 */
import {
  geoPoint,
  OBSERVATION_MEDIA_MAX,
  OBSERVATION_NOTE_MAX,
  type GeoPoint,
  taxaOf,
  type ObservationMedia,
  type ObservationTaxa,
} from '@contract/observations';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { cleanText } from '@contract/safeText';
import { dateTimeLocalOf, secondsOfDateTimeLocal } from '../../lib/dateTimeLocal';
import type { Fix } from '../../lib/position';
import type { ObservationRow } from '../../db/rows';
import type { NewPhoto, ObservationInput } from './observationsRepo';
import type { PresetPoint } from './recordPath';

/** How far ahead of now a sighting's date may be. */
export const FUTURE_TOLERANCE_S = 86_400;

/** Where the coordinate comes from: the stored one (editing), the device, or typed by the member. */
export type PositionSource = 'saved' | 'device' | 'manual';

/**
 * The species of a draft: a species row of the device, or — editing a sighting whose species the
 * device does not have — what the sighting itself records (its id and taxa).
 */
export interface DraftSpecies {
  id: string;
  /** The common name; the scientific name when none is known here. */
  name: string;
  scientific_name: string;
  taxa: ObservationTaxa | null;
}

export interface ObservationDraft {
  /** The chosen species; null when none is chosen yet (or the sighting is unspecified). */
  species: DraftSpecies | null;
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

/**
 * A new sighting: now, the device's position, public, nothing hidden. A preset point (a place's,
 * "record a sighting here") fills the typed coordinates instead, which the member can still change.
 */
export function newDraft(
  species: DraftSpecies | null,
  unspecified: boolean,
  nowMs: number,
  presetPoint: PresetPoint | null = null,
): ObservationDraft {
  return {
    species,
    unspecified,
    dateTime: dateTimeLocalOf(Math.floor(nowMs / 1000)),
    positionSource: presetPoint ? 'manual' : 'device',
    savedCoordinate: null,
    latitude: presetPoint ? String(presetPoint.lat) : '',
    longitude: presetPoint ? String(presetPoint.lng) : '',
    coordinateHidden: false,
    isPublic: true,
    note: '',
    media: [],
    featured: null,
  };
}

/** A sighting's own species, as the record names it (the scientific name stands in for the common one). */
export function recordedSpeciesOf(row: Pick<ObservationRow, 'species_id' | 'taxa'>): DraftSpecies | null {
  if (row.species_id === null) return null;
  const scientific = row.taxa?.name ?? '';
  return {
    id: row.species_id,
    name: scientific || row.species_id,
    scientific_name: scientific,
    taxa: row.taxa,
  };
}

/** A species row of the device as a draft's species. */
export function draftSpeciesOf(species: {
  id: string;
  name: string;
  scientific_name: string;
  taxa: ObservationTaxa;
}): DraftSpecies {
  return {
    id: species.id,
    name: species.name,
    scientific_name: species.scientific_name,
    taxa: taxaOf(species),
  };
}

/**
 * The form filled from a stored sighting. `species` is the device's row of its species when there
 * is one; the draft keeps the sighting's own species either way.
 */
export function draftOf(
  row: ObservationRow,
  species?: Parameters<typeof draftSpeciesOf>[0] | null,
): ObservationDraft {
  const [lng, lat] = row.coordinate?.coordinates ?? [];
  const recorded = recordedSpeciesOf(row);
  return {
    species:
      recorded && species?.id === recorded.id
        ? { ...draftSpeciesOf(species), taxa: recorded.taxa }
        : recorded,
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
  if (!draft.unspecified && draft.species === null)
    problems.push({ field: 'species', message: recordingTexts.sightingSpeciesRequired });
  const date = secondsOfDateTimeLocal(draft.dateTime);
  if (date === null) problems.push({ field: 'date', message: recordingTexts.sightingDateRequired });
  else if (date > context.nowMs / 1000 + FUTURE_TOLERANCE_S)
    problems.push({ field: 'date', message: recordingTexts.sightingDateFuture });
  if (draft.positionSource === 'manual') {
    const lat = parseCoordinate(draft.latitude);
    const lng = parseCoordinate(draft.longitude);
    if (!Number.isFinite(lat) || lat < -90 || lat > 90)
      problems.push({ field: 'latitude', message: recordingTexts.sightingLatitudeInvalid });
    if (!Number.isFinite(lng) || lng < -180 || lng > 180)
      problems.push({ field: 'longitude', message: recordingTexts.sightingLongitudeInvalid });
  }
  if (draft.note.length > OBSERVATION_NOTE_MAX)
    problems.push({
      field: 'note',
      message: formatMessage(recordingTexts.sightingNoteTooLong, { max: OBSERVATION_NOTE_MAX }),
    });
  if (draft.media.length + context.newPhotoCount > OBSERVATION_MEDIA_MAX)
    problems.push({
      field: 'photos',
      message: formatMessage(recordingTexts.sightingTooManyPhotos, { max: OBSERVATION_MEDIA_MAX }),
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
 * choice applied) and its new photos. The species is the draft's own: null only when the member
 * marked the sighting unspecified.
 */
export function draftToSave(
  draft: ObservationDraft,
  fix: Fix | null,
  newPhotos: readonly NewPhoto[],
): { input: ObservationInput; photos: NewPhoto[] } {
  const date = secondsOfDateTimeLocal(draft.dateTime);
  if (date === null) throw new Error('draftToSave: the draft has no date; check draftProblems first');
  const species = draft.unspecified ? null : draft.species;
  if (!draft.unspecified && species === null)
    throw new Error('draftToSave: the draft has no species; check draftProblems first');
  const coordinate = coordinateOf(draft, fix);
  const featured = draft.featured;
  const input: ObservationInput = {
    species_id: species === null ? null : species.id,
    taxa: species === null ? null : species.taxa,
    coordinate,
    // No coordinate is a hidden one (the contract: null only when hidden or unknown).
    coordinate_hidden: draft.coordinateHidden || coordinate === null,
    date,
    public: draft.isPublic,
    note: cleanText(draft.note),
    media: draft.media.map((item) => ({ ...item, featured: item.media_id === featured })),
  };
  const photos = newPhotos.map((photo) => ({ ...photo, featured: photo.media_id === featured }));
  return { input, photos };
}
