/**
 * The offline basemap of the distribution maps: `public/maps/locations.geojson`, a FeatureCollection
 * whose feature ids are our location ids (Natural Earth adm0_a3 for countries, adm1_code such as
 * 'USA-3521' for regions), with `properties.name` and `.type` ('country' or 'region') and
 * Polygon/MultiPolygon geometry in lon/lat.
 * Pure: turns the file into SVG paths once, in an equirectangular projection (x = longitude,
 * y = −latitude), which is plenty for "where does it live" at phone size and needs no library.
 */

/** The visible part of the world: longitude −180…180, latitude 84…−58 (Antarctica left out). */
export const MAP_VIEWBOX = { x: -180, y: -84, width: 360, height: 142 } as const;

export interface BasemapPlace {
  id: string;
  name: string;
  /** SVG path data in MAP_VIEWBOX coordinates. */
  path: string;
  /** A first-level region (drawn over its country), not a country. */
  isRegion: boolean;
}

export interface Basemap {
  /** Countries first, then regions, each in the file's order. */
  places: BasemapPlace[];
  byId: ReadonlyMap<string, BasemapPlace>;
}

type Ring = readonly (readonly number[])[];

/** Tenths of a degree: a fraction of a pixel at any size the page draws the map. */
const round = (value: number) => Math.round(value * 10) / 10;

function ringPath(ring: Ring): string {
  let path = '';
  let previous = '';
  for (const position of ring) {
    const [lon, lat] = position;
    if (typeof lon !== 'number' || typeof lat !== 'number') continue;
    const point = `${round(lon)} ${round(-lat)}`;
    if (point === previous) continue; // dense borders collapse after rounding
    path += path === '' ? `M${point}` : `L${point}`;
    previous = point;
  }
  return path === '' ? '' : `${path}Z`;
}

const isRing = (value: unknown): value is Ring =>
  Array.isArray(value) && value.every((position) => Array.isArray(position));
const isPolygon = (value: unknown): value is Ring[] => Array.isArray(value) && value.every(isRing);

/** Path data of a Polygon or MultiPolygon geometry; '' for anything else. */
export function geometryPath(geometry: unknown): string {
  if (typeof geometry !== 'object' || geometry === null) return '';
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  let polygons: Ring[][] = [];
  if (type === 'Polygon' && isPolygon(coordinates)) polygons = [coordinates];
  else if (type === 'MultiPolygon' && Array.isArray(coordinates) && coordinates.every(isPolygon)) {
    polygons = coordinates;
  }
  return polygons.flatMap((polygon) => polygon.map(ringPath)).join('');
}

/** A region id is its country's id, a dash and a number ('USA-3521'); a country's has no dash. */
export const isRegionId = (id: string) => id.includes('-');

/** The basemap of a parsed GeoJSON file; features without an id or a drawable geometry are left out. */
export function basemapOf(collection: unknown): Basemap {
  const features = (collection as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new Error('The basemap is not a GeoJSON FeatureCollection');
  const places: BasemapPlace[] = [];
  for (const feature of features as { id?: unknown; properties?: unknown; geometry?: unknown }[]) {
    const id = typeof feature.id === 'number' ? String(feature.id) : feature.id;
    if (typeof id !== 'string' || id === '') continue;
    const path = geometryPath(feature.geometry);
    if (path === '') continue;
    const { name, type } = (feature.properties ?? {}) as { name?: unknown; type?: unknown };
    // The file says 'country' or 'region'; without it the id tells (a region's has a dash).
    const isRegion = type === 'region' || (type !== 'country' && isRegionId(id));
    places.push({ id, name: typeof name === 'string' ? name : id, path, isRegion });
  }
  places.sort((a, b) => Number(a.isRegion) - Number(b.isRegion));
  return { places, byId: new Map(places.map((place) => [place.id, place])) };
}
