/**
 * Pieces the admin details pages share: the delete confirmation, a section of linked records
 * (species, places, guides) with a remove button each and the searchable select picker to add one,
 * and the region field (a picker searching GET locations).
 */
import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { AppDialog } from '../../ui/AppDialog';
import { SelectPickerField, useSelectPicker } from '../../ui/SelectPickerField';
import type { PickerSearch } from '../../ui/SelectPicker';
import type { PickerItem } from '../../ui/SelectPickerModel';
import { adminPlacesApi } from './adminPlacesApi';
import { reasonOf } from './AdminListPage';

export function DeleteDialog(props: {
  name: string;
  body: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      title={formatMessage(texts.deleteTitle, { name: props.name })}
      closeLabel={messages.close}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{messages.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void props.onConfirm().finally(() => {
                setBusy(false);
              });
            }}
          >
            {texts.delete}
          </Button>
        </>
      }
    >
      <Typography>{props.body}</Typography>
    </AppDialog>
  );
}

export interface LinkSectionProps {
  title: string;
  empty: string;
  items: PickerItem[] | undefined;
  addLabel: string;
  pickerTitle: string;
  search: PickerSearch;
  /** Links (true) or unlinks (false) one; resolves to the failure reason, or null. */
  onLink: (id: string, linked: boolean) => Promise<string | null>;
}

/** A curated list: each linked record with a remove button, and "add" through the picker. */
export function LinkSection({
  title,
  empty,
  items,
  addLabel,
  pickerTitle,
  search,
  onLink,
}: LinkSectionProps) {
  const picker = useSelectPicker();
  const [problem, setProblem] = useState<string | null>(null);

  async function add() {
    const result = await picker.open({
      title: pickerTitle,
      mode: 'single',
      confirm: true,
      selected: [],
      search,
    });
    const item = result.kind === 'confirmed' ? result.items[0] : undefined;
    if (item) setProblem(await onLink(item.id, true));
  }

  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {items === undefined ? (
        <Typography>{messages.loading}</Typography>
      ) : items.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <List dense aria-label={title}>
          {items.map((item) => (
            <ListItem
              key={item.id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={formatMessage(texts.remove, { name: item.label })}
                  onClick={() => void onLink(item.id, false).then(setProblem)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={item.label} secondary={item.secondary} />
            </ListItem>
          ))}
        </List>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button startIcon={<AddIcon />} onClick={() => void add().catch(() => undefined)}>
        {addLabel}
      </Button>
      {picker.element}
    </Paper>
  );
}

/** The server searches the pickers run: species, places, guides and locations by name. */
export function usePickerSearches() {
  const dispatch = useAppDispatch();
  const run = useCallback(
    async <T,>(request: { unwrap(): Promise<T>; abort(): void }, signal: AbortSignal): Promise<T> => {
      signal.addEventListener(
        'abort',
        () => {
          request.abort();
        },
        { once: true },
      );
      return request.unwrap().catch((failure: unknown) => {
        throw new Error(reasonOf(failure));
      });
    },
    [],
  );
  const species: PickerSearch = useCallback(
    async (term, signal) => {
      if (term.trim() === '') return [];
      const answer = await run(
        dispatch(adminPlacesApi.endpoints.searchSpecies.initiate(term, { subscribe: false })),
        signal,
      );
      return answer.species.map((found) => ({
        id: found._id,
        label: found.name,
        ...(found.scientific_name !== found.name ? { secondary: found.scientific_name } : {}),
      }));
    },
    [dispatch, run],
  );
  const places: PickerSearch = useCallback(
    async (term, signal) => {
      const answer = await run(
        dispatch(
          adminPlacesApi.endpoints.listHotspots.initiate({ search: term, skip: 0 }, { subscribe: false }),
        ),
        signal,
      );
      return answer.hotspots.map((found) => ({
        id: found.hotspot_id,
        label: found.name,
        ...(found.location_name ? { secondary: found.location_name } : {}),
      }));
    },
    [dispatch, run],
  );
  const guides: PickerSearch = useCallback(
    async (term, signal) => {
      const answer = await run(
        dispatch(
          adminPlacesApi.endpoints.listGuides.initiate({ search: term, skip: 0 }, { subscribe: false }),
        ),
        signal,
      );
      return answer.field_guides.map((found) => ({ id: found.field_guide_id, label: found.name }));
    },
    [dispatch, run],
  );
  const locations = useCallback(
    (types: string): PickerSearch =>
      async (term, signal) => {
        const answer = await run(
          dispatch(
            adminPlacesApi.endpoints.searchLocations.initiate({ search: term, types }, { subscribe: false }),
          ),
          signal,
        );
        return answer.locations.map((found) => ({
          id: found.id,
          label: found.name,
          ...(found.parent_location?.[0] ? { secondary: found.parent_location[0].name } : {}),
        }));
      },
    [dispatch, run],
  );
  return { species, places, guides, locations };
}

/** A location chosen through the picker, or none (when `allowNone`). */
export function LocationField(props: {
  label: string;
  pickerTitle: string;
  value: { id: string | null; name: string };
  search: PickerSearch;
  onChange: (value: { id: string | null; name: string }) => void;
  error?: string | undefined;
}) {
  const picker = useSelectPicker();
  async function open() {
    const result = await picker.open({
      title: props.pickerTitle,
      mode: 'single',
      confirm: true,
      canClear: true,
      selected: props.value.id ? [{ id: props.value.id, label: props.value.name }] : [],
      search: props.search,
    });
    if (result.kind === 'cleared') props.onChange({ id: null, name: '' });
    const item = result.kind === 'confirmed' ? result.items[0] : undefined;
    if (item) props.onChange({ id: item.id, name: item.label });
  }
  return (
    <Stack spacing={0.5}>
      <SelectPickerField
        label={props.label}
        value={props.value.id ? `${props.value.name} (${props.value.id})` : ''}
        placeholder={texts.fieldRegionNone}
        onOpen={open}
        {...(props.error ? { helperText: props.error } : {})}
      />
      {picker.element}
    </Stack>
  );
}
