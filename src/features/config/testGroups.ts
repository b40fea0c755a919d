/**
 * Animal groups as GET taxa/classifications answers them (docs/api.md), for the config tests:
 * `groupsAt('local')` is a country with every list (the United States), `groupsAt('noBirds')` one
 * without a bird list (South Africa: birds inactive, "released soon"), `groupsAt('derivedBirds')` one
 * whose bird list is derived from IOC range descriptions (issue 21: `derived`).
 */
import type { ClassificationCategory, ClassificationGroup, Coverage } from '@contract/reference';

function category(id: string, name: string, classification: string, coverage: Coverage, isDefault = false) {
  const entry: ClassificationCategory = {
    id,
    name,
    classification,
    active: coverage !== 'none',
    coverage,
    source: coverage === 'none' ? null : 'test',
    derived: false,
    default: isDefault,
  };
  return entry;
}

function group(
  id: string,
  name: string,
  categories: ClassificationCategory[],
  own: { classification: string; coverage: Coverage } | null,
  isDefault = false,
): ClassificationGroup {
  const coverages = own ? [own.coverage] : categories.map((entry) => entry.coverage);
  const coverage: Coverage = coverages.includes('local')
    ? 'local'
    : coverages.includes('world')
      ? 'world'
      : 'none';
  return {
    id,
    name,
    active: coverage !== 'none',
    coverage,
    classification: own?.classification ?? null,
    source: own && own.coverage !== 'none' ? 'test' : null,
    derived: false,
    default: isDefault,
    categories,
  };
}

export function groupsAt(place: 'local' | 'noBirds' | 'derivedBirds'): ClassificationGroup[] {
  const birds: Coverage = place === 'noBirds' ? 'none' : 'local';
  const derived = place === 'derivedBirds';
  const birdsGroup = group(
    'birds',
    'Birds',
    [
      { ...category('birds-ioc', 'IOC', 'Birds|IOC', birds, true), derived },
      { ...category('birds-clements', 'Clements', 'Birds|Clements', birds), derived },
    ],
    null,
    true,
  );
  return [
    { ...birdsGroup, derived },
    group(
      'mammals',
      'Mammals',
      [
        category('mammals-all', 'All', 'Mammals|All', 'local'),
        category('mammals-larger', 'Larger', 'Mammals|Larger', 'local', true),
        category('mammals-small', 'Small', 'Mammals|Small', 'local'),
      ],
      null,
      true,
    ),
    group('reptiles', 'Reptiles', [], { classification: 'Reptiles', coverage: 'world' }),
    group('amphibians', 'Amphibians', [], { classification: 'Amphibians', coverage: 'local' }),
  ];
}
