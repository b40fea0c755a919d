import { describe, expect, it } from 'vitest';
import { filterFromKey, filterKey } from './collection';

describe('filterKey', () => {
  it('is the same for the same filter whatever the order of its keys', () => {
    const a = filterKey({ location_ids: ['USA'], classifications: ['Birds|IOC'] });
    const b = filterKey({ classifications: ['Birds|IOC'], location_ids: ['USA'] });
    expect(a).toBe(b);
    expect(a).toBe('{"classifications":["Birds|IOC"],"location_ids":["USA"]}');
  });

  it('sorts nested object keys but keeps list order (a list is the caller’s to order)', () => {
    expect(filterKey({ b: { y: 1, x: 2 }, a: [2, 1] })).toBe('{"a":[2,1],"b":{"x":2,"y":1}}');
  });

  it('differs when the filter differs, and is empty without one', () => {
    expect(filterKey({ location_ids: ['USA'] })).not.toBe(filterKey({ location_ids: ['ZAF'] }));
    expect(filterKey(undefined)).toBe('');
  });
});

describe('filterFromKey', () => {
  it('reads back the filter a key was made from', () => {
    const filter = { classifications: ['Mammals|Larger'], location_ids: ['ZAF'] };
    expect(filterFromKey(filterKey(filter))).toEqual(filter);
  });

  it('reads no filter from an empty, missing or damaged key', () => {
    expect(filterFromKey('')).toBeUndefined();
    expect(filterFromKey(undefined)).toBeUndefined();
    expect(filterFromKey('{"classifications":')).toBeUndefined();
    expect(filterFromKey('["USA"]')).toBeUndefined();
  });
});
