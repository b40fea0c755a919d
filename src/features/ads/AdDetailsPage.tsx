/**
 * `/admin-ads-detail[/{ad_id}]` (SPEC §2; new: admin or admin-ads:c, known: admin-ads:r): write or
 * edit an ad and save it (PUT ads/{id}: a new id creates, needing admin-ads:c; a known one
 * replaces, admin-ads:u). A new ad gets a UUID made on the device, kept for the form's life so a
 * retried save stays one ad. A refused save keeps everything typed and says why; delete
 * (admin-ads:d) asks first. A saved ad shows its stats per day below the form.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { AD_PLACEMENTS, type Ad } from '@contract/ads';
import { adsTexts as texts } from './adsTexts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AdminFrame, DetailActions, LoadState, reasonOf } from '../admin/embeds';
import { checkAdDraft, draftOfAd, emptyAdDraft, type AdDraft, type AdFieldErrors } from './adDraft';
import { useCanManageAds } from './adsAccess';
import { useDeleteAdMutation, useGetAdQuery, usePutAdMutation } from './adsApi';
import { AdStats } from './AdStats';
import { adPagePath } from './SponsoredCard';

const LIST = '/admin-ads';

type TextKey = Exclude<keyof AdDraft, 'placements' | 'active'>;

function AdForm({ id, loaded }: { id: string; loaded: Ad | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AdDraft>(loaded ? draftOfAd(loaded) : emptyAdDraft);
  const [errors, setErrors] = useState<AdFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [putAd, { isLoading: saving }] = usePutAdMutation();
  const [deleteAd] = useDeleteAdMutation();
  const canSave = useCanManageAds(loaded ? 'u' : 'c');
  const canDelete = useCanManageAds('d');

  const change = (patch: Partial<AdDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
    const changed = new Set(Object.keys(patch));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.has(key))));
  };

  const field = (
    key: TextKey,
    label: string,
    extra: { help?: string; type?: string; multiline?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(event) => {
        change({ [key]: event.target.value });
      }}
      error={errors[key] !== undefined}
      helperText={errors[key] ?? extra.help}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      required={key === 'title'}
    />
  );

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const outcome = checkAdDraft(draft);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      setProblem(texts.fixFields);
      return;
    }
    setErrors({});
    const answer = await putAd({ id, input: outcome.input });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded) void navigate(`/admin-ads-detail/${encodeURIComponent(id)}`, { replace: true });
  }

  async function remove() {
    const answer = await deleteAd(id);
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.deleted, severity: 'success' }));
    void navigate(LIST);
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      {field('title', texts.fieldTitle)}
      {field('text', texts.fieldText, { multiline: true })}
      {field('image', texts.fieldImage, { type: 'url' })}
      {field('link', texts.fieldLink, { type: 'url' })}
      <FormControl error={errors.placements !== undefined} component="fieldset">
        <FormLabel component="legend">{texts.fieldPlacements}</FormLabel>
        <FormGroup row>
          {AD_PLACEMENTS.map((placement) => (
            <FormControlLabel
              key={placement}
              label={texts.placementNames[placement]}
              control={
                <Checkbox
                  checked={draft.placements.includes(placement)}
                  onChange={(event) => {
                    change({
                      placements: event.target.checked
                        ? AD_PLACEMENTS.filter((one) => one === placement || draft.placements.includes(one))
                        : draft.placements.filter((one) => one !== placement),
                    });
                  }}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.placements && <FormHelperText>{errors.placements}</FormHelperText>}
      </FormControl>
      {field('regions', texts.fieldRegions, { help: texts.fieldRegionsHelp })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('startDate', texts.fieldStarts, { type: 'date' })}
        {field('endDate', texts.fieldEnds, { type: 'date' })}
      </Stack>
      {draft.placements.includes('map') && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('latitude', texts.fieldLatitude, { help: texts.fieldMapHelp })}
          {field('longitude', texts.fieldLongitude, { help: texts.fieldMapHelp })}
        </Stack>
      )}
      <FormControlLabel
        label={texts.fieldActive}
        control={
          <Switch
            checked={draft.active}
            onChange={(event) => {
              change({ active: event.target.checked });
            }}
          />
        }
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <DetailActions
        canSave={canSave}
        saving={saving}
        saveLabel={texts.save}
        view={loaded ? { to: adPagePath(loaded.id), label: texts.preview } : null}
        remove={
          loaded && canDelete
            ? {
                label: texts.delete,
                title: formatMessage(texts.deleteTitle, { name: loaded.title }),
                body: texts.deleteBody,
                onConfirm: remove,
              }
            : null
        }
      />
    </Stack>
  );
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetAdQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return (
    <Stack spacing={4}>
      <AdForm key={id} id={id} loaded={answer.data.ad} />
      <AdStats id={id} />
    </Stack>
  );
}

export function AdDetailsPage() {
  const { ad_id: id } = useParams();
  // A new ad's id, fixed for the life of the form so a retried save stays one ad.
  const [newId] = useState(() => crypto.randomUUID());
  return (
    <AdminFrame title={labels.adDetails} back={{ to: LIST, label: texts.backToAds }}>
      {id ? <EditExisting id={id} /> : <AdForm id={newId} loaded={null} />}
    </AdminFrame>
  );
}
