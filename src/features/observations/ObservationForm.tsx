/**
 * The recording form: species, date and time, position, the two switches, note and photos, then
 * Save (recordObservation / editObservation, one local transaction each) and, for one's own saved
 * sighting, Delete after a confirmation. Problems are listed above the actions and at their fields.
 * After saving it goes to the species page (or back, for an edit or an unspecified sighting).
 */
import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import { OBSERVATION_NOTE_MAX } from '@contract/observations';
import { labels } from '../../app/labels';
import { recordingTexts } from './texts';
import { formatMessage } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { uiActions } from '../../app/uiSlice';
import type { ObservationRow, SpeciesRow } from '../../db/rows';
import { DeleteSightingDialog } from './DeleteSightingDialog';
import {
  draftOf,
  draftProblems,
  draftSpeciesOf,
  draftToSave,
  newDraft,
  type DraftField,
  type DraftProblem,
  type ObservationDraft,
} from './observationDraft';
import { useObservation } from './observationQueries';
import { PhotoPicker } from './PhotoPicker';
import { PositionField, useDeviceFix } from './PositionField';
import { QuickRecordButton } from './QuickRecordButton';
import type { PresetPoint } from './recordPath';
import { deleteSighting, saveSighting } from './recordingRepo';
import { savedToast } from './recordToasts';
import { SpeciesPicker } from './SpeciesPicker';
import { usePendingPhotos } from './usePendingPhotos';

export interface ObservationFormProps {
  userId: string;
  /** The member's own sighting being edited; null for a new one. */
  existing: ObservationRow | null;
  /**
   * The preset (or the edited sighting's) species from the device or the server; null when neither
   * has it (yet). An edited sighting keeps its own species whatever this is.
   */
  species: SpeciesRow | null;
  unspecified?: boolean;
  presetMissing?: boolean;
  /** A new sighting's preset position (a place's point); the device is then not asked. */
  presetPoint?: PresetPoint | null;
}

const problemOf = (problems: readonly DraftProblem[], field: DraftField) =>
  problems.find((problem) => problem.field === field)?.message;

