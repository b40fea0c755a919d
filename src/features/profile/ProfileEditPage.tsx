/**
 * `/user-profile[/{user_id}]` (SPEC §2 "profile editor"; issue 16): display name, name, about,
 * region, photo, newsletter and the four settings of SPEC §3 "App config". Without an id it edits
 * the signed-in member; with one, an admin edits that member (the server decides: GET users/{id}
 * answers the whole profile to the owner and admins only, and PUT refuses anyone else with 403).
 *
 * 'Stats visible to others' is a profile field the server enforces; the other three settings are
 * the device's (the config store), so they show only on one's own profile. Saving one's own
 * profile updates the session (menu avatar and nickname) and the device's config. The region is
 * the profile's (who is near whom); the species list's region stays Customize Your Experience's.
 * Online only: offline the page shows SPEC's offline message.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Profile } from '@contract/auth';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { useGetUserQuery } from '../../api/api';
import { configActions, selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { sessionActions, selectUser } from '../../app/sessionSlice';
import type { StoredConfig } from '../../db/kv';
import { AvatarField } from './AvatarField';
import { RegionField, type Region } from './RegionField';
import { useUpdateUserMutation } from './profileApi';

type DeviceSetting = 'maps_show_lifer' | 'maps_show_sightings' | 'show_config_notice';
const DEVICE_SETTINGS: readonly { key: DeviceSetting; label: string }[] = [
  { key: 'maps_show_lifer', label: messages.settingMapsLifer },
  { key: 'maps_show_sightings', label: messages.settingMapsSightings },
  { key: 'show_config_notice', label: messages.settingConfigNotice },
];

interface Draft {
  nickname: string;
  firstname: string;
  about: string;
  avatar: string | null;
  region: Region | null;
  newsletter: boolean;
  statsVisible: boolean;
  device: StoredConfig['settings'];
}

const draftOf = (profile: Profile, settings: StoredConfig['settings']): Draft => ({
  nickname: profile.nickname,
  firstname: profile.firstname,
  about: profile.about,
  avatar: profile.avatar,
  region: profile.location ? { id: profile.location.id, name: profile.location.name } : null,
  newsletter: profile.newsletter_subscribed,
  statsVisible: profile.stats_visible_to_others,
  device: settings,
});

const reasonOf = (error: unknown) =>
  error && typeof error === 'object' && 'reason' in error ? String(error.reason) : messages.serverError;

export function ProfileEditPage() {
  const { user_id: requestedId } = useParams();
  const me = useAppSelector(selectUser);
  const config = useAppSelector(selectConfig);
  const isOnline = useAppSelector(selectIsOnline);
  const dispatch = useAppDispatch();
  const id = requestedId ?? me?.user_id;
  const isOwn = id !== undefined && id === me?.user_id;
  const loaded = useGetUserQuery(id && isOnline ? { id, complete_profile: true } : skipToken);
  const [save, saving] = useUpdateUserMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [done, setDone] = useState(false);
  const profile = loaded.data?.profile;
  const full = profile && 'username' in profile ? profile : null;

  // The form starts from the server's profile once, and again when another member is opened.
  useEffect(() => {
    if (full) setDraft(draftOf(full, config.settings));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a later config change keeps the edits
  }, [full?.user_id]);

  const change = (patch: Partial<Draft>) => {
    setDone(false);
    setDraft((current) => (current ? { ...current, ...patch } : current));
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!draft || !id || draft.nickname.trim() === '' || draft.firstname.trim() === '') return;
    const answer = await save({
      id,
      patch: {
        nickname: draft.nickname.trim(),
        firstname: draft.firstname.trim(),
        about: draft.about,
        avatar: draft.avatar,
        location_id: draft.region?.id ?? null,
        newsletter_subscribed: draft.newsletter,
        stats_visible_to_others: draft.statsVisible,
      },
    });
    if (!('data' in answer) || !answer.data) return;
    if (isOwn) {
      dispatch(sessionActions.profileUpdated(answer.data.profile));
      dispatch(
        configActions.saved({
          ...config,
          settings: { ...draft.device, stats_visible_to_others: draft.statsVisible },
        }),
      );
    }
    setDone(true);
  }

  const heading = (
    <Typography variant="h4" component="h1">
      {labels.editProfile}
    </Typography>
  );
  if (!isOnline) {
    return (
      <Stack spacing={2} sx={{ py: 3, maxWidth: 640 }}>
        {heading}
        <Alert severity="warning">{messages.offline}</Alert>
      </Stack>
    );
  }
  if (loaded.error || (profile && !full)) {
    return (
      <Stack spacing={2} sx={{ py: 3, maxWidth: 640 }}>
        {heading}
        <Alert severity="error">{loaded.error ? reasonOf(loaded.error) : texts.onlyOwnProfile}</Alert>
      </Stack>
    );
  }
  if (!draft || !full) {
    return (
      <Stack spacing={2} sx={{ py: 3 }}>
        {heading}
        <CircularProgress aria-label={messages.loading} />
      </Stack>
    );
  }

  const missing = (value: string, field: string) =>
    value.trim() === '' ? formatMessage(texts.required, { field }) : undefined;
  return (
    <Stack
      component="form"
      spacing={3}
      sx={{ py: 3, maxWidth: 640 }}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      {heading}
      {!isOwn && (
        <Alert severity="info">{formatMessage(texts.editingOther, { nickname: full.nickname })}</Alert>
      )}
      <AvatarField
        label={texts.avatar}
        value={draft.avatar}
        fallback={draft.nickname || full.nickname}
        onChange={(avatar) => {
          change({ avatar });
        }}
      />
      <TextField
        label={texts.displayName}
        value={draft.nickname}
        required
        slotProps={{ htmlInput: { maxLength: 50 } }}
        error={missing(draft.nickname, texts.displayName) !== undefined}
        helperText={missing(draft.nickname, texts.displayName) ?? texts.displayNameHint}
        onChange={(event) => {
          change({ nickname: event.target.value });
        }}
      />
      <TextField
        label={texts.name}
        value={draft.firstname}
        required
        slotProps={{ htmlInput: { maxLength: 100 } }}
        error={missing(draft.firstname, texts.name) !== undefined}
        helperText={missing(draft.firstname, texts.name) ?? texts.nameHint}
        onChange={(event) => {
          change({ firstname: event.target.value });
        }}
      />
      <TextField
        label={texts.about}
        value={draft.about}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        helperText={texts.aboutHint}
        onChange={(event) => {
          change({ about: event.target.value });
        }}
      />
      <RegionField
        value={draft.region}
        onChange={(region) => {
          change({ region });
        }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.newsletter}
            onChange={(event) => {
              change({ newsletter: event.target.checked });
            }}
          />
        }
        label={texts.newsletter}
      />
      <Stack component="fieldset" spacing={0} sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h6">
          {texts.settingsHeading}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={draft.statsVisible}
              onChange={(event) => {
                change({ statsVisible: event.target.checked });
              }}
            />
          }
          label={messages.settingStatsVisible}
        />
        {isOwn &&
          DEVICE_SETTINGS.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              control={
                <Switch
                  checked={draft.device[key]}
                  onChange={(event) => {
                    change({ device: { ...draft.device, [key]: event.target.checked } });
                  }}
                />
              }
              label={label}
            />
          ))}
        {isOwn && (
          <Typography variant="body2" color="text.secondary">
            {texts.deviceSettingsNote}
          </Typography>
        )}
      </Stack>
      {saving.error && <Alert severity="error">{reasonOf(saving.error)}</Alert>}
      {done && <Alert severity="success">{texts.saved}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={saving.isLoading}>
          {texts.save}
        </Button>
        <Button
          component={RouterLink}
          to={isOwn ? '/profile' : `/profile/${encodeURIComponent(full.user_id)}`}
        >
          {labels.profile}
        </Button>
      </Stack>
    </Stack>
  );
}
