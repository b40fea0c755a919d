/**
 * Customize Your Experience (SPEC §2, §4 "Config Proceed", §5): region picker with search and OK,
 * the animal groups, the Additional Language picker with search, and Proceed. `section` shows all
 * three, the region only ('location') or the groups and language ('species'). The back arrow shows
 * only when `showBack` allows it; without it the dialog is left by Proceed.
 *
 * As the config notice (`notice`: opened by itself after a sign-in while settings.show_config_notice
 * is on, src/app/shell/useConfigNotice.ts) it says why it is there and can be put off ("Not now",
 * Escape); Proceed or putting it off turns the notice off (SPEC §3), so it opens once.
 *
 * The form is a draft: nothing is saved until Proceed passes the rules of SPEC §5 (in order: a
 * location, then an active animal group), whose messages show as warnings. Without a location yet
 * (the start-up lookup still running, or skipped on the welcome page), the dialog looks one up
 * itself and takes the start-up result if that arrives first.
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import type { ClassificationGroup, Location } from '@contract/reference';
import { selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { ConfigSection } from './modals';
import type { ConfigLocation } from '../../db/kv';
import { AppDialog } from '../../ui/AppDialog';
import type { PickerItem } from '../../ui/SelectPickerModel';
import { SelectPickerField, useSelectPicker } from '../../ui/SelectPickerField';
import { AnimalGroupList } from './AnimalGroupList';
import { configApi, useGetClassificationsQuery, useGetLanguagesQuery } from './configApi';
import { canonicalSpecies, chooseCategory, speciesToSave, toggleGroup, validateConfig } from './configDraft';
import { dismissConfigNotice, proceedConfig } from './configThunks';
import { toConfigLocation } from './locate';
import { lookUpDialogLocation } from './lookups';

export interface ConfigDialogProps {
  modalId: string;
  section: ConfigSection;
  showBack?: boolean;
  /** Opened by itself after a sign-in: explains itself, can be put off, and turns the notice off. */
  notice?: boolean;
}

const NO_GROUPS: readonly ClassificationGroup[] = [];

function locationItem(location: Location): PickerItem {
  const parents = (location.parent_location ?? []).map((parent) => parent.name).join(', ');
  return { id: location.id, label: location.name, ...(parents ? { secondary: parents } : {}) };
}

function configLocationItem(location: ConfigLocation): PickerItem {
  const parents = (location.parent_location ?? []).map((parent) => parent.name).join(', ');
  return { id: location.location_id, label: location.name, ...(parents ? { secondary: parents } : {}) };
}

