import { describe, expect, it } from 'vitest';
import { parseRange, usCanadaReason, usOrCanadaPlaceIn } from './ranges';

describe('parseRange', () => {
  it('reads the codes before the colon and the text after it', () => {
    expect(parseRange('NA, MA : Alaska and Canada to Guatemala')).toEqual({
      codes: ['NA', 'MA'],
      excluded: [],
      text: 'Alaska and Canada to Guatemala',
    });
    expect(parseRange('NA, MA: sw US to Baja California').codes).toEqual(['NA', 'MA']);
  });

  it('finds codes written in free text (the non-breeding field), but not after "except"', () => {
    expect(parseRange('n AF and India').codes).toEqual(['AF']);
    expect(parseRange('sw EU, AF').codes).toEqual(['EU', 'AF']);
    expect(parseRange('Texas and n Mexico')).toEqual({ codes: [], excluded: [], text: 'Texas and n Mexico' });
    expect(parseRange('').codes).toEqual([]);
    expect(parseRange(undefined).codes).toEqual([]);
  });

  it('expands Worldwide to every continent but those it excepts', () => {
    expect(parseRange('Worldwide : widespread').codes).toEqual(['NA', 'MA', 'SA', 'AF', 'EU', 'OR', 'AU']);
    const exceptAustralasia = parseRange('Worldwide : widespread, except AU and Sulawesi');
    expect(exceptAustralasia.codes).not.toContain('AU');
    expect(exceptAustralasia.excluded).toEqual(['AU']);
  });

  it('keeps a field whose head is not codes as plain text', () => {
    expect(parseRange('Note: see HBW').codes).toEqual([]);
  });
});

describe('usOrCanadaPlaceIn', () => {
  it('names the United States, Canada, Alaska and the states', () => {
    expect(usOrCanadaPlaceIn('s USA, e Mexico through Yucatán Pen.')).toBe('USA');
    expect(usOrCanadaPlaceIn('Alaska s to nw US')).toBe('Alaska');
    expect(usOrCanadaPlaceIn('n, also ne Canada')).toBe('Canada');
    expect(usOrCanadaPlaceIn('widespread, also s Texas')).toBe('Texas');
    expect(usOrCanadaPlaceIn('e Mexico to n Argentina; also s Florida')).toBe('Florida');
    expect(usOrCanadaPlaceIn('New Mexico and Arizona')).toBe('New Mexico');
  });

  it('does not take Mexican, Colombian or Caucasian places for US ones', () => {
    expect(usOrCanadaPlaceIn('s Baja California (nw Mexico)')).toBeNull();
    expect(usOrCanadaPlaceIn('Sierra Nevada de Santa Marta, n Colombia')).toBeNull();
    expect(usOrCanadaPlaceIn('n Caucasus s to n Georgia, n Iran')).toBeNull();
    expect(usOrCanadaPlaceIn('s Mexico through Amazonia')).toBeNull();
  });
});

describe('usCanadaReason', () => {
  it('keeps a species whose breeding or non-breeding range includes NA', () => {
    expect(usCanadaReason('NA : widespread, also nw Mexico', '')).toBe('range-code'); // Bald Eagle
    expect(usCanadaReason('NA, MA : Alaska and Canada to Guatemala', '')).toBe('range-code'); // American Robin
    expect(usCanadaReason('SA : Andes', 'NA, MA')).toBe('range-code');
    expect(usCanadaReason('Worldwide : widespread except SA', '')).toBe('range-code');
  });

  it('keeps one without NA whose range text names a US or Canadian place', () => {
    expect(usCanadaReason('MA : s Texas to Honduras', '')).toBe('range-text');
    expect(usCanadaReason('EU : n Europe to ne Siberia and nw Alaska', 'n AF')).toBe('range-text');
  });

  it('removes the rest: Great Tinamou, Baja California endemics, ocean-coded seabirds', () => {
    expect(usCanadaReason('MA, SA : s Mexico through Amazonia', '')).toBeNull();
    expect(usCanadaReason('MA : Baja California', '')).toBeNull();
    expect(usCanadaReason('Worldwide : except NA', '')).toBeNull();
    expect(usCanadaReason('EU : widespread', 'AF, OR')).toBeNull();
  });
});
