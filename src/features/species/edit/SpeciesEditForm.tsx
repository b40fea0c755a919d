/**
 * The species editor's form: one field per name (its language fixed for names the species has, free
 * for added ones), the family, extinct, and a switch per further classification. Saves only what
 * changed (speciesEditDraft.ts); after a save the form starts again from the server's answer.
 */
import { useState, type SubmitEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatMessage, messages } from '@contract/messages';
import type { Species } from '@contract/species';
import { useAppDispatch } from '../../../app/hooks';
import { uiActions } from '../../../app/uiSlice';
import { languageName } from '../languages';
import { classificationName } from '../SpeciesParts';
import { speciesTexts } from '../speciesTexts';
import { draftOf, editRequestOf, type NameDraft, type SpeciesDraft } from './speciesEditDraft';
import { useUpdateSpeciesMutation } from './speciesEditApi';

let newRows = 0;

export function SpeciesEditForm({ species: loaded }: { species: Species }) {
  const dispatch = useAppDispatch();
  const [original, setOriginal] = useState(loaded);
  const [draft, setDraft] = useState<SpeciesDraft>(() => draftOf(loaded));
  const [problem, setProblem] = useState<string | null>(null);
  const [updateSpecies, { isLoading: isSaving }] = useUpdateSpeciesMutation();

  const change = (update: (current: SpeciesDraft) => SpeciesDraft) => {
    setProblem(null);
    setDraft(update);
  };
  const changeName = (key: string, patch: Partial<NameDraft>) => {
    change((current) => ({
      ...current,
      names: current.names.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    }));
  };

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const outcome = editRequestOf(original, draft);
    if (outcome.kind === 'invalid') {
      setProblem(outcome.message);
      return;
    }
    const answer = await updateSpecies({ id: original._id, changes: outcome.request });
    if ('error' in answer && answer.error) {
      setProblem('reason' in answer.error ? answer.error.reason : messages.serverError);
      return;
    }
    // The body as the server sent it, which may be empty (the client passes an empty 200 on as null).
    const saved = answer.data as typeof answer.data | null;
    if (saved) {
      setOriginal(saved.species);
      setDraft(draftOf(saved.species));
    }
    dispatch(uiActions.toastShown({ message: speciesTexts.speciesEditSaved, severity: 'success' }));
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Typography>
        {original.scientific_name !== original.name ? (
          <>
            {original.name} · <i>{original.scientific_name}</i>
          </>
        ) : (
          <i>{original.scientific_name}</i>
        )}
      </Typography>

      <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
          {speciesTexts.speciesNames}
        </Typography>
        <Stack spacing={1.5}>
          {draft.names.map((row) => (
            <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {!row.isExisting && (
                <TextField
                  label={speciesTexts.speciesEditLanguageId}
                  value={row.language}
                  onChange={(event) => {
                    changeName(row.key, { language: event.target.value });
                  }}
                  sx={{ width: 140 }}
                />
              )}
              <TextField
                label={
                  row.isExisting
                    ? `${languageName(row.language)} (${row.language})`
                    : speciesTexts.speciesName
                }
                value={row.name}
                onChange={(event) => {
                  changeName(row.key, { name: event.target.value });
                }}
                fullWidth
              />
              <IconButton
                aria-label={formatMessage(speciesTexts.speciesEditRemoveName, {
                  language: row.language ? languageName(row.language) : speciesTexts.speciesEditNewName,
                })}
                onClick={() => {
                  change((current) => ({ ...current, names: current.names.filter((r) => r !== row) }));
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              change((current) => ({
                ...current,
                names: [
                  ...current.names,
                  { key: `new-${++newRows}`, language: '', name: '', isExisting: false },
                ],
              }));
            }}
          >
            {speciesTexts.speciesEditAddName}
          </Button>
        </Stack>
      </Paper>

      <TextField
        label={speciesTexts.speciesFamily}
        value={draft.family}
        onChange={(event) => {
          change((current) => ({ ...current, family: event.target.value }));
        }}
      />

      <FormGroup>
        <FormControlLabel
          label={speciesTexts.speciesExtinct}
          control={
            <Switch
              checked={draft.extinct}
              onChange={(event) => {
                change((current) => ({ ...current, extinct: event.target.checked }));
              }}
            />
          }
        />
        {original.taxa_alt.map((entry) => (
          <FormControlLabel
            key={entry.classification}
            label={formatMessage(speciesTexts.speciesEditInClassification, {
              classification: classificationName(entry.classification),
            })}
            control={
              <Switch
                checked={draft.taxaAlt[entry.classification] ?? entry.enabled}
                onChange={(event) => {
                  change((current) => ({
                    ...current,
                    taxaAlt: { ...current.taxaAlt, [entry.classification]: event.target.checked },
                  }));
                }}
              />
            }
          />
        ))}
      </FormGroup>

      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={isSaving}>
          {speciesTexts.speciesEditSave}
        </Button>
        <Button component={RouterLink} to={`/species-details/${encodeURIComponent(original._id)}`}>
          {speciesTexts.speciesEditDone}
        </Button>
      </Stack>
    </Stack>
  );
}
