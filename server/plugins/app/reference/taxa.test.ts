import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_DEFINITIONS, isDefaultClassification } from '../../../db/reference/classifications';
import type { ClassificationRow, CoverageRow } from './reference-repository';
import { classificationGroups, taxaChildren, taxaRoots } from './taxa';

const rows: ClassificationRow[] = CLASSIFICATION_DEFINITIONS.map((d, index) => ({
  id: d.id,
  name: d.name,
  group_id: d.groupId,
  group_name: d.groupName,
  category: d.category,
  sort: (index + 1) * 10,
  is_default: isDefaultClassification(d),
  scope: d.scope,
  source: d.worldSource,
}));

describe('classificationGroups', () => {
  it('groups the SPEC options into four animal groups with category choices', () => {
    const groups = classificationGroups(rows, null);
    expect(groups.map((g) => g.id)).toEqual(['birds', 'mammals', 'reptiles', 'amphibians']);
    expect(groups[0]?.categories.map((c) => c.classification)).toEqual(['Birds|IOC', 'Birds|Clements']);
    expect(groups[1]?.categories.map((c) => c.name)).toEqual(['All', 'Larger', 'Small']);
    expect(groups[2]).toMatchObject({ classification: 'Reptiles', categories: [], coverage: 'world' });
    expect(groups.every((g) => g.active)).toBe(true);
  });

  it('marks the SPEC defaults (Birds|IOC, Mammals|Large = Mammals|Larger)', () => {
    const groups = classificationGroups(rows, null);
    const defaults = groups.flatMap((g) =>
      g.categories.filter((c) => c.default).map((c) => c.classification),
    );
    expect(defaults).toEqual(['Birds|IOC', 'Mammals|Larger']);
    expect(groups.map((g) => g.default)).toEqual([true, true, false, false]);
  });

  it('answers active and coverage for a location; missing rows are inactive', () => {
    const coverage = new Map<string, CoverageRow>([
      ['mammals-all', { active: true, coverage: 'local', source: 'MDD', derived: false }],
      ['reptiles', { active: true, coverage: 'world', source: 'RDB', derived: false }],
    ]);
    const groups = classificationGroups(rows, coverage);
    expect(groups[0]).toMatchObject({ id: 'birds', active: false, coverage: 'none' });
    expect(groups[1]).toMatchObject({ id: 'mammals', active: true, coverage: 'local' });
    expect(groups[1]?.categories.map((c) => c.active)).toEqual([true, false, false]);
    expect(groups[2]).toMatchObject({ id: 'reptiles', active: true, coverage: 'world', source: 'RDB' });
    expect(groups[3]).toMatchObject({ id: 'amphibians', active: false, source: null });
    expect(groups.map((g) => g.derived)).toEqual([false, false, false, false]);
  });

  it('marks a derived local list, on its categories and its group', () => {
    const derived = { active: true, coverage: 'local', source: 'IOC ranges', derived: true } as const;
    const groups = classificationGroups(
      rows,
      new Map<string, CoverageRow>([
        ['birds-ioc', derived],
        ['birds-clements', derived],
        ['mammals-all', { active: true, coverage: 'local', source: 'MDD', derived: false }],
        // An admin turned a derived list off: not local, so not derived.
        ['amphibians', { active: false, coverage: 'none', source: 'admin', derived: true }],
      ]),
    );
    expect(groups[0]).toMatchObject({ id: 'birds', coverage: 'local', derived: true });
    expect(groups[0]?.categories.map((c) => c.derived)).toEqual([true, true]);
    expect(groups[1]).toMatchObject({ id: 'mammals', derived: false });
    expect(groups[3]).toMatchObject({ id: 'amphibians', active: false, derived: false });
  });
});

describe('taxa tree', () => {
  it('has the groups at the root and their categories below', () => {
    expect(taxaRoots(rows).map((t) => [t.id, t.has_children, t.classification])).toEqual([
      ['birds', true, null],
      ['mammals', true, null],
      ['reptiles', false, 'Reptiles'],
      ['amphibians', false, 'Amphibians'],
    ]);
    expect(taxaChildren(rows, 'birds')?.map((t) => t.classification)).toEqual([
      'Birds|IOC',
      'Birds|Clements',
    ]);
    expect(taxaChildren(rows, 'reptiles')).toEqual([]);
    expect(taxaChildren(rows, 'birds-ioc')).toEqual([]);
    expect(taxaChildren(rows, 'fish')).toBeUndefined();
  });
});
