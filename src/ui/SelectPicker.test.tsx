// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@contract/messages';
import type { PickerResult, PickerSearch, SelectPickerProps } from './SelectPicker';
import { SelectPicker } from './SelectPicker';
import { SelectPickerField, useSelectPicker, type PickerOptions } from './SelectPickerField';
import type { PickerItem } from './SelectPickerModel';

const birds: PickerItem[] = [
  { id: 'wren', label: 'Wren' },
  { id: 'robin', label: 'Robin' },
  { id: 'kestrel', label: 'Kestrel' },
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open(props: Partial<SelectPickerProps> = {}) {
  const onClose = vi.fn<(result: PickerResult) => void>();
  render(
    <SelectPicker title="Birds" mode="single" selected={[]} items={birds} onClose={onClose} {...props} />,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Birds' }) };
}

const search = (dialog: HTMLElement, term: string) =>
  fireEvent.change(within(dialog).getByLabelText(messages.pickerSearch), { target: { value: term } });

describe('the select picker', () => {
  it('filters only once typing has paused for 250 ms', () => {
    vi.useFakeTimers();
    const { dialog } = open();
    search(dialog, 'ro');
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(within(dialog).getAllByRole('button', { name: /Wren|Robin|Kestrel/ })).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Wren|Robin|Kestrel/ })
        .map((b) => b.textContent),
    ).toEqual(['Robin']);
  });

  it("says 'No items found' when nothing matches", () => {
    vi.useFakeTimers();
    const { dialog } = open();
    search(dialog, 'albatross');
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(within(dialog).getByRole('status').textContent).toBe('No items found');
  });

  it('single without confirm: a tap applies and closes', () => {
    const { dialog, onClose } = open({ selected: birds.slice(0, 1) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Robin' }));
    expect(onClose).toHaveBeenCalledWith({ kind: 'confirmed', items: [birds[1]] });
  });

  it('single without confirm: tapping the chosen item just closes', () => {
    const { dialog, onClose } = open({ selected: birds.slice(0, 1) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wren' }));
    expect(onClose).toHaveBeenCalledWith({ kind: 'cancelled' });
  });

  it('with confirm: stages the choice and applies it on OK; Cancel applies nothing', () => {
    const { dialog, onClose } = open({ confirm: true, selected: birds.slice(0, 1) });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Kestrel' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pickerOk }));
    expect(onClose).toHaveBeenCalledWith({ kind: 'confirmed', items: [birds[2]] });

    cleanup();
    const second = open({ confirm: true });
    fireEvent.click(within(second.dialog).getByRole('radio', { name: 'Kestrel' }));
    fireEvent.click(within(second.dialog).getByRole('button', { name: messages.cancel }));
    expect(second.onClose).toHaveBeenCalledWith({ kind: 'cancelled' });
  });

  it('multiple: toggles and applies the staged set on OK', () => {
    const { dialog, onClose } = open({ mode: 'multiple', selected: birds.slice(0, 1) });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Robin' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wren' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pickerOk }));
    expect(onClose).toHaveBeenCalledWith({ kind: 'confirmed', items: [birds[1]] });
  });

  it('offers Clear and Add only when asked to, and answers them', () => {
    vi.useFakeTimers();
    const plain = open();
    expect(within(plain.dialog).queryByRole('button', { name: messages.pickerClear })).toBeNull();
    expect(within(plain.dialog).queryByRole('button', { name: messages.pickerAdd })).toBeNull();
    cleanup();
    const { dialog, onClose } = open({ canClear: true, canAdd: true });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pickerClear }));
    expect(onClose).toHaveBeenLastCalledWith({ kind: 'cleared' });
    search(dialog, ' Dunnock ');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pickerAdd }));
    expect(onClose).toHaveBeenLastCalledWith({ kind: 'add', term: 'Dunnock' });
  });

  it('runs a server search once per settled term and keeps a staged item it no longer lists', async () => {
    vi.useFakeTimers();
    const searchFn = vi.fn<PickerSearch>((term) =>
      Promise.resolve(birds.filter((bird) => bird.label.toLowerCase().includes(term))),
    );
    const { dialog, onClose } = open({ search: searchFn, items: undefined, mode: 'multiple' });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(searchFn).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Kestrel' }));
    search(dialog, 'r');
    search(dialog, 'ro');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(searchFn.mock.calls.map(([term]) => term)).toEqual(['', 'ro']);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Robin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.pickerOk }));
    expect(onClose).toHaveBeenCalledWith({ kind: 'confirmed', items: [birds[2], birds[1]] });
  });
});

function Owner({ disabled = false, onRefused }: { disabled?: boolean; onRefused: (error: unknown) => void }) {
  const picker = useSelectPicker();
  const [value, setValue] = useState('');
  const options: PickerOptions = { title: 'Birds', mode: 'single', selected: [], items: birds };
  return (
    <>
      <SelectPickerField
        label="Favourite bird"
        value={value}
        placeholder="None"
        disabled={disabled}
        onOpen={async () => {
          const result = await picker.open(options, disabled);
          if (result.kind === 'confirmed') setValue(result.items[0]?.label ?? '');
        }}
      />
      <button type="button" onClick={() => picker.open(options, disabled).catch(onRefused)}>
        open again
      </button>
      {picker.element}
    </>
  );
}

describe('the picker field', () => {
  it('is named by its label and value, opens the picker and shows the choice', async () => {
    render(<Owner onRefused={vi.fn()} />);
    const field = screen.getByRole('button', { name: 'Favourite bird None' });
    fireEvent.click(field);
    const dialog = await screen.findByRole('dialog', { name: 'Birds' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Robin' }));
    expect(await screen.findByRole('button', { name: 'Favourite bird Robin' })).toBeTruthy();
  });

  it('refuses to open while already open, or when disabled', async () => {
    const onRefused = vi.fn();
    render(<Owner onRefused={onRefused} />);
    fireEvent.click(screen.getByRole('button', { name: 'Favourite bird None' }));
    await screen.findByRole('dialog', { name: 'Birds' });
    fireEvent.click(screen.getByRole('button', { name: 'open again', hidden: true }));
    await act(() => Promise.resolve());
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ reason: 'alreadyOpen' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    cleanup();
    const refused = vi.fn();
    render(<Owner disabled onRefused={refused} />);
    expect(screen.getByRole('button', { name: 'Favourite bird None' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'open again' }));
    await act(() => Promise.resolve());
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ reason: 'disabled' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
