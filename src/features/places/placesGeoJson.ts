/** What the places map draws, as GeoJSON, and the box it opens on. */
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { PlaceRow } from '../../db/placeRows';

type Position = { lat: number; lng: number };

export function placesGeoJson(places: readonly PlaceRow[], position: Position | null): FeatureCollection {
  const features: Feature[] = places.map((place) => ({
    type: 'Feature',
    properties: { id: place.id, name: place.name, kind: 'place' },
    geometry: { type: 'Point', coordinates: [place.longitude, place.latitude] },
  }));
  if (position)
    features.push({
      type: 'Feature',
      properties: { kind: 'position' },
      geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
    });
  return { type: 'FeatureCollection', features };
}

/** A circle of `km` around (lat, lng) as a 48-sided polygon (the area of a place without boundary). */
export function circlePolygon(lat: number, lng: number, km: number): Polygon {
  const ring: [number, number][] = [];
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  for (let step = 0; step <= 48; step += 1) {
    const angle = (step % 48) * ((2 * Math.PI) / 48);
    ring.push([lng + dLng * Math.cos(angle), lat + dLat * Math.sin(angle)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** The area of one place: its boundary, else the circle of its radius. */
export function areaGeoJson(place: PlaceRow): Feature {
  const geometry: Polygon = place.boundary
    ? { type: 'Polygon', coordinates: place.boundary.coordinates.map((ring) => ring.map(([x, y]) => [x, y])) }
    : circlePolygon(place.latitude, place.longitude, place.radius_km);
  return { type: 'Feature', properties: {}, geometry };
}

/** [[west, south], [east, north]] around everything drawn, widened so a single point has room. */
export function boundsOf(
  places: readonly PlaceRow[],
  area: PlaceRow | undefined,
  position: Position | null,
): [[number, number], [number, number]] {
  const points: [number, number][] = places.map((place) => [place.longitude, place.latitude]);
  if (area) {
    const [outer] = (areaGeoJson(area).geometry as Polygon).coordinates;
    if (!outer) throw new Error(`The area of place ${area.id} has no outer ring`);
    for (const point of outer) points.push(point as [number, number]);
  }
  if (position && !area) points.push([position.lng, position.lat]);
  if (points.length === 0)
    return [
      [-170, -60],
      [170, 75],
    ];
  const lngs = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  const pad = 0.05;
  return [
    [Math.max(-180, Math.min(...lngs) - pad), Math.max(-85, Math.min(...lats) - pad)],
    [Math.min(180, Math.max(...lngs) + pad), Math.min(85, Math.max(...lats) + pad)],
  ];
}
