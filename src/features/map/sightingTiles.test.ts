/**
 * The sightings' tiles, decoded the way MapLibre decodes them (@mapbox/vector-tile): what a map
 * draws at a zoom, what a click on a point or a cluster reads, and the tile URLs the worker takes.
 */
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { addSightings, emptySightings, type SightingPlaceFields } from './sightingFeatures';
import { parseTileUrl, SIGHTINGS_LAYER, SightingsIndex, TILE_EXTENT } from './sightingTiles';

const at = (id: string, coordinates: [number, number], lifer = false): SightingPlaceFields => ({
  id,
  coordinate: { type: 'Point', coordinates },
  coordinate_hidden: false,
  lifer,
});

function indexOf(rows: SightingPlaceFields[]) {
  const collection = emptySightings();
  addSightings(collection, rows, { lifers: true, others: true });
  return new SightingsIndex(collection);
}

/** The features of a tile as MapLibre reads them: properties and position in tile units. */
function decode(bytes: Uint8Array) {
  const layer = new VectorTile(new PbfReader(bytes)).layers[SIGHTINGS_LAYER];
  // The encoder leaves out a layer with no features: MapLibre reads that as an empty tile.
  if (!layer) return [];
  expect(layer.extent).toBe(TILE_EXTENT);
  return Array.from({ length: layer.length }, (_, index) => {
    const feature = layer.feature(index);
    const [point] = feature.loadGeometry()[0] ?? [];
    return { properties: feature.properties, x: point?.x, y: point?.y };
  });
}

/** The tile (x, y) holding [longitude, latitude] at `z` (Web Mercator). */
function tileAt([longitude, latitude]: [number, number], z: number): [number, number] {
  const size = 2 ** z;
  const sin = Math.sin((latitude * Math.PI) / 180);
  const x = Math.floor(((longitude + 180) / 360) * size);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size);
  return [x, y];
}

// Two eagles 0.01° apart near Ellensburg, Washington (the first a lifer), one sighting in Cape Town.
const ELLENSBURG: [number, number] = [-120.5481, 46.9965];
const rows = [
  at('eagle-1', ELLENSBURG, true),
  at('eagle-2', [-120.5381, 46.9965]),
  at('cape-town', [18.42, -33.92]),
];

describe('SightingsIndex', () => {
  it('sums up what it holds: count, lifers and bounds', () => {
    expect(indexOf(rows).summary).toEqual({
      count: 3,
      lifers: 1,
      bounds: [-120.5481, -33.92, 18.42, 46.9965],
    });
  });

  it('draws nearby sightings as one cluster when zoomed out, with the zoom where it splits', () => {
    const features = decode(indexOf(rows).tile(0, 0, 0));
    const cluster = features.find((feature) => 'point_count' in feature.properties);
    expect(cluster?.properties).toEqual({ point_count: 2, expansion_zoom: expect.any(Number) as number });
    const split = cluster?.properties.expansion_zoom as number;
    expect(split).toBeGreaterThan(5);
    expect(split).toBeLessThanOrEqual(15);
    expect(features.filter((feature) => feature.properties.id === 'cape-town')).toHaveLength(1);
    expect(features).toHaveLength(2);

    // At the zoom it splits at, the two eagles are points, each with its id and lifer flag.
    const [x, y] = tileAt(ELLENSBURG, split);
    const points = decode(indexOf(rows).tile(split, x, y)).map((feature) => feature.properties);
    expect(points).toEqual(
      expect.arrayContaining([
        { id: 'eagle-1', lifer: true },
        { id: 'eagle-2', lifer: false },
      ]),
    );
  });

  it('places a point where its sighting is, in tile units', () => {
    const [feature] = decode(indexOf([at('null-island', [0.0001, -0.0001])]).tile(1, 1, 1));
    expect(feature?.properties).toEqual({ id: 'null-island', lifer: false });
    expect(feature?.x).toBe(0);
    expect(feature?.y).toBe(0);
  });

  it('answers an empty layer for a tile with no sightings, and for an empty index', () => {
    expect(decode(indexOf(rows).tile(4, 0, 0))).toEqual([]);
    expect(decode(indexOf([]).tile(0, 0, 0))).toEqual([]);
  });

  it('keeps every one of many sightings: the clusters inside the world tile add up to all of them', () => {
    const many = Array.from({ length: 5000 }, (_, index) =>
      at(`s-${index}`, [((index * 7919) % 36000) / 100 - 180, ((index * 104729) % 16000) / 100 - 80]),
    );
    // A tile repeats what lies within its buffer beyond its edges (across the antimeridian here).
    const inside = decode(indexOf(many).tile(0, 0, 0)).filter(
      ({ x, y }) =>
        x !== undefined && y !== undefined && x >= 0 && x < TILE_EXTENT && y >= 0 && y < TILE_EXTENT,
    );
    const total = inside.reduce(
      (sum, feature) =>
        sum + (typeof feature.properties.point_count === 'number' ? feature.properties.point_count : 1),
      0,
    );
    expect(total).toBe(5000);
  });
});

describe('parseTileUrl', () => {
  it('reads the load and the tile address of a sightings tile URL', () => {
    expect(parseTileUrl('fieldmark-sightings://tiles/12/3/2/5')).toEqual({ load: 12, z: 3, x: 2, y: 5 });
  });

  it('refuses what is not a tile of the world', () => {
    expect(parseTileUrl('fieldmark-sightings://tiles/12/3/8/5')).toBeNull();
    expect(parseTileUrl('fieldmark-sightings://tiles/12/{z}/{x}/{y}')).toBeNull();
    expect(parseTileUrl('fieldmark-sightings://tiles/3/2/5')).toBeNull();
  });
});
