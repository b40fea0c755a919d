/**
 * Calls and fixtures of the sighting-photo tests (observation-photos, media-comments): real JPEGs
 * made with sharp (one with an EXIF GPS position), the media calls, and sightings pushed through
 * the `species_observations` collection the way a device syncs them.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Observation } from '@contract/observations';
import { UNSPECIFIED_OBSERVATION_DATE } from '@contract/observations';
import { api, bearer, type TestApp } from './helpers';
import { pushRecords } from './observation-helpers';

/** A 1200×800 phone JPEG lying on its side (EXIF orientation 6), with a GPS position. */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 60, g: 120, b: 90 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FieldPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 59/1 47/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '120/1 32/1 53/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A small plain JPEG. */
export async function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 180, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') =>
  `data:${type};base64,${bytes.toString('base64')}`;

const headersOf = (token: string | undefined) => (token ? { headers: bearer(token) } : {});

export function putPhoto(t: TestApp, token: string | undefined, id: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: api(`/media/${id}/base64`), payload, ...headersOf(token) });
}

export function call(
  t: TestApp,
  method: 'GET' | 'PUT' | 'DELETE',
  token: string | undefined,
  path: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: api(path),
    ...(payload !== undefined ? { payload } : {}),
    ...headersOf(token),
  });
}

/** Uploads a small photo for the member's sighting; answers its id. */
export async function uploadedPhoto(
  t: TestApp,
  token: string,
  observationId: string | null,
): Promise<string> {
  const id = randomUUID();
  const response = await putPhoto(t, token, id, {
    image: dataUrl(await smallJpeg()),
    ...(observationId !== null ? { observation_id: observationId } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return id;
}

/** A device's sighting record (an unspecified one: no species needed), public or not. */
export function sightingData(id: string, userId: string, isPublic: boolean): Observation {
  return {
    observation_id: id,
    user_id: userId,
    species_id: null,
    taxa: null,
    coordinate: null,
    coordinate_hidden: true,
    date: UNSPECIFIED_OBSERVATION_DATE,
    public: isPublic,
    lifer: false,
    note: '',
    media: [],
    trips: [],
  };
}

/** Pushes the member's sighting through the collection (revision `<counter>_dev`). */
export async function pushSighting(
  t: TestApp,
  member: { id: string; device1: string },
  id: string,
  isPublic: boolean,
  counter = 1,
): Promise<void> {
  await pushRecords(t, member.device1, [
    { id, rev: `${counter}_dev`, deleted: false, data: { ...sightingData(id, member.id, isPublic) } },
  ]);
}

/**
 * A species reference photo row (with a minimal species), as POST species/{id}/images stores one,
 * without the files: enough for the id and visibility rules. Answers the photo's id.
 */
export async function insertSpeciesPhoto(t: TestApp, ownerId: string): Promise<string> {
  const speciesId = `mdd-${Math.floor(Math.random() * 1e9)}`;
  await t.db
    .insertInto('species')
    .values({
      id: speciesId,
      group_id: 'mammals',
      classifications: ['mammals-all'],
      scientific_name: 'Testus photographicus',
      authority: null,
      taxon_order: null,
      family: null,
      name: 'Test mammal',
      names: JSON.stringify({ en: 'Test mammal' }),
      taxa: JSON.stringify({}),
      taxa_alt: JSON.stringify([]),
      extinct: false,
      body_mass_g: null,
      body_mass_basis: null,
      source: 'mdd',
      source_id: speciesId,
      sort: 0,
      search_text: '',
      search_name: '',
      mod: 1,
      rev: '1_test',
      deleted: false,
    })
    .execute();
  const id = randomUUID();
  const file = { content_type: 'image/jpeg', width: 1, height: 1, bytes: 1 };
  await t.db
    .insertInto('media')
    .values({
      id,
      kind: 'species',
      species_id: speciesId,
      owner_id: ownerId,
      photo_name: null,
      variants: JSON.stringify({
        original: { key: `${id}/original.jpg`, ...file },
        thumbnail: { key: `${id}/thumbnail.webp`, ...file, content_type: 'image/webp' },
      }),
      width: 1,
      height: 1,
    })
    .execute();
  return id;
}

/** GET of a stored URL as the answers give it (already under /api/v1.0), without a token. */
export function fetchUrl(t: TestApp, url: string) {
  return t.app.inject({ method: 'GET', url });
}
