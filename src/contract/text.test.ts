import { describe, expect, it } from 'vitest';
import { escapeLike, foldText, searchTextOf } from './text';

describe('foldText', () => {
  it('ignores case and accents', () => {
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('SAO PAULO')).toBe('sao paulo');
    expect(foldText('Ceará')).toBe('ceara');
    expect(foldText('Zürich')).toBe('zurich');
    expect(foldText('Île-de-France')).toBe('ile de france');
  });

  it('spells out letters NFKD keeps whole', () => {
    expect(foldText('Ærøskøbing')).toBe('aeroskobing');
    expect(foldText('Łódź')).toBe('lodz');
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('İstanbul')).toBe('istanbul');
  });

  it('turns punctuation into single spaces', () => {
    expect(foldText('KwaZulu-Natal')).toBe('kwazulu natal');
    expect(foldText("  Côte d'Ivoire ")).toBe('cote d ivoire');
    expect(foldText('St. Kitts  and Nevis')).toBe('st kitts and nevis');
  });

  it('keeps other scripts', () => {
    expect(foldText('Южно-Африканская Республика')).toBe('южно африканская республика');
    expect(foldText('南アフリカ共和国')).toBe('南アフリカ共和国');
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('searchTextOf', () => {
  it('keeps one padded line per distinct folded name', () => {
    expect(searchTextOf(['São Paulo', 'Sao Paulo', '', 'BR-SP'])).toBe(' sao paulo \n br sp ');
  });
});