export function ConfigDialog({ modalId, section, showBack = false, notice = false }: ConfigDialogProps) {
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const showsLocation = section !== 'species';
  const showsSpecies = section !== 'location';

  const [location, setLocation] = useState<ConfigLocation | null>(config.location);
  const [species, setSpecies] = useState(() => canonicalSpecies(config.species));
  const [language, setLanguage] = useState(config.language.language);
  const [isLocating, setIsLocating] = useState(config.location === null);

  // The start-up lookup may store a location while the dialog is open: take it if none is chosen.
  const [seenConfigLocation, setSeenConfigLocation] = useState(config.location);
  if (config.location !== seenConfigLocation) {
    setSeenConfigLocation(config.location);
    if (location === null && config.location !== null) setLocation(config.location);
  }

  const needsLookup = location === null;
  useEffect(() => {
    if (!needsLookup) return;
    const controller = new AbortController();
    dispatch(lookUpDialogLocation(controller.signal))
      .then((found) => {
        if (controller.signal.aborted) return;
        if (found) setLocation((current) => current ?? found);
        setIsLocating(false);
      })
      .catch((error: unknown) => {
        console.warn('The config dialog could not find the location', error);
        setIsLocating(false);
      });
    return () => {
      controller.abort();
    };
  }, [needsLookup, dispatch]);

  const classifications = useGetClassificationsQuery(location?.location_id ?? null, { skip: !showsSpecies });
  const groups = classifications.data?.classifications ?? NO_GROUPS;
  const languages = useGetLanguagesQuery(undefined, { skip: !showsSpecies });

  const close = () => dispatch(uiActions.modalClosed(modalId));
  const putOff = () => {
    void dispatch(dismissConfigNotice(location));
    close();
  };
  const warn = (message: string) => dispatch(uiActions.toastShown({ severity: 'warning', message }));

  // Regions found by the picker's searches, so a chosen one is stored with its parents.
  const foundLocations = useRef(new Map<string, ConfigLocation>());
  const searchLocations = useCallback(
    async (term: string, signal: AbortSignal): Promise<PickerItem[]> => {
      const request = dispatch(configApi.endpoints.searchLocations.initiate({ term }, { subscribe: false }));
      signal.addEventListener(
        'abort',
        () => {
          request.abort();
        },
        { once: true },
      );
      const answer = await request.unwrap().catch((failure: unknown) => {
        throw new Error((failure as { reason?: string }).reason ?? messages.serverError);
      });
      for (const found of answer.locations) foundLocations.current.set(found.id, toConfigLocation(found));
      return answer.locations.map(locationItem);
    },
    [dispatch],
  );

  const regionPicker = useSelectPicker();
  const languagePicker = useSelectPicker();

  async function pickRegion() {
    const result = await regionPicker.open({
      title: messages.configRegionPicker,
      mode: 'single',
      confirm: true,
      selected: location ? [configLocationItem(location)] : [],
      search: searchLocations,
    });
    if (result.kind !== 'confirmed') return;
    const item = result.items[0];
    if (!item || item.id === location?.location_id) return;
    setLocation(
      foundLocations.current.get(item.id) ?? { location_id: item.id, name: item.label, parent_location: [] },
    );
  }

  async function pickLanguage() {
    const items: PickerItem[] = (languages.data?.languages ?? []).map((entry) => ({
      id: entry.name,
      label: entry.name,
      ...(entry.native_name !== entry.name ? { secondary: entry.native_name } : {}),
    }));
    const result = await languagePicker.open({
      title: messages.configLanguage,
      mode: 'single',
      selected: items.filter((item) => item.id === language),
      items,
    });
    const item = result.kind === 'confirmed' ? result.items[0] : undefined;
    if (item) setLanguage(item.id);
  }

  function onToggle(group: ClassificationGroup) {
    const outcome = toggleGroup(species, group);
    if (outcome.kind === 'inactive') warn(outcome.message);
    else setSpecies(outcome.species);
  }

  function proceed(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Without the groups (offline), the member's choice is kept as it is rather than refused.
    const saved = classifications.isError ? species : speciesToSave(species, groups);
    const problem = validateConfig({ location, checksGroups: showsSpecies, species: saved });
    if (problem || !location) {
      warn(problem ?? messages.configLocationRequired);
      return;
    }
    void dispatch(
      proceedConfig({
        ...config,
        location,
        species: showsSpecies ? saved : config.species,
        language: showsSpecies ? { language } : config.language,
        settings: notice ? { ...config.settings, show_config_notice: false } : config.settings,
      }),
    );
    // SPEC: on the web the dialog closes with true; `config/proceeded` carries the outcome.
    close();
  }

  const waitsForGroups = showsSpecies && classifications.isFetching;
  return (
    <AppDialog
      title={messages.configTitle}
      maxWidth="sm"
      {...(showBack ? { back: { label: messages.back, onClick: close }, onClose: close } : {})}
      {...(notice ? { onClose: putOff } : {})}
      onSubmit={proceed}
      actions={
        <>
          {notice && <Button onClick={putOff}>{messages.configNoticeLater}</Button>}
          <Button type="submit" variant="contained" loading={waitsForGroups}>
            {messages.configProceed}
          </Button>
        </>
      }
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        {notice && <Typography color="text.secondary">{messages.configNoticeIntro}</Typography>}
        {showsLocation && (
          <SelectPickerField
            label={messages.configRegion}
            value={location?.name ?? ''}
            placeholder={location === null && isLocating ? messages.configLocating : messages.configNoRegion}
            onOpen={pickRegion}
          />
        )}
        {showsSpecies && (
          <>
            {classifications.isError ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void classifications.refetch()}>
                    {messages.tryAgain}
                  </Button>
                }
              >
                {(classifications.error as { reason?: string } | undefined)?.reason ?? messages.serverError}
              </Alert>
            ) : groups.length === 0 ? (
              <CircularProgress size={24} aria-label={messages.loading} />
            ) : (
              <AnimalGroupList
                groups={groups}
                species={species}
                onToggle={onToggle}
                onCategory={(group, classification) => {
                  setSpecies((current) => chooseCategory(current, group, classification));
                }}
              />
            )}
            <SelectPickerField
              label={messages.configLanguage}
              value={language}
              placeholder={messages.loading}
              disabled={!languages.data}
              onOpen={pickLanguage}
            />
          </>
        )}
      </Stack>
      {regionPicker.element}
      {languagePicker.element}
    </AppDialog>
  );
}
