import { describe, expect, it } from 'vitest';
import { boundingBox, haversineKm, insideBox, type LatLng } from './geo';

/** The point `km` away from `from` on the initial `bearing` (spherical destination formula). */
function destination(from: LatLng, bearing: number, km: number): LatLng {
  const rad = Math.PI / 180;
  const d = km / 6371.0088;
  const lat1 = from.lat * rad;
  const b = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    from.lng * rad +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: ((((lng2 / rad + 540) % 360) + 360) % 360) - 180 };
}

const capeTown: LatLng = { lat: -33.9249, lng: 18.4241 };
const johannesburg: LatLng = { lat: -26.2041, lng: 28.0473 };

describe('haversineKm', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(capeTown, capeTown)).toBe(0);
    expect(haversineKm(capeTown, johannesburg)).toBeCloseTo(haversineKm(johannesburg, capeTown), 9);
  });

  it('matches known distances', () => {
    // Cape Town – Johannesburg is about 1,260 km as the crow flies.
    expect(haversineKm(capeTown, johannesburg)).toBeGreaterThan(1250);
    expect(haversineKm(capeTown, johannesburg)).toBeLessThan(1275);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
  });

  it('crosses the antimeridian the short way and survives antipodes', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.19, 1);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('boundingBox', () => {
  it('holds every point within the radius', () => {
    for (const center of [
      capeTown,
      johannesburg,
      { lat: 64.1, lng: -21.9 },
      { lat: 0, lng: 0 },
      { lat: 10, lng: 178 },
    ]) {
      const box = boundingBox(center, 500);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const point = destination(center, bearing, 499);
        expect(haversineKm(center, point)).toBeCloseTo(499, 6);
        expect(insideBox(box, point)).toBe(true);
      }
    }
  });

  it('excludes points well outside', () => {
    const box = boundingBox(capeTown, 300);
    expect(insideBox(box, johannesburg)).toBe(false);
  });

  it('splits at the antimeridian', () => {
    const box = boundingBox({ lat: -17.7, lng: 179.0 }, 300);
    expect(box.lngRanges).toHaveLength(2);
    expect(insideBox(box, { lat: -17.7, lng: -179.5 })).toBe(true);
    expect(insideBox(box, { lat: -17.7, lng: 178.0 })).toBe(true);
    expect(insideBox(box, { lat: -17.7, lng: 0 })).toBe(false);
    const west = boundingBox({ lat: 51, lng: -179.5 }, 200);
    expect(west.lngRanges).toHaveLength(2);
    expect(insideBox(west, { lat: 51, lng: 179.5 })).toBe(true);
  });

  it('takes the whole circle of longitude near a pole or for huge radii', () => {
    expect(boundingBox({ lat: 89, lng: 10 }, 200).lngRanges).toEqual([[-180, 180]]);
    expect(boundingBox({ lat: 0, lng: 10 }, 30_000).lngRanges).toEqual([[-180, 180]]);
    expect(boundingBox({ lat: 89, lng: 10 }, 200).maxLat).toBe(90);
  });
});