export function ObservationForm({
  userId,
  existing,
  species: initialSpecies,
  ...options
}: ObservationFormProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const isOnline = useAppSelector(selectIsOnline);
  const [draft, setDraft] = useState<ObservationDraft>(() =>
    existing
      ? draftOf(existing, initialSpecies)
      : newDraft(
          initialSpecies ? draftSpeciesOf(initialSpecies) : null,
          options.unspecified === true,
          Date.now(),
          options.presetPoint,
        ),
  );
  // The species row may arrive after the form opened (fetched from the server): it only names the
  // draft's species better, it never replaces the species the draft holds.
  const shownSpecies =
    draft.species && initialSpecies?.id === draft.species.id
      ? { ...draft.species, name: initialSpecies.name, scientific_name: initialSpecies.scientific_name }
      : draft.species;
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const device = useDeviceFix(existing === null && !options.presetPoint);
  const saved = useObservation(existing?.id);
  const photos = usePendingPhotos(
    useCallback(
      (name: string) =>
        dispatch(
          uiActions.toastShown({
            message: formatMessage(recordingTexts.sightingPhotoUnreadable, { name }),
            severity: 'warning',
          }),
        ),
      [dispatch],
    ),
  );

  const change = (changes: Partial<ObservationDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
  };

  // Leaves the form: a new sighting of a species shows its species page, anything else goes back.
  const leave = (speciesId: string | null, isNew: boolean) => {
    if (isNew && speciesId !== null)
      void navigate(`/species/${encodeURIComponent(speciesId)}`, { replace: true });
    else if (locationKey !== 'default') void navigate(-1);
    else
      void navigate(speciesId ? `/species/${encodeURIComponent(speciesId)}` : '/observations', {
        replace: true,
      });
  };

  const fail = (error: unknown) =>
    dispatch(
      uiActions.toastShown({
        message: formatMessage(recordingTexts.sightingSaveFailed, {
          reason: error instanceof Error ? error.message : String(error),
        }),
        severity: 'error',
      }),
    );

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = draftProblems(draft, { nowMs: Date.now(), newPhotoCount: photos.pending.length });
    setProblems(found);
    if (found.length > 0) {
      // After the list renders, so a screen reader reads it and a sighted member sees it.
      setTimeout(() => problemsRef.current?.focus());
      return;
    }
    setIsSaving(true);
    try {
      const { input, photos: newPhotos } = draftToSave(draft, device.fix, photos.pending);
      // Only the member's own tick of "unspecified" may take a species off a sighting.
      const row = await saveSighting(userId, existing?.id ?? null, input, newPhotos, {
        unspecify: draft.unspecified,
      });
      dispatch(uiActions.toastShown(savedToast(existing ? 'updated' : 'created', isOnline)));
      leave(row.species_id, existing === null);
    } catch (error) {
      fail(error);
      setIsSaving(false);
    }
  };

  const remove = async () => {
    if (!existing) return;
    try {
      await deleteSighting(userId, existing.id);
      dispatch(uiActions.toastShown({ message: recordingTexts.sightingDeleted, severity: 'success' }));
      leave(existing.species_id, false);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void save(event)}
      spacing={3}
      sx={{ py: 3, maxWidth: 720 }}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {existing ? recordingTexts.editSighting : labels.recordSighting}
        </Typography>
        {saved?.lifer && <Chip color="success" label={recordingTexts.sightingLifer} />}
      </Stack>

      <SpeciesPicker
        species={shownSpecies}
        unspecified={draft.unspecified}
        onSpecies={(row) => {
          change({ species: row ? draftSpeciesOf(row) : null });
        }}
        onUnspecified={(unspecified) => {
          change({ unspecified });
        }}
        error={problemOf(problems, 'species')}
        presetMissing={options.presetMissing}
      />
      {existing === null && draft.unspecified && (
        <Box>
          <QuickRecordButton species={null} />
        </Box>
      )}

      <TextField
        type="datetime-local"
        label={recordingTexts.sightingDate}
        value={draft.dateTime}
        onChange={(event) => {
          change({ dateTime: event.target.value });
        }}
        error={problemOf(problems, 'date') !== undefined}
        helperText={problemOf(problems, 'date')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 320 }}
      />

      <PositionField
        source={draft.positionSource}
        onSource={(positionSource) => {
          change({ positionSource });
        }}
        savedCoordinate={draft.savedCoordinate}
        device={device}
        latitude={draft.latitude}
        longitude={draft.longitude}
        onLatitude={(latitude) => {
          change({ latitude });
        }}
        onLongitude={(longitude) => {
          change({ longitude });
        }}
        latitudeError={problemOf(problems, 'latitude')}
        longitudeError={problemOf(problems, 'longitude')}
      />

      <Stack spacing={1}>
        <SwitchRow
          label={recordingTexts.sightingHideCoordinate}
          hint={recordingTexts.sightingHideCoordinateHint}
          checked={draft.coordinateHidden}
          onChange={(coordinateHidden) => {
            change({ coordinateHidden });
          }}
        />
        <SwitchRow
          label={recordingTexts.sightingPublic}
          hint={recordingTexts.sightingPublicHint}
          checked={draft.isPublic}
          onChange={(isPublic) => {
            change({ isPublic });
          }}
        />
      </Stack>

      <TextField
        label={recordingTexts.sightingNote}
        value={draft.note}
        onChange={(event) => {
          change({ note: event.target.value });
        }}
        multiline
        minRows={3}
        error={problemOf(problems, 'note') !== undefined}
        helperText={
          problemOf(problems, 'note') ??
          formatMessage(recordingTexts.sightingNoteCount, {
            count: draft.note.length,
            max: OBSERVATION_NOTE_MAX,
          })
        }
        slotProps={{ htmlInput: { maxLength: OBSERVATION_NOTE_MAX } }}
      />

      <PhotoPicker
        media={draft.media}
        pending={photos.pending}
        featured={draft.featured}
        onFeatured={(featured) => {
          change({ featured });
        }}
        onRemoveMedia={(mediaId) => {
          change({ media: draft.media.filter((item) => item.media_id !== mediaId) });
        }}
        onRemovePending={photos.remove}
        onAdd={(files) => void photos.add(files)}
        isPreparing={photos.isPreparing}
        error={problemOf(problems, 'photos')}
      />

      {problems.length > 0 && (
        <Alert severity="error" ref={problemsRef} tabIndex={-1} role="alert">
          {recordingTexts.sightingProblems}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((problem) => (
              <li key={problem.field}>{problem.message}</li>
            ))}
          </Box>
        </Alert>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          loading={isSaving}
          disabled={photos.isPreparing}
        >
          {recordingTexts.sightingSave}
        </Button>
        {existing && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => {
              setIsConfirmingDelete(true);
            }}
          >
            {recordingTexts.sightingDelete}
          </Button>
        )}
      </Stack>

      {isConfirmingDelete && (
        <DeleteSightingDialog
          onConfirm={() => void remove()}
          onCancel={() => {
            setIsConfirmingDelete(false);
          }}
        />
      )}
    </Stack>
  );
}

function SwitchRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(event) => {
              props.onChange(event.target.checked);
            }}
          />
        }
        label={props.label}
      />
      <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{props.hint}</FormHelperText>
    </Box>
  );
}
