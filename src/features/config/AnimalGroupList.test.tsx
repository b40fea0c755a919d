// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { speciesTexts } from '../species/embeds';
import { AnimalGroupList } from './AnimalGroupList';
import { groupsAt } from './testGroups';

const NOTE = 'Derived from IOC range descriptions — may include vagrants or miss local specialities';

function renderAt(place: Parameters<typeof groupsAt>[0]) {
  return render(
    <AnimalGroupList
      groups={groupsAt(place)}
      species={['Birds|IOC']}
      onToggle={() => {}}
      onCategory={() => {}}
    />,
  );
}

afterEach(cleanup);

describe('AnimalGroupList: a derived bird list (issue 21)', () => {
  it('says under Birds that the list is derived, and the checkbox is described by it', () => {
    expect(speciesTexts.speciesDerivedList).toBe(NOTE);
    renderAt('derivedBirds');
    const note = screen.getByText(NOTE);
    const birds = screen.getByRole('checkbox', { name: /Birds/ });
    expect(birds.getAttribute('aria-describedby')?.split(' ')).toContain(note.id);
    // Only the bird list is derived.
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
  });

  it('shows no note for a checklist, nor for a group not offered there', () => {
    const checklist = renderAt('local');
    expect(screen.queryByText(NOTE)).toBeNull();
    checklist.unmount();
    renderAt('noBirds');
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
