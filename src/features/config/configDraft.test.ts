import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import type { ClassificationGroup } from '@contract/reference';
import {
  canonicalSpecies,
  chooseCategory,
  classificationLabel,
  isGroupTicked,
  speciesToSave,
  toggleGroup,
  validateConfig,
} from './configDraft';
import { groupsAt } from './testGroups';
import { present } from '../../test/present';

const usa = groupsAt('local');
const southAfrica = groupsAt('noBirds');
const byId = (groups: ClassificationGroup[], id: string) =>
  present(
    groups.find((group) => group.id === id),
    id,
  );
const location = { location_id: 'USA', name: 'United States of America', parent_location: [] };

describe('config validation (SPEC §5, in order)', () => {
  it('asks for a location first, even when no group is chosen either', () => {
    expect(validateConfig({ location: null, checksGroups: true, species: [] })).toBe(
      messages.configLocationRequired,
    );
    expect(
      validateConfig({
        location: { ...location, location_id: '' },
        checksGroups: true,
        species: ['Reptiles'],
      }),
    ).toBe(messages.configLocationRequired);
  });

  it('then asks for at least one active animal group', () => {
    expect(validateConfig({ location, checksGroups: true, species: [] })).toBe(messages.configGroupRequired);
    expect(messages.configGroupRequired).toBe(
      'Please select up to 4 animal groups you would like to focus on!',
    );
  });

  it('passes with a location and one group; the location section alone needs no group', () => {
    expect(validateConfig({ location, checksGroups: true, species: ['Reptiles'] })).toBeNull();
    expect(validateConfig({ location, checksGroups: false, species: [] })).toBeNull();
  });

  it('does not enforce the limit of 4 (SPEC: it is not enforced in what is shown)', () => {
    const all = ['Birds|IOC', 'Mammals|All', 'Reptiles', 'Amphibians', 'Fish'];
    expect(validateConfig({ location, checksGroups: true, species: all })).toBeNull();
  });
});

describe('the animal-group draft', () => {
  it('reads the default Mammals|Large under its current name', () => {
    expect(canonicalSpecies(['Birds|IOC', 'Mammals|Large'])).toEqual(['Birds|IOC', 'Mammals|Larger']);
    expect(isGroupTicked(canonicalSpecies(['Mammals|Large']), byId(usa, 'mammals'))).toBe(true);
  });

  it('ticks a group with its default category and unticks it again', () => {
    const ticked = toggleGroup([], byId(usa, 'birds'));
    expect(ticked).toEqual({ kind: 'changed', species: ['Birds|IOC'] });
    expect(toggleGroup(['Birds|IOC', 'Reptiles'], byId(usa, 'birds'))).toEqual({
      kind: 'changed',
      species: ['Reptiles'],
    });
  });

  it("refuses an inactive group with the spec's message naming it", () => {
    expect(toggleGroup([], byId(southAfrica, 'birds'))).toEqual({
      kind: 'inactive',
      message: formatMessage(messages.configGroupInactive, { group: 'Birds' }),
    });
    expect(formatMessage(messages.configGroupInactive, { group: 'Birds' })).toBe(
      'The Birds list for your selected location will be released soon.  Please check back regularly.',
    );
  });

  it('shows a group chosen elsewhere but inactive here as unticked, and does not save it', () => {
    const species = ['Birds|Clements', 'Mammals|Small'];
    expect(isGroupTicked(species, byId(southAfrica, 'birds'))).toBe(false);
    expect(speciesToSave(species, southAfrica)).toEqual(['Mammals|Small']);
    expect(speciesToSave(species, usa)).toEqual(['Birds|Clements', 'Mammals|Small']);
  });

  it('replaces the category of a group with the radio choice', () => {
    expect(chooseCategory(['Birds|IOC', 'Mammals|Larger'], byId(usa, 'mammals'), 'Mammals|Small')).toEqual([
      'Birds|IOC',
      'Mammals|Small',
    ]);
  });

  it('saves in group order and drops names no group offers', () => {
    expect(speciesToSave(['Amphibians', 'Unknown|X', 'Birds|IOC'], usa)).toEqual(['Birds|IOC', 'Amphibians']);
  });

  it('writes entries as members read them', () => {
    expect(classificationLabel('Birds|IOC')).toBe('Birds (IOC)');
    expect(classificationLabel('Reptiles')).toBe('Reptiles');
  });
});
