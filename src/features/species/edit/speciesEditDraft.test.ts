import { describe, expect, it } from 'vitest';
import { speciesTexts } from '../speciesTexts';
import { demoSpecies } from '../testSpecies';
import { draftOf, editRequestOf, type SpeciesDraft } from './speciesEditDraft';

const bluebuck = demoSpecies('Hippotragus leucophaeus'); // names de, en, hu, pt; extinct
const catGecko = demoSpecies('Aeluroscalabotes felinus'); // no taxa_alt
const withName = (draft: SpeciesDraft, language: string, name: string): SpeciesDraft => ({
  ...draft,
  names: draft.names.map((row) => (row.language === language ? { ...row, name } : row)),
});
const request = (draft: SpeciesDraft, species = bluebuck) => editRequestOf(species, draft);

describe('the species editor', () => {
  it('starts from the species, English first', () => {
    const draft = draftOf(bluebuck);
    expect(draft.names.map((row) => row.language)).toEqual(['en', 'de', 'hu', 'pt']);
    expect(draft).toMatchObject({ family: 'Bovidae', extinct: true, taxaAlt: { 'Mammals|All': true } });
  });

  it('sends only what changed', () => {
    const draft = withName(draftOf(bluebuck), 'pt', 'Palanca-azul');
    expect(request(draft)).toEqual({ kind: 'request', request: { names: { pt: 'Palanca-azul' } } });
    expect(request({ ...draftOf(bluebuck), extinct: false, family: ' Bovidae ' })).toEqual({
      kind: 'request',
      request: { extinct: false },
    });
    expect(request(draftOf(bluebuck))).toEqual({
      kind: 'invalid',
      message: speciesTexts.speciesEditNothingChanged,
    });
  });

  it('adds a language and removes one emptied or deleted', () => {
    const draft = draftOf(bluebuck);
    const edited: SpeciesDraft = {
      ...withName(draft, 'hu', ''),
      names: [
        ...withName(draft, 'hu', '').names.filter((row) => row.language !== 'de'),
        { key: 'new-1', language: 'fr', name: 'Hippotrague bleu', isExisting: false },
      ],
    };
    expect(request(edited)).toEqual({
      kind: 'request',
      request: { names: { de: null, hu: null, fr: 'Hippotrague bleu' } },
    });
  });

  it('switches a further classification and clears the family', () => {
    expect(request({ ...draftOf(bluebuck), taxaAlt: { 'Mammals|All': false }, family: '' })).toEqual({
      kind: 'request',
      request: { family: null, taxa_alt: [{ classification: 'Mammals|All', enabled: false }] },
    });
  });

  it('keeps the English name', () => {
    expect(request(withName(draftOf(bluebuck), 'en', ' '))).toEqual({
      kind: 'invalid',
      message: speciesTexts.speciesEditEnglishRequired,
    });
    // The Reptile Database gives no English names: such a species can still be edited.
    const gecko = draftOf(catGecko);
    expect(request(withName(gecko, 'de', 'Katzengecko (Borneo)'), catGecko)).toEqual({
      kind: 'request',
      request: { names: { de: 'Katzengecko (Borneo)' } },
    });
  });

  it('refuses a language id that is not one, or twice the same language', () => {
    const draft = draftOf(bluebuck);
    const added = (language: string): SpeciesDraft => ({
      ...draft,
      names: [...draft.names, { key: 'new-1', language, name: 'Blaubock', isExisting: false }],
    });
    expect(request(added('Deutsch!'))).toEqual({
      kind: 'invalid',
      message: "'Deutsch!' is not a language id (such as fr, pt or zh).",
    });
    expect(request(added('de'))).toEqual({
      kind: 'invalid',
      message: "There are two names for 'de': keep one.",
    });
    const blankRow = {
      ...draft,
      names: [...draft.names, { key: 'new-2', language: '', name: '', isExisting: false }],
    };
    expect(request(blankRow)).toEqual({ kind: 'invalid', message: speciesTexts.speciesEditNothingChanged });
  });
});
