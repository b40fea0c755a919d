import { describe, expect, it } from 'vitest';
import { presetPointOf, recordAtPath } from './recordPath';
import { present } from '../../test/present';

const pointOf = (query: string) => presetPointOf(new URLSearchParams(query));

describe('a preset recording position', () => {
  it('round-trips through the recording address', () => {
    const path = recordAtPath({ lat: -23.99, lng: 31.55 });
    expect(path).toBe('/species-observation?lat=-23.99&lng=31.55');
    expect(pointOf(present(path.split('?')[1], 'the query'))).toEqual({ lat: -23.99, lng: 31.55 });
  });

  it('is none when a coordinate is missing, empty, not a number or out of range', () => {
    expect(pointOf('')).toBeNull();
    expect(pointOf('lat=10')).toBeNull();
    expect(pointOf('lat=&lng=')).toBeNull();
    expect(pointOf('lat=ten&lng=5')).toBeNull();
    expect(pointOf('lat=91&lng=5')).toBeNull();
    expect(pointOf('lat=5&lng=-180.5')).toBeNull();
  });
});
