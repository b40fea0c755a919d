/**
 * The admin forms' state and what they send. Pure. Each form keeps what the admin typed as text
 * (a failed save never loses it), and turns it into the call's body checked against the contract's
 * own schema (src/contract/places.ts), so the client refuses exactly what the server would, with a
 * clear message under each field instead of the schema's wording.
 */
import { Compile } from 'typebox/compile';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { formatMessage } from '@contract/messages';
import {
  boundaryProblem,
  FieldGuideInputSchema,
  HOTSPOT_ID_PATTERN,
  HotspotInputSchema,
  LocationInputSchema,
  type FieldGuide,
  type FieldGuideInput,
  type Hotspot,
  type HotspotInput,
  type LocationInput,
  type Polygon,
} from '@contract/places';
import type { LocationDetail, LocationType } from '@contract/reference';

/** Messages by field name; a form shows each under its field. */
export type FieldErrors = Partial<Record<string, string>>;

export type Outcome<T> = { kind: 'valid'; id: string; input: T } | { kind: 'invalid'; errors: FieldErrors };

interface SchemaCheck {
  Errors(value: unknown): Iterable<{ instancePath: string }>;
}

/** The first problem of each field the schema rejects, in the form's words. */
function schemaErrors(check: SchemaCheck, value: unknown, problems: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const error of check.Errors(value)) {
    const field = error.instancePath.split('/')[1];
    if (field && errors[field] === undefined) errors[field] = problems[field] ?? texts.fixFields;
  }
  return errors;
}

/** A number field: empty is absent, a number is itself, anything else stays text (the schema refuses it). */
function numberOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The field a server reason names (`boundary.coordinates[0]: …`, `limit: …`), if it is one of these. */
export function fieldOfReason(reason: string, fields: readonly string[]): string | undefined {
  const named = /^([a-z_]+)(?=[.:[ ])/.exec(reason)?.[1];
  return named !== undefined && fields.includes(named) ? named : undefined;
}

// ---- Places -----------------------------------------------------------------------------------

export interface HotspotDraft {
  id: string;
  name: string;
  description: string;
  latitude: string;
  longitude: string;
  radius: string;
  boundary: string;
  locationId: string | null;
  locationName: string;
  habitat: string;
}

export const emptyHotspotDraft: HotspotDraft = {
  id: '',
  name: '',
  description: '',
  latitude: '',
  longitude: '',
  radius: '',
  boundary: '',
  locationId: null,
  locationName: '',
  habitat: '',
};

export function hotspotDraftOf(hotspot: Hotspot): HotspotDraft {
  return {
    id: hotspot.hotspot_id,
    name: hotspot.name,
    description: hotspot.description,
    latitude: String(hotspot.latitude),
    longitude: String(hotspot.longitude),
    radius: String(hotspot.radius_km),
    boundary: hotspot.boundary ? JSON.stringify(hotspot.boundary) : '',
    locationId: hotspot.location_id,
    locationName: hotspot.location_name ?? hotspot.location_id ?? '',
    habitat: hotspot.habitat.join(', '),
  };
}

let hotspotCheck: SchemaCheck | undefined;
const hotspotIdPattern = new RegExp(HOTSPOT_ID_PATTERN);

/** The boundary text as a polygon, null when empty, or the reason it is not one. */
export function parseBoundary(text: string): { polygon: Polygon | null } | { problem: string } {
  if (text.trim() === '') return { polygon: null };
  try {
    return { polygon: JSON.parse(text) as Polygon };
  } catch (error) {
    return { problem: formatMessage(texts.problemBoundaryJson, { reason: (error as Error).message }) };
  }
}

export function hotspotInputOf(draft: HotspotDraft): Outcome<HotspotInput> {
  const errors: FieldErrors = {};
  const id = draft.id.trim();
  if (!hotspotIdPattern.test(id)) errors.id = texts.problemPlaceId;
  const boundary = parseBoundary(draft.boundary);
  if ('problem' in boundary) errors.boundary = boundary.problem;
  const input = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    boundary: 'polygon' in boundary ? boundary.polygon : null,
    ...(draft.radius.trim() !== '' ? { radius_km: numberOf(draft.radius) } : {}),
    location_id: draft.locationId,
    habitat: listOf(draft.habitat.toLowerCase()),
  };
  hotspotCheck ??= Compile(HotspotInputSchema);
  const schema = schemaErrors(hotspotCheck, input, {
    name: texts.problemName,
    description: texts.problemDescription,
    latitude: texts.problemLatitude,
    longitude: texts.problemLongitude,
    radius_km: texts.problemRadius,
    boundary: texts.problemBoundary,
    habitat: texts.problemHabitat,
  });
  Object.assign(errors, { ...schema, ...errors });
  if (errors.boundary === undefined && input.boundary) {
    const problem = boundaryProblem(input.boundary);
    if (problem) errors.boundary = problem;
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'valid', id, input: input as HotspotInput };
}

