/**
 * The location outlines asset, public/maps/locations.geojson: one feature per location that has a
 * polygon in Natural Earth (every country, and the states/provinces of the USA, Canada, Australia
 * and Brazil), `id` = our location id (countries: adm0_a3, regions: adm1_code, as the locations
 * table holds them), properties {name, type}. It is the offline basemap of the app (distribution
 * maps, sightings maps) and what GET species/{id}/distribution_map answers outlines from, so it is
 * committed: a user's clone has no ../shared.
 *
 *   npm run cli -- reference:outlines [--from ../shared/data] [--out public/maps/locations.geojson]
 *
 * The sources are already simplified (0.05° / 0.02° tolerance, 1.4 MB + 0.4 MB). For a basemap at
 * country zoom that is still too heavy (the target is ≤ 600 KB raw, ≤ 200 KB gzip), so every
 * coordinate is snapped to a 0.05° grid (≈ 5 km) and each ring thinned with Douglas–Peucker at
 * 0.1°; consecutive duplicates, back-and-forth spikes and rings that collapse are dropped, as are
 * islands and holes under 0.02 square degrees (≈ 250 km² at the equator): OUTLINE_OPTIONS, about
 * 480 KB raw and 130 KB gzip. A location never loses its outline: when its largest polygon would
 * collapse (Monaco, Vatican City, small island states), it is kept on a finer grid instead.
 * Snapping is the same function for every feature, so a border shared by two countries moves the
 * same way on both sides; thinning is per ring and may open slivers a few km wide along borders,
 * invisible at the zooms the app draws these at.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { OutlineFeature, OutlineGeometry, OutlinesCollection, Position } from '@contract/media';
import { DEFAULT_SOURCE_DIR } from './commands';
import { present } from '../../present';

export const OUTLINES_FILE = fileURLToPath(
  new URL('../../../public/maps/locations.geojson', import.meta.url),
);

export const OUTLINE_SOURCES = {
  countries: 'countries_ne10m_simplified.geojson',
  regions: 'admin1_ne50m_usa_can_aus_bra.geojson',
} as const;

export interface OutlineOptions {
  /** Snapping grid, in degrees. */
  grid: number;
  /** Douglas–Peucker tolerance, in degrees. */
  tolerance: number;
  /** Islands and holes smaller than this, in square degrees, are dropped. */
  minArea: number;
}

export const OUTLINE_OPTIONS: OutlineOptions = { grid: 0.05, tolerance: 0.1, minArea: 0.02 };

/**
 * Tried in order for a location whose largest polygon collapses with OUTLINE_OPTIONS; the last one
 * is the sources' own precision without thinning, which keeps even Vatican City.
 */
const FALLBACKS: readonly OutlineOptions[] = [
  { grid: 0.01, tolerance: 0.01, minArea: 0 },
  { grid: 0.001, tolerance: 0, minArea: 0 },
];

type Ring = Position[];
type PolygonCoordinates = Ring[];

interface SourceFeature {
  properties: Record<string, unknown>;
  geometry:
    | { type: 'Polygon'; coordinates: PolygonCoordinates }
    | { type: 'MultiPolygon'; coordinates: PolygonCoordinates[] };
}

