import { describe, expect, it } from 'vitest';
import {
  BASEMAP_SOURCE,
  CLUSTERS_LAYER,
  LIFERS_LAYER,
  localStyle,
  OTHERS_LAYER,
  productionStyleUrl,
  SIGHTINGS_SOURCE,
  sightingsLayers,
  sightingsSource,
  type MapColours,
} from './mapStyle';
import { SIGHTINGS_LAYER } from './sightingTiles';

const COLOURS: MapColours = {
  water: '#d6e6f0',
  land: '#f5f5f5',
  border: '#9e9e9e',
  lifer: '#9c27b0',
  sighting: '#2e7d32',
  cluster: '#1b5e20',
  halo: '#ffffff',
};

describe('the local style', () => {
  const style = localStyle('https://fieldmark.test/maps/locations.geojson', COLOURS);

  it('draws only the offline basemap: no tiles, no glyphs, no sprite', () => {
    expect(Object.values(style.sources)).toEqual([
      { type: 'geojson', data: 'https://fieldmark.test/maps/locations.geojson' },
    ]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'fill', 'line', 'line']);
    expect(
      style.layers.filter((layer) => 'source' in layer).every((layer) => layer.source === BASEMAP_SOURCE),
    ).toBe(true);
  });
});

describe('the sightings', () => {
  it("are one vector source of the sightings' worker's tiles, made up to zoom 18", () => {
    expect(sightingsSource('fieldmark-sightings://tiles/3/{z}/{x}/{y}')).toEqual({
      type: 'vector',
      tiles: ['fieldmark-sightings://tiles/3/{z}/{x}/{y}'],
      maxzoom: 18,
    });
  });

  it('are drawn as circles: clusters, other sightings, then lifers on top', () => {
    const layers = sightingsLayers(COLOURS);
    expect(layers.map((layer) => layer.id)).toEqual([CLUSTERS_LAYER, OTHERS_LAYER, LIFERS_LAYER]);
    for (const layer of layers) {
      expect(layer.type).toBe('circle');
      expect(layer.source).toBe(SIGHTINGS_SOURCE);
      expect(layer['source-layer']).toBe(SIGHTINGS_LAYER);
    }
  });
});

describe('productionStyleUrl', () => {
  it('takes an http(s) URL and ignores anything else', () => {
    expect(productionStyleUrl(' https://tiles.example.org/style.json ')).toBe(
      'https://tiles.example.org/style.json',
    );
    expect(productionStyleUrl(undefined)).toBeNull();
    expect(productionStyleUrl('')).toBeNull();
    expect(productionStyleUrl('javascript:alert(1)')).toBeNull();
  });
});
