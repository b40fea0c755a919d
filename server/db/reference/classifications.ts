/**
 * The animal-group classifications the product offers (SPEC §3) and where each one's species list
 * comes from. `scope` is the coverage rule:
 * - 'checklist': the list is offered (active) only in countries that have a real species list for
 *   it in the shared checklists (coverage.csv); elsewhere the group is inactive and the config
 *   dialog says the list "will be released soon" (SPEC §5);
 * - 'world': there is no open distribution data (reptiles: the Reptile Database's open checklist
 *   has none), so the whole world list is offered everywhere rather than hiding the group.
 */
import { DEFAULT_CLASSIFICATIONS, type Classification } from '@contract/reference';

export interface ClassificationDefinition {
  id: string;
  name: Classification;
  groupId: string;
  groupName: string;
  category: string | null;
  scope: 'checklist' | 'world';
  /** The world list behind it (credited in docs/data-sources.md). */
  worldSource: string;
}

export const CLASSIFICATION_DEFINITIONS: readonly ClassificationDefinition[] = [
  {
    id: 'birds-ioc',
    name: 'Birds|IOC',
    groupId: 'birds',
    groupName: 'Birds',
    category: 'IOC',
    scope: 'checklist',
    worldSource: 'IOC World Bird List v10.2',
  },
  {
    id: 'birds-clements',
    name: 'Birds|Clements',
    groupId: 'birds',
    groupName: 'Birds',
    category: 'Clements',
    scope: 'checklist',
    worldSource: 'AviList v2025 (Clements v2024 names)',
  },
  {
    id: 'mammals-all',
    name: 'Mammals|All',
    groupId: 'mammals',
    groupName: 'Mammals',
    category: 'All',
    scope: 'checklist',
    worldSource: 'Mammal Diversity Database v1.13',
  },
  {
    id: 'mammals-larger',
    name: 'Mammals|Larger',
    groupId: 'mammals',
    groupName: 'Mammals',
    category: 'Larger',
    scope: 'checklist',
    worldSource: 'Mammal Diversity Database v1.13 + EltonTraits body mass',
  },
  {
    id: 'mammals-small',
    name: 'Mammals|Small',
    groupId: 'mammals',
    groupName: 'Mammals',
    category: 'Small',
    scope: 'checklist',
    worldSource: 'Mammal Diversity Database v1.13 + EltonTraits body mass',
  },
  {
    id: 'reptiles',
    name: 'Reptiles',
    groupId: 'reptiles',
    groupName: 'Reptiles',
    category: null,
    scope: 'world',
    worldSource: 'The Reptile Database (world checklist, Sep 2025)',
  },
  {
    id: 'amphibians',
    name: 'Amphibians',
    groupId: 'amphibians',
    groupName: 'Amphibians',
    category: null,
    scope: 'checklist',
    worldSource: 'AmphibiaWeb (2025-10-01)',
  },
];

/** The per-country checklists behind 'local' coverage, by the short key coverage.csv uses. */
export const CHECKLIST_SOURCES = {
  mdd: 'Mammal Diversity Database v1.13 (country distribution)',
  amphibiaweb: 'AmphibiaWeb (country distribution, 2025-10-01)',
  bbs: 'North American Breeding Bird Survey species list (USGS, 2014)',
  'nz-birds': 'New Zealand Birds Online checklist',
  /** A derived country bird list (server/db/species/derivedLists.ts), shipped only where the gate passes. */
  'ioc-ranges': 'Derived from IOC World Bird List v10.2 range descriptions',
} as const;
export type ChecklistSource = keyof typeof CHECKLIST_SOURCES;

/** Sources whose lists are derived rather than checklists: coverage marks them `derived`. */
export const DERIVED_CHECKLIST_SOURCES: ReadonlySet<ChecklistSource> = new Set(['ioc-ranges']);

export function isChecklistSource(key: string): key is ChecklistSource {
  return Object.hasOwn(CHECKLIST_SOURCES, key);
}

export function isDefaultClassification(definition: ClassificationDefinition): boolean {
  return DEFAULT_CLASSIFICATIONS.includes(definition.name);
}