function snapper(grid: number): (value: number) => number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(grid) - 1e-9));
  // toFixed after rounding: 12.350000000000001 would otherwise cost 15 bytes per number.
  return (value) => Number((Math.round(value / grid) * grid).toFixed(decimals));
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** Shoelace area in square degrees (positive or negative by orientation). */
export function ringArea(ring: readonly Position[]): number {
  let twice = 0;
  for (let index = 0; index + 1 < ring.length; index += 1) {
    const [x1, y1] = present(ring[index]);
    const [x2, y2] = present(ring[index + 1]);
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

function perpendicularDistance(point: Position, start: Position, end: Position): number {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(point[0] - start[0], point[1] - start[1]);
  return Math.abs(dy * point[0] - dx * point[1] + end[0] * start[1] - end[1] * start[0]) / length;
}

/** Douglas–Peucker on an open polyline (iterative: long coastlines would overflow recursion). */
function thinLine(points: readonly Position[], tolerance: number): Position[] {
  if (points.length < 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = present(stack.pop());
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index += 1) {
      const d = perpendicularDistance(present(points[index]), present(points[first]), present(points[last]));
      if (d > distance) {
        distance = d;
        farthest = index;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

/** Removes consecutive duplicates and A-B-A spikes of an open ring (first point not repeated). */
function cleanOpenRing(points: Position[]): Position[] {
  let current = points;
  for (let changed = true; changed;) {
    changed = false;
    const out: Position[] = [];
    for (const point of current) {
      if (samePosition(out[out.length - 1], point)) {
        changed = true;
        continue;
      }
      if (samePosition(out[out.length - 2], point)) {
        out.pop();
        changed = true;
        continue;
      }
      out.push(point);
    }
    while (out.length > 1 && samePosition(out[0], out[out.length - 1])) {
      out.pop();
      changed = true;
    }
    current = out;
  }
  return current;
}

/**
 * Snaps, thins and cleans a closed ring. Answers the closed ring, or null when it collapses to
 * fewer than three distinct positions or to no area.
 */
export function simplifyRing(ring: readonly Position[], grid: number, tolerance: number = grid): Ring | null {
  const snap = snapper(grid);
  const open = cleanOpenRing(ring.slice(0, -1).map(([x, y]) => [snap(x), snap(y)] as Position));
  if (open.length < 3) return null;
  // Thin as two halves split at the point farthest from the first, so the ends are real corners.
  const start = present(open[0]);
  let split = 1;
  for (let index = 2; index < open.length; index += 1) {
    if (
      Math.hypot(present(open[index])[0] - start[0], present(open[index])[1] - start[1]) >
      Math.hypot(present(open[split])[0] - start[0], present(open[split])[1] - start[1])
    )
      split = index;
  }
  const first = thinLine(open.slice(0, split + 1), tolerance);
  const second = thinLine([...open.slice(split), start], tolerance);
  const thinned = cleanOpenRing([...first, ...second.slice(1, -1)]);
  if (thinned.length < 3) return null;
  const closed = [...thinned, present(thinned[0])];
  return ringArea(closed) === 0 ? null : closed;
}

function simplifyPolygon(
  polygon: PolygonCoordinates,
  { grid, tolerance, minArea }: OutlineOptions,
): PolygonCoordinates | null {
  const [outer, ...holes] = polygon;
  const exterior = outer && simplifyRing(outer, grid, tolerance);
  if (!exterior || Math.abs(ringArea(exterior)) < minArea) return null;
  const keptHoles = holes
    .map((hole) => simplifyRing(hole, grid, tolerance))
    .filter((hole): hole is Ring => hole !== null && Math.abs(ringArea(hole)) >= minArea);
  return [exterior, ...keptHoles];
}

const polygonsOf = (geometry: SourceFeature['geometry']) =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/**
 * The simplified geometry of one location, and whether it needed a fallback (its largest polygon
 * collapsed with `options`). Null only when even the last fallback collapses.
 */
export function simplifyGeometry(
  geometry: SourceFeature['geometry'],
  options: OutlineOptions = OUTLINE_OPTIONS,
): { geometry: OutlineGeometry; fallback: boolean } | null {
  const polygons = polygonsOf(geometry);
  const kept = polygons
    .map((polygon) => simplifyPolygon(polygon, options))
    .filter((polygon): polygon is PolygonCoordinates => polygon !== null);
  const fallback = kept.length === 0;
  if (fallback) {
    // Everything was small: keep the largest polygon, with the first fallback it survives.
    const largest = [...polygons].sort(
      (a, b) => Math.abs(ringArea(b[0] ?? [])) - Math.abs(ringArea(a[0] ?? [])),
    )[0];
    for (const finer of FALLBACKS) {
      if (!largest) break;
      const polygon = simplifyPolygon(largest, finer);
      if (polygon) {
        kept.push(polygon);
        break;
      }
    }
  }
  if (kept.length === 0) return null;
  return {
    geometry:
      kept.length === 1 && kept[0]
        ? { type: 'Polygon', coordinates: kept[0] }
        : { type: 'MultiPolygon', coordinates: kept },
    fallback,
  };
}

async function readFeatures(file: string): Promise<SourceFeature[]> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { features?: SourceFeature[] };
  if (!Array.isArray(parsed.features)) throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  return parsed.features;
}

export interface OutlinesReport {
  countries: number;
  regions: number;
  /** Locations kept on a finer grid because their outline would have collapsed. */
  finerGrid: string[];
  /** Source features without any usable polygon (none in the current sources). */
  dropped: string[];
}

/** Builds the outlines collection from the Natural Earth files in `from`. */
export async function buildOutlines(
  from: string,
  options: OutlineOptions = OUTLINE_OPTIONS,
): Promise<{ outlines: OutlinesCollection; report: OutlinesReport }> {
  const [countries, regions] = await Promise.all([
    readFeatures(join(from, OUTLINE_SOURCES.countries)),
    readFeatures(join(from, OUTLINE_SOURCES.regions)),
  ]);
  const report: OutlinesReport = { countries: 0, regions: 0, finerGrid: [], dropped: [] };
  const features: OutlineFeature[] = [];
  const add = (feature: SourceFeature, idKey: string, type: 'country' | 'region') => {
    const id = feature.properties[idKey];
    if (typeof id !== 'string' || id === '') throw new Error(`a ${type} outline has no ${idKey}`);
    const name = typeof feature.properties.name === 'string' ? feature.properties.name : id;
    const simplified = simplifyGeometry(feature.geometry, options);
    if (!simplified) {
      report.dropped.push(id);
      return;
    }
    if (simplified.fallback) report.finerGrid.push(id);
    features.push({ type: 'Feature', id, properties: { name, type }, geometry: simplified.geometry });
    report[type === 'country' ? 'countries' : 'regions'] += 1;
  };
  for (const feature of countries) add(feature, 'adm0_a3', 'country');
  for (const feature of regions) add(feature, 'adm1_code', 'region');
  // Countries first, then regions, each by id: a stable file, so a rebuild diffs cleanly.
  features.sort((a, b) =>
    a.properties.type === b.properties.type
      ? a.id.localeCompare(b.id)
      : a.properties.type === 'country'
        ? -1
        : 1,
  );
  return { outlines: { type: 'FeatureCollection', features }, report };
}

/** One feature per line: small diffs when a rebuild changes one location. */
export function serializeOutlines(outlines: OutlinesCollection): string {
  const lines = outlines.features.map((feature) => JSON.stringify(feature));
  return `{"type":"FeatureCollection","features":[\n${lines.join(',\n')}\n]}\n`;
}

export async function outlinesCommand(options: { from?: string; out?: string }): Promise<void> {
  const from = resolve(options.from ?? DEFAULT_SOURCE_DIR);
  const out = resolve(options.out ?? OUTLINES_FILE);
  const { outlines, report } = await buildOutlines(from);
  const text = serializeOutlines(outlines);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, text);
  const raw = Buffer.byteLength(text);
  const gzip = gzipSync(text, { level: 9 }).length;
  console.log(`outlines from ${from}: ${report.countries} countries, ${report.regions} regions`);
  if (report.finerGrid.length > 0)
    console.log(
      `kept on a finer grid (would collapse at ${OUTLINE_OPTIONS.grid}°): ${report.finerGrid.join(', ')}`,
    );
  if (report.dropped.length > 0) console.log(`no usable polygon: ${report.dropped.join(', ')}`);
  console.log(
    `wrote ${relative(process.cwd(), out)}: ${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip`,
  );
}
