/**
 * What the maps say of what they show, and how close they fit it (issue 23: one sighting said
 * "1 sightings" and zoomed into an unrecognisable piece of outline).
 */
import { describe, expect, it } from 'vitest';
import { mapSummaryOf } from './texts';
import { FIT_MAX_ZOOM, fitMaxZoom } from './camera';

describe('mapSummaryOf', () => {
  it('says one sighting and one lifer in the singular', () => {
    expect(mapSummaryOf(1, 1)).toBe('1 sighting on the map, a lifer.');
    expect(mapSummaryOf(1, 0)).toBe('1 sighting on the map, not a lifer.');
    expect(mapSummaryOf(2, 1)).toBe('2 sightings on the map, 1 of them a lifer.');
  });

  it('says several in the plural, with thousands separated', () => {
    expect(mapSummaryOf(2, 0)).toBe('2 sightings on the map, none of them lifers.');
    expect(mapSummaryOf(3, 2)).toBe('3 sightings on the map, 2 of them lifers.');
    expect(mapSummaryOf(100_000, 1_234)).toBe('100,000 sightings on the map, 1,234 of them lifers.');
  });
});

describe('fitMaxZoom', () => {
  it('stops a fit where the outlines still show a country and its neighbours', () => {
    expect(fitMaxZoom(false)).toBe(FIT_MAX_ZOOM.outlines);
    expect(FIT_MAX_ZOOM.outlines).toBeLessThanOrEqual(5);
  });

  it('lets a production style, with towns and roads, fit closer', () => {
    expect(fitMaxZoom(true)).toBe(FIT_MAX_ZOOM.production);
    expect(FIT_MAX_ZOOM.production).toBeGreaterThan(FIT_MAX_ZOOM.outlines);
  });
});
