/**
 * The searchable select picker (SPEC §2, §4 "Select picker", §9): a modal list with a search field
 * (debounced 250 ms), Clear, Add, OK and Cancel, 'No items found' when nothing matches, in single or
 * multiple mode. Items come from a fixed list (filtered here) or from a search the owner runs (a
 * server lookup). Multiple, or single with `confirm`, stages the selection until OK; single
 * without confirm applies a tap at once and closes. Presentational: what the answer means is the
 * owner's business (see SelectPickerField for the open/close gate).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { messages } from '@contract/messages';
import {
  PICKER_SEARCH_DEBOUNCE_MS,
  filterItems,
  pickItem,
  type PickerItem,
  type PickerMode,
} from './SelectPickerModel';

export type PickerResult =
  | { kind: 'confirmed'; items: PickerItem[] }
  | { kind: 'cleared' }
  | { kind: 'cancelled' }
  /** Add was pressed with the current search text; the owner creates the item. */
  | { kind: 'add'; term: string };

export interface PickerLabels {
  search: string;
  clear: string;
  add: string;
  ok: string;
  cancel: string;
  empty: string;
  loading: string;
}

/** SPEC §9 "Picker default texts: Search, Clear, Add, OK, Cancel" and §2 'No items found'. */
export const defaultPickerLabels: PickerLabels = {
  search: messages.pickerSearch,
  clear: messages.pickerClear,
  add: messages.pickerAdd,
  ok: messages.pickerOk,
  cancel: messages.cancel,
  empty: messages.pickerEmpty,
  loading: messages.loading,
};

/** Runs a server search for a term; must be stable (useCallback) or every render searches again. */
export type PickerSearch = (term: string, signal: AbortSignal) => Promise<PickerItem[]>;

export interface SelectPickerProps {
  title: string;
  mode: PickerMode;
  /** What is chosen when the picker opens. */
  selected: readonly PickerItem[];
  /** A fixed list, filtered by the search text… */
  items?: readonly PickerItem[];
  /** …or a search the owner runs for each (debounced) search text. */
  search?: PickerSearch;
  /** Single mode: stage the choice and apply it on OK (multiple mode always does). */
  confirm?: boolean;
  canClear?: boolean;
  canAdd?: boolean;
  labels?: Partial<PickerLabels>;
  onClose: (result: PickerResult) => void;
}

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return settled;
}

interface SearchState {
  term: string;
  items: PickerItem[];
  error: string | null;
}

export function SelectPicker({
  title,
  mode,
  selected,
  items,
  search,
  confirm = false,
  canClear = false,
  canAdd = false,
  labels: labelOverrides,
  onClose,
}: SelectPickerProps) {
  const labels = { ...defaultPickerLabels, ...labelOverrides };
  const titleId = useId();
  const staging = mode === 'multiple' || confirm;
  const [term, setTerm] = useState('');
  const debouncedTerm = useDebouncedValue(term, PICKER_SEARCH_DEBOUNCE_MS);
  const [staged, setStaged] = useState<string[]>(() => selected.map((item) => item.id));
  // Items seen so far by id: a staged item stays known when a later search no longer lists it.
  const [known, setKnown] = useState<ReadonlyMap<string, PickerItem>>(
    () => new Map(selected.map((item) => [item.id, item])),
  );
  const [searched, setSearched] = useState<SearchState | null>(null);

  useEffect(() => {
    if (!search) return;
    const controller = new AbortController();
    search(debouncedTerm, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setSearched({ term: debouncedTerm, items: found, error: null });
        setKnown((current) => new Map([...current, ...found.map((item) => [item.id, item] as const)]));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const text = error instanceof Error && error.message !== '' ? error.message : messages.serverError;
        setSearched({ term: debouncedTerm, items: [], error: text });
      },
    );
    return () => {
      controller.abort();
    };
  }, [search, debouncedTerm]);

  const shown = useMemo(
    () => (search ? (searched?.items ?? []) : filterItems(items ?? [], debouncedTerm)),
    [search, searched, items, debouncedTerm],
  );
  const isLoading = search !== undefined && (searched === null || searched.term !== debouncedTerm);
  const itemFor = (id: string) => known.get(id) ?? shown.find((item) => item.id === id);

  function confirmWith(ids: readonly string[]) {
    const chosen = ids.map(itemFor).filter((item): item is PickerItem => item !== undefined);
    onClose({ kind: 'confirmed', items: chosen });
  }

  function tap(item: PickerItem) {
    setKnown((current) => new Map(current).set(item.id, item));
    const outcome = pickItem(staged, item.id, { mode, confirm });
    if (outcome.kind === 'stage') setStaged(outcome.selection);
    else if (outcome.kind === 'apply') onClose({ kind: 'confirmed', items: [item] });
    else onClose({ kind: 'cancelled' });
  }

  let list;
  if (mode === 'multiple') {
    list = (
      <Box role="group" aria-label={title} sx={{ display: 'flex', flexDirection: 'column' }}>
        {shown.map((item) => (
          <FormControlLabel
            key={item.id}
            control={
              <Checkbox
                checked={staged.includes(item.id)}
                onChange={() => {
                  tap(item);
                }}
              />
            }
            label={<ItemText item={item} />}
          />
        ))}
      </Box>
    );
  } else if (staging) {
    list = (
      <RadioGroup aria-label={title} value={staged[0] ?? ''}>
        {shown.map((item) => (
          <FormControlLabel
            key={item.id}
            value={item.id}
            control={
              <Radio
                onChange={() => {
                  tap(item);
                }}
              />
            }
            label={<ItemText item={item} />}
          />
        ))}
      </RadioGroup>
    );
  } else {
    list = (
      <List aria-label={title} dense>
        {shown.map((item) => {
          const isChosen = staged.includes(item.id);
          return (
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                onClick={() => {
                  tap(item);
                }}
                aria-current={isChosen ? 'true' : undefined}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {isChosen ? <CheckIcon fontSize="small" aria-hidden /> : null}
                </ListItemIcon>
                <ListItemText primary={item.label} secondary={item.secondary} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <Dialog
      open
      onClose={() => {
        onClose({ kind: 'cancelled' });
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { sx: { height: { sm: '80vh' } } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <TextField
          label={labels.search}
          type="search"
          size="small"
          fullWidth
          autoFocus
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
          }}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
      </Box>
      <DialogContent dividers sx={{ pt: 0, pb: 0 }}>
        {isLoading && shown.length === 0 ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography variant="body2">{labels.loading}</Typography>
          </Box>
        ) : shown.length === 0 ? (
          <Typography role="status" variant="body2" sx={{ py: 2 }}>
            {searched?.error ?? labels.empty}
          </Typography>
        ) : (
          list
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3 }}>
        {canClear && (
          <Button
            onClick={() => {
              onClose({ kind: 'cleared' });
            }}
          >
            {labels.clear}
          </Button>
        )}
        {canAdd && (
          <Button
            onClick={() => {
              onClose({ kind: 'add', term: term.trim() });
            }}
          >
            {labels.add}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          onClick={() => {
            onClose({ kind: 'cancelled' });
          }}
        >
          {labels.cancel}
        </Button>
        {staging && (
          <Button
            variant="contained"
            onClick={() => {
              confirmWith(staged);
            }}
          >
            {labels.ok}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ItemText({ item }: { item: PickerItem }) {
  return (
    <>
      {item.label}
      {item.secondary && (
        <Typography component="span" variant="body2" color="text.secondary">
          {/* A real space, so the accessible name reads "Auckland New Zealand". */}
          {` ${item.secondary}`}
        </Typography>
      )}
    </>
  );
}
