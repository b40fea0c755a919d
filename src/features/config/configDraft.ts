/**
 * The config dialog's rules as pure functions over the animal groups the server answers for a
 * location (GET taxa/classifications): which groups and categories are chosen, what ticking or
 * choosing changes, what is saved, and the validation of SPEC §5 in its order.
 *
 * The draft keeps the chosen classifications as the config stores them ('Birds|IOC', 'Reptiles').
 * A group counts as chosen only where it is active: a group that has no list at the location is
 * shown unticked and is not saved, but stays in the draft, so going back to a region where it is
 * active ticks it again.
 */
import { formatMessage, messages } from '@contract/messages';
import { canonicalClassification, type ClassificationGroup } from '@contract/reference';
import type { ConfigLocation } from '../../db/kv';

/** Config entries under their current names ('Mammals|Large' → 'Mammals|Larger'), unknown ones kept. */
export function canonicalSpecies(species: readonly string[]): string[] {
  const names = species.map((name) => canonicalClassification(name) ?? name);
  return [...new Set(names)];
}

/** How a config entry reads: 'Birds|IOC' → 'Birds (IOC)', 'Reptiles' → 'Reptiles'. */
export function classificationLabel(name: string): string {
  const [group, category] = name.split('|');
  return category ? `${group} (${category})` : name;
}

/** Every classification a group offers: its categories', or its own when it has none. */
export function classificationsOf(group: ClassificationGroup): string[] {
  const names = group.categories.map((category) => category.classification);
  if (group.classification !== null) names.push(group.classification);
  return names;
}

/** The draft's entry for a group (its chosen classification), if any. */
export function chosenIn(species: readonly string[], group: ClassificationGroup): string | undefined {
  const offered = classificationsOf(group);
  return species.find((name) => offered.includes(name));
}

function isActiveClassification(group: ClassificationGroup, name: string): boolean {
  if (!group.active) return false;
  const category = group.categories.find((entry) => entry.classification === name);
  return category ? category.active : group.classification === name;
}

/** Ticked on screen: chosen in the draft, and the choice is active at the location. */
export function isGroupTicked(species: readonly string[], group: ClassificationGroup): boolean {
  const chosen = chosenIn(species, group);
  return chosen !== undefined && isActiveClassification(group, chosen);
}

/** The classification a group gets when ticked: its active default category, else its first active one. */
export function preferredClassification(group: ClassificationGroup): string | undefined {
  if (group.categories.length === 0) return group.classification ?? undefined;
  const active = group.categories.filter((category) => category.active);
  return (active.find((category) => category.default) ?? active[0])?.classification;
}

export type ToggleOutcome = { kind: 'changed'; species: string[] } | { kind: 'inactive'; message: string };

/**
 * A tap on a group's checkbox: untick, tick with its preferred classification, or refuse an
 * inactive group with the spec's message (SPEC §5).
 */
export function toggleGroup(species: readonly string[], group: ClassificationGroup): ToggleOutcome {
  const without = species.filter((name) => !classificationsOf(group).includes(name));
  if (isGroupTicked(species, group)) return { kind: 'changed', species: without };
  const preferred = group.active ? preferredClassification(group) : undefined;
  if (preferred === undefined) {
    return { kind: 'inactive', message: formatMessage(messages.configGroupInactive, { group: group.name }) };
  }
  return { kind: 'changed', species: [...without, preferred] };
}

/** A category radio choice replaces the group's classification. */
export function chooseCategory(
  species: readonly string[],
  group: ClassificationGroup,
  classification: string,
): string[] {
  const without = species.filter((name) => !classificationsOf(group).includes(name));
  return [...without, classification];
}

/** What Proceed saves: the chosen classifications that are active at the location, in group order. */
export function speciesToSave(species: readonly string[], groups: readonly ClassificationGroup[]): string[] {
  return groups.flatMap((group) => {
    const chosen = chosenIn(species, group);
    return chosen !== undefined && isActiveClassification(group, chosen) ? [chosen] : [];
  });
}

export interface ConfigValidationInput {
  location: ConfigLocation | null;
  /** Whether the animal groups are part of this dialog (section 'all' or 'species'). */
  checksGroups: boolean;
  /** What would be saved (speciesToSave). */
  species: readonly string[];
}

/** SPEC §5, in order: a location with an id, then at least one active animal group. */
export function validateConfig(input: ConfigValidationInput): string | null {
  if (!input.location || input.location.location_id.trim() === '') return messages.configLocationRequired;
  if (input.checksGroups && input.species.length === 0) return messages.configGroupRequired;
  return null;
}
