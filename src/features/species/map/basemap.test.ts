import { describe, expect, it } from 'vitest';
import { basemapOf, geometryPath } from './basemap';
import { TINY_BASEMAP } from './testBasemap';

describe('the basemap', () => {
  it('projects lon/lat to x = lon, y = −lat, one ring per subpath', () => {
    expect(
      geometryPath({
        type: 'Polygon',
        coordinates: [
          [
            [16.5, -28.6],
            [32.9, -26.9],
            [16.5, -28.6],
          ],
        ],
      }),
    ).toBe('M16.5 28.6L32.9 26.9L16.5 28.6Z');
  });

  it('draws every polygon of a MultiPolygon, dropping points that round to the last one', () => {
    expect(
      geometryPath({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [0.01, 0.02],
              [1, 1],
            ],
          ],
          [
            [
              [2, 2],
              [3, 3],
            ],
          ],
        ],
      }),
    ).toBe('M0 0L1 -1ZM2 -2L3 -3Z');
  });

  it('draws nothing for other geometries', () => {
    expect(geometryPath({ type: 'Point', coordinates: [1, 2] })).toBe('');
    expect(geometryPath(null)).toBe('');
  });

  it('keys places by location id with their names, countries before regions', () => {
    const basemap = basemapOf(TINY_BASEMAP);
    expect(basemap.places.map((place) => [place.id, place.isRegion])).toEqual([
      ['USA', false],
      ['CAN', false],
      ['ZAF', false],
      ['USA-3563', true],
    ]);
    expect(basemap.byId.get('USA-3563')?.name).toBe('Alaska');
  });

  it('refuses what is not a FeatureCollection', () => {
    expect(() => basemapOf({ type: 'Feature' })).toThrow('not a GeoJSON FeatureCollection');
  });
});
