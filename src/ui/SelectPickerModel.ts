/**
 * The searchable select picker's rules as pure functions (SPEC §4 "Select picker", §8, §9): what a
 * tap on an item does in each mode, how a search term filters a fixed list, and the gate that
 * refuses to open a disabled or already-open picker.
 */

/** One choice of the picker: `id` is what the owner stores, `label` what the member reads. */
export interface PickerItem {
  id: string;
  label: string;
  /** A second line, e.g. the country of a region or a language's own name. */
  secondary?: string;
}

export type PickerMode = 'single' | 'multiple';

/** SPEC §9 "Search debounce 250 ms". */
export const PICKER_SEARCH_DEBOUNCE_MS = 250;

/**
 * What a tap on an item does:
 * - `stage`: the staged selection changes and waits for OK (multiple, or single with a confirm
 *   button);
 * - `apply`: single without confirm, an item not yet chosen: it becomes the value and the picker
 *   closes;
 * - `close`: single without confirm, the item already chosen: the picker just closes.
 */
export type PickOutcome =
  { kind: 'stage'; selection: string[] } | { kind: 'apply'; selection: string[] } | { kind: 'close' };

export function pickItem(
  selection: readonly string[],
  id: string,
  options: { mode: PickerMode; confirm: boolean },
): PickOutcome {
  if (options.mode === 'multiple') {
    return {
      kind: 'stage',
      selection: selection.includes(id) ? selection.filter((value) => value !== id) : [...selection, id],
    };
  }
  if (options.confirm) return { kind: 'stage', selection: [id] };
  return selection.includes(id) ? { kind: 'close' } : { kind: 'apply', selection: [id] };
}

/** Lowercase, accents removed, so "sao" finds "São" and "ÉCOSSE" finds "Écosse". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Items whose label or second line contains the term; every item for an empty term. */
export function filterItems(items: readonly PickerItem[], term: string): PickerItem[] {
  const folded = foldForSearch(term);
  if (folded === '') return [...items];
  return items.filter(
    (item) =>
      foldForSearch(item.label).includes(folded) ||
      (item.secondary !== undefined && foldForSearch(item.secondary).includes(folded)),
  );
}

/** Why a picker refused to open (SPEC §8 "Opening a disabled or already-open picker rejects"). */
export class PickerRefusedError extends Error {
  override readonly name = 'PickerRefusedError';
  constructor(readonly reason: 'disabled' | 'alreadyOpen') {
    super(reason === 'disabled' ? 'The picker is disabled' : 'The picker is already open');
  }
}

/**
 * Opens at most one picker session at a time. `open` resolves when the session ends (with what
 * the picker answered) and rejects at once when the picker is disabled or already open.
 */
export class PickerGate<Result> {
  private pending: ((result: Result) => void) | null = null;

  get isOpen(): boolean {
    return this.pending !== null;
  }

  open(isDisabled: boolean): Promise<Result> {
    if (isDisabled) return Promise.reject(new PickerRefusedError('disabled'));
    if (this.pending) return Promise.reject(new PickerRefusedError('alreadyOpen'));
    return new Promise<Result>((resolve) => {
      this.pending = resolve;
    });
  }

  /** Ends the session with its result; does nothing when no session is open. */
  close(result: Result): void {
    const resolve = this.pending;
    this.pending = null;
    resolve?.(result);
  }
}
