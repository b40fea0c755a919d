import { describe, expect, it } from 'vitest';
import { PickerGate, PickerRefusedError, filterItems, pickItem } from './SelectPickerModel';

describe('a tap on a picker item (SPEC §4 "Select picker")', () => {
  it('single without confirm: an unselected item applies and closes; the selected one just closes', () => {
    expect(pickItem(['a'], 'b', { mode: 'single', confirm: false })).toEqual({
      kind: 'apply',
      selection: ['b'],
    });
    expect(pickItem(['a'], 'a', { mode: 'single', confirm: false })).toEqual({ kind: 'close' });
  });

  it('single with confirm: the choice is staged until OK', () => {
    expect(pickItem(['a'], 'b', { mode: 'single', confirm: true })).toEqual({
      kind: 'stage',
      selection: ['b'],
    });
    expect(pickItem(['a'], 'a', { mode: 'single', confirm: true })).toEqual({
      kind: 'stage',
      selection: ['a'],
    });
  });

  it('multiple: toggles the item in the staged selection', () => {
    expect(pickItem(['a'], 'b', { mode: 'multiple', confirm: false })).toEqual({
      kind: 'stage',
      selection: ['a', 'b'],
    });
    expect(pickItem(['a', 'b'], 'a', { mode: 'multiple', confirm: false })).toEqual({
      kind: 'stage',
      selection: ['b'],
    });
  });
});

describe('searching a fixed list', () => {
  const items = [
    { id: 'en', label: 'English' },
    { id: 'pt', label: 'Portuguese', secondary: 'Português' },
    { id: 'fr', label: 'French', secondary: 'Français' },
  ];

  it('matches label and second line, ignoring case and accents; empty lists everything', () => {
    expect(filterItems(items, 'PORTUGUES').map((item) => item.id)).toEqual(['pt']);
    expect(filterItems(items, 'francais').map((item) => item.id)).toEqual(['fr']);
    expect(filterItems(items, '  ')).toHaveLength(3);
    expect(filterItems(items, 'klingon')).toEqual([]);
  });
});

describe('the open gate (SPEC §8 "Opening a disabled or already-open picker rejects")', () => {
  it('refuses a disabled picker', async () => {
    const gate = new PickerGate<string>();
    await expect(gate.open(true)).rejects.toEqual(new PickerRefusedError('disabled'));
    expect(gate.isOpen).toBe(false);
  });

  it('refuses a second open while one is open, and opens again once it closed', async () => {
    const gate = new PickerGate<string>();
    const first = gate.open(false);
    await expect(gate.open(false)).rejects.toMatchObject({ reason: 'alreadyOpen' });
    gate.close('done');
    await expect(first).resolves.toBe('done');
    const again = gate.open(false);
    gate.close('again');
    await expect(again).resolves.toBe('again');
  });
});
