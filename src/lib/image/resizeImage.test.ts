import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitWithin, IMAGE_MAX_SIDE } from './resizeImage';

describe('fitWithin', () => {
  it('keeps an image that already fits', () => {
    expect(fitWithin(1600, 1200, IMAGE_MAX_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(2048, 2048, IMAGE_MAX_SIDE)).toEqual({ width: 2048, height: 2048 });
  });

  it('scales the longer side down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024, IMAGE_MAX_SIDE)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, IMAGE_MAX_SIDE)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(4096, 4096, IMAGE_MAX_SIDE)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(6000, 1000, IMAGE_MAX_SIDE)).toEqual({ width: 2048, height: 341 });
  });

  it('never makes a side smaller than one pixel', () => {
    expect(fitWithin(100_000, 10, IMAGE_MAX_SIDE)).toEqual({ width: 2048, height: 1 });
  });

  it('refuses a size that is no image', () => {
    expect(() => fitWithin(0, 100, IMAGE_MAX_SIDE)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 100, IMAGE_MAX_SIDE)).toThrow(RangeError);
  });

  it('always fits, and keeps the ratio to within a pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (w, h) => {
        const size = fitWithin(w, h, IMAGE_MAX_SIDE);
        expect(size.width).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
        expect(size.height).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
        expect(size.width).toBeGreaterThanOrEqual(1);
        expect(size.height).toBeGreaterThanOrEqual(1);
        if (w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE) expect(Math.max(size.width, size.height)).toBe(2048);
        // The ratio within the rounding of the shorter side.
        if (w >= h) expect(Math.abs(size.height - (size.width * h) / w)).toBeLessThanOrEqual(1);
        else expect(Math.abs(size.width - (size.height * w) / h)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
