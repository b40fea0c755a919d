/**
 * The places and field guides on the device (docs/places.md "On the device"): every answer the
 * server gives about them is kept here, and the pages read only from here through live queries, so
 * what the member saw online opens offline. Nothing on the device edits a place: a newer answer
 * replaces the copy, keeping what only a place's own page brings (its guides and species).
 */
import type { FieldGuide, Hotspot, PlaceSpecies } from '@contract/places';
import type { FieldmarkDB } from '../../db/FieldmarkDB';
import type { FieldGuideRow, PlaceRow } from '../../db/placeRows';
import { foldedWords, matchesSearch } from './placeSearch';

/** A place's detail as its page asks for it (GET hotspots/{id} and its species). */
export interface PlaceDetail {
  hotspot: Hotspot & { guides: { field_guide_id: string; name: string }[] };
  species: PlaceSpecies[];
}

/** Keeps places from a list answer, keeping each one's boundary, guides and species already held. */
export async function keepPlaces(db: FieldmarkDB, hotspots: readonly Hotspot[], now = Date.now()) {
  if (hotspots.length === 0) return;
  await db.transaction('rw', db.places, async () => {
    const held = await db.places.bulkGet(hotspots.map((hotspot) => hotspot.hotspot_id));
    await db.places.bulkPut(
      hotspots.map((hotspot, index) => {
        const before = held[index];
        // Answer-specific fields (distance from where the member stood, a score) are not the place's.
        const { distance_km: _distance, score: _score, sightings: _sightings, ...place } = hotspot;
        return {
          ...before,
          ...place,
          boundary: place.boundary !== undefined ? place.boundary : before?.boundary,
          id: hotspot.hotspot_id,
          kept: now,
        };
      }),
    );
  });
}

/** Keeps a place with its guides and species, as its page opened online shows them. */
export async function keepPlaceDetail(db: FieldmarkDB, detail: PlaceDetail, now = Date.now()) {
  const { hotspot, species } = detail;
  await db.places.put({ ...hotspot, id: hotspot.hotspot_id, kept: now, species });
}

/** Forgets a place the server no longer has (its page answered 404). */
export async function forgetPlace(db: FieldmarkDB, id: string) {
  await db.places.delete(id);
}

export async function keepGuides(db: FieldmarkDB, guides: readonly FieldGuide[], now = Date.now()) {
  if (guides.length === 0) return;
  await db.transaction('rw', db.field_guides, async () => {
    const held = await db.field_guides.bulkGet(guides.map((guide) => guide.field_guide_id));
    await db.field_guides.bulkPut(
      guides.map((guide, index) => {
        const { distance_km: _distance, score: _score, ...kept } = guide;
        return { ...held[index], ...kept, id: guide.field_guide_id, kept: now };
      }),
    );
  });
}

export interface GuideDetail {
  field_guide: FieldGuide & { places: { hotspot_id: string; name: string }[] };
  species: { species_id: string; name: string; scientific_name: string }[];
}

export async function keepGuideDetail(db: FieldmarkDB, detail: GuideDetail, now = Date.now()) {
  const { field_guide, species } = detail;
  await db.field_guides.put({ ...field_guide, id: field_guide.field_guide_id, kept: now, species });
}

export async function forgetGuide(db: FieldmarkDB, id: string) {
  await db.field_guides.delete(id);
}

// ---- Reads ------------------------------------------------------------------------------------

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine), as the server measures nearby. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether [lng, lat] is inside the polygon: the even-odd rule over every ring, as the server's. */
function insidePolygon(lng: number, lat: number, rings: readonly (readonly (readonly number[])[])[]) {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * How far the member at (lat, lng) is from the place, as the server's nearby says it: 0 inside its
 * boundary (or, without one, within its radius), else the distance to its point.
 */
export function placeDistanceKm(place: PlaceRow, lat: number, lng: number): number {
  const km = distanceKm(lat, lng, place.latitude, place.longitude);
  if (place.boundary) return insidePolygon(lng, lat, place.boundary.coordinates) ? 0 : km;
  // A place whose boundary was not answered yet is measured by its radius, the server's fallback.
  return !place.has_boundary && km <= place.radius_km ? 0 : km;
}

export interface PlaceOrder {
  /** The member's position: nearest first. */
  position?: { lat: number; lng: number } | null;
  /** The member's region: its places first, then by likes (popular). */
  regionId?: string | null;
  /** Keeps the places whose name matches (word starts, case and accents ignored). */
  search?: string;
}

export interface PlaceOnDevice {
  place: PlaceRow;
  /** Set when a position was given. */
  distanceKm: number | null;
}

/**
 * The places on the device in the page's order: with a position nearest first ("nearby", computed
 * here so it works offline); without one the member's region first, most liked first (popular);
 * then by name.
 */
export async function placesOnDevice(db: FieldmarkDB, order: PlaceOrder = {}): Promise<PlaceOnDevice[]> {
  const words = foldedWords(order.search ?? '');
  const rows = (await db.places.orderBy('name').toArray()).filter((row) => matchesSearch(row.name, words));
  const { position, regionId } = order;
  if (position)
    return rows
      .map((place) => ({ place, distanceKm: placeDistanceKm(place, position.lat, position.lng) }))
      .sort((a, b) => a.distanceKm - b.distanceKm);
  const listed = rows.map((place) => ({ place, distanceKm: null }));
  const inRegion = (row: PlaceRow) => (regionId && row.location_id === regionId ? 0 : 1);
  // Array.prototype.sort is stable: equal places keep the name order they were read in.
  return listed.sort((a, b) => inRegion(a.place) - inRegion(b.place) || b.place.likes - a.place.likes);
}

export async function guidesOnDevice(
  db: FieldmarkDB,
  order: Omit<PlaceOrder, 'regionId'> = {},
): Promise<{ guide: FieldGuideRow; distanceKm: number | null }[]> {
  const words = foldedWords(order.search ?? '');
  const rows = (await db.field_guides.orderBy('name').toArray()).filter((row) =>
    matchesSearch(row.name, words),
  );
  const { position } = order;
  if (!position) return rows.map((guide) => ({ guide, distanceKm: null }));
  return rows
    .map((guide) => ({
      guide,
      distanceKm: distanceKm(position.lat, position.lng, guide.latitude, guide.longitude),
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
