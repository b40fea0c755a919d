import { describe, expect, it } from 'vitest';
import { boundaryProblem, parseBounds, polygonBox, type Polygon } from './places';

const ring = (points: Array<[number, number]>): Polygon => ({ type: 'Polygon', coordinates: [points] });

describe('boundaryProblem', () => {
  it('accepts a closed ring and names the ring that does not close', () => {
    const closedRing: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const closed = ring(closedRing);
    expect(boundaryProblem(closed)).toBeUndefined();
    const open: Polygon = {
      type: 'Polygon',
      coordinates: [
        closedRing,
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    expect(boundaryProblem(open)).toMatch(/^boundary\.coordinates\[1\]: the ring does not close/);
  });
  it('refuses a ring across the antimeridian', () => {
    expect(
      boundaryProblem(
        ring([
          [179, 0],
          [-179, 0],
          [-179, 1],
          [179, 0],
        ]),
      ),
    ).toMatch(/antimeridian/);
  });
  it('boxes the outer ring', () => {
    expect(
      polygonBox(
        ring([
          [10, -5],
          [12, -5],
          [12, -3],
          [10, -5],
        ]),
      ),
    ).toEqual({
      minLat: -5,
      maxLat: -3,
      minLng: 10,
      maxLng: 12,
    });
  });
});

describe('parseBounds', () => {
  it('reads west,south,east,north and names what is wrong', () => {
    expect(parseBounds(' 10, -35 ,40,-20')).toEqual({ west: 10, south: -35, east: 40, north: -20 });
    expect(parseBounds('170,0,-170,10')).toEqual({ west: 170, south: 0, east: -170, north: 10 });
    expect(parseBounds('0,10,1,5')).toMatch(/^bounds: south/);
    expect(parseBounds('0,95,1,96')).toMatch(/^bounds: south and north/);
    expect(parseBounds('200,0,1,5')).toMatch(/^bounds: west and east/);
    expect(parseBounds('1..2,0,1,5')).toMatch(/^bounds:/);
  });
});
