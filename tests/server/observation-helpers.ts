/**
 * Calls of the observation tests (observations-api, user-stats): the REST writes and reads of
 * sightings and the collection pull/push they must agree with, on real species of the demo extract.
 */
import type { Observation, ObservationCreateRequest } from '@contract/observations';
import type { PullResponse, PushRecord, SyncRecord } from '@contract/sync';
import { api, bearer, type TestApp } from './helpers';

/** Real species of the demo extract. */
export const BALD_EAGLE = 'avibase-fed3756c'; // Haliaeetus leucocephalus
export const WHITE_TAILED_DEER = 'mdd-1006302'; // Odocoileus virginianus
/** Near Ellensburg, Washington (GeoJSON order: longitude, latitude). */
export const ELLENSBURG: [number, number] = [-120.5481234567, 46.9965144321];

const headersOf = (token: string | undefined) => (token ? { headers: bearer(token) } : {});

export function createObservation(t: TestApp, token: string | undefined, speciesId: string, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: api(`/species/${speciesId}/observations`),
    payload: body,
    ...headersOf(token),
  });
}

export function updateObservation(t: TestApp, token: string, speciesId: string, id: string, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: api(`/species/${speciesId}/observations/${id}`),
    payload: body,
    ...headersOf(token),
  });
}

export function deleteObservation(t: TestApp, token: string, speciesId: string, id: string, rev?: string) {
  return t.app.inject({
    method: 'DELETE',
    url: api(`/species/${speciesId}/observations/${id}`),
    ...(rev !== undefined ? { query: { rev } } : {}),
    ...headersOf(token),
  });
}

export function get(t: TestApp, token: string | undefined, path: string, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: api(path), query, ...headersOf(token) });
}

/** A sighting body as a REST client sends it. */
export function sightingBody(
  id: string,
  overrides: Partial<ObservationCreateRequest> = {},
): ObservationCreateRequest {
  return {
    observation_id: id,
    coordinate: { type: 'Point', coordinates: ELLENSBURG, accuracy: 8.126, time: 1_767_225_600 },
    coordinate_hidden: false,
    date: 1_767_225_600,
    public: true,
    note: 'Over the Yakima River',
    media: [],
    trips: [],
    ...overrides,
  };
}

/**
 * A `species_observations` record as a device pushes it: a whole Observation of `userId` (the push
 * refuses anything else), public and dated, with the given fields on top.
 */
export function observationRecord(
  userId: string,
  id: string,
  data: Partial<Observation> & Record<string, unknown> = {},
  rev = '1_dev',
): PushRecord {
  const observation: Observation = {
    observation_id: id,
    user_id: userId,
    species_id: BALD_EAGLE,
    taxa: { classification: 'Birds|IOC', group_name: 'Birds', name: 'Haliaeetus leucocephalus' },
    coordinate: { type: 'Point', coordinates: [-120.5481235, 46.9965144] },
    coordinate_hidden: false,
    date: 1_767_225_600,
    public: true,
    lifer: false,
    note: '',
    media: [],
    trips: [],
    ...data,
  };
  return { id, rev, deleted: false, data: observation };
}

/** Every record of the member's `species_observations`, from the start. */
export async function pullAll(t: TestApp, token: string): Promise<PullResponse> {
  const response = await get(t, token, '/collection/species_observations', { last_mod: '0' });
  if (response.statusCode !== 200) throw new Error(`pull: ${response.statusCode} ${response.body}`);
  return response.json<PullResponse>();
}

export async function pulledRecord(t: TestApp, token: string, id: string): Promise<SyncRecord | undefined> {
  return (await pullAll(t, token)).records.find((record) => record.id === id);
}

/** A device's push of records (the sync path). */
export async function pushRecords(t: TestApp, token: string, data: PushRecord[]) {
  const response = await t.app.inject({
    method: 'PUT',
    url: api('/collection/species_observations'),
    payload: { data },
    ...headersOf(token),
  });
  if (response.statusCode !== 200) throw new Error(`push: ${response.statusCode} ${response.body}`);
  return response.json<{ accepted: unknown[]; ignored: unknown[] }>();
}