// ---- Field guides -----------------------------------------------------------------------------

export interface GuideDraft {
  name: string;
  about: string;
  phone: string;
  email: string;
  website: string;
  languages: string;
  latitude: string;
  longitude: string;
  locationId: string | null;
  locationName: string;
}

export const emptyGuideDraft: GuideDraft = {
  name: '',
  about: '',
  phone: '',
  email: '',
  website: '',
  languages: '',
  latitude: '',
  longitude: '',
  locationId: null,
  locationName: '',
};

export function guideDraftOf(guide: FieldGuide): GuideDraft {
  return {
    name: guide.name,
    about: guide.about,
    phone: guide.phone,
    email: guide.email,
    website: guide.website,
    languages: guide.languages.join(', '),
    latitude: String(guide.latitude),
    longitude: String(guide.longitude),
    locationId: guide.location_id,
    locationName: guide.location_id ?? '',
  };
}

let guideCheck: SchemaCheck | undefined;

export function guideInputOf(draft: GuideDraft, id = ''): Outcome<FieldGuideInput> {
  const input = {
    name: draft.name.trim(),
    about: draft.about.trim(),
    phone: draft.phone.trim(),
    email: draft.email.trim(),
    website: draft.website.trim(),
    languages: listOf(draft.languages),
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    location_id: draft.locationId,
  };
  guideCheck ??= Compile(FieldGuideInputSchema);
  const errors = schemaErrors(guideCheck, input, {
    name: texts.problemName,
    about: texts.problemAbout,
    phone: texts.problemPhone,
    email: texts.problemEmail,
    website: texts.problemWebsite,
    languages: texts.problemLanguages,
    latitude: texts.problemLatitude,
    longitude: texts.problemLongitude,
  });
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'valid', id, input: input as FieldGuideInput };
}

// ---- Locations --------------------------------------------------------------------------------

export interface LocationDraft {
  id: string;
  name: string;
  names: string;
  type: LocationType;
  parentId: string | null;
  parentName: string;
  latitude: string;
  longitude: string;
  /** Active flags by classification id ('birds-ioc'); only those the admin touched or loaded. */
  groups: Record<string, boolean>;
}

export const emptyLocationDraft: LocationDraft = {
  id: '',
  name: '',
  names: '',
  type: 'country',
  parentId: null,
  parentName: '',
  latitude: '',
  longitude: '',
  groups: {},
};

export function locationDraftOf(location: LocationDetail, groups: Record<string, boolean>): LocationDraft {
  return {
    id: location.id,
    name: location.name,
    names: Object.entries(location.names ?? {})
      .filter(([language]) => language !== 'en')
      .map(([language, name]) => `${language}: ${name}`)
      .join('\n'),
    type: location.type,
    parentId: location.parent?.id ?? location.parent_id,
    parentName: location.parent?.name ?? location.parent_id ?? '',
    latitude: String(location.latitude),
    longitude: String(location.longitude),
    groups,
  };
}

let locationCheck: SchemaCheck | undefined;

export function locationInputOf(draft: LocationDraft): Outcome<LocationInput> {
  const errors: FieldErrors = {};
  const id = draft.id.trim();
  if (id === '' || id.length > 64) errors.id = texts.problemLocationId;
  const names: Record<string, string> = {};
  for (const line of draft.names.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const language = line.slice(0, colon).trim();
    const name = line.slice(colon + 1).trim();
    if (colon < 0 || !/^[a-z]{2,3}$/.test(language) || name === '' || name.length > 200) {
      errors.names = texts.problemNames;
      break;
    }
    names[language] = name;
  }
  const parentId = draft.type === 'region' ? draft.parentId : null;
  if (draft.type === 'region' && parentId === null) errors.parent_id = texts.problemParent;
  const input = {
    name: draft.name.trim(),
    names: { ...names, en: draft.name.trim() },
    type: draft.type,
    parent_id: parentId,
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    classifications: draft.groups,
  };
  locationCheck ??= Compile(LocationInputSchema);
  const schema = schemaErrors(locationCheck, input, {
    name: texts.problemName,
    names: texts.problemNames,
    latitude: texts.problemLatitude,
    longitude: texts.problemLongitude,
    parent_id: texts.problemParent,
  });
  Object.assign(errors, { ...schema, ...errors });
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'valid', id, input: input as LocationInput };
}
