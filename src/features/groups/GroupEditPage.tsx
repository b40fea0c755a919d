/**
 * `/group-profile-edit[/{group_id}]` (SPEC §2; issue 16): a new group without the id (its creator
 * becomes its admin), or an existing one's title, about and photo (its admins). A new group is
 * saved under an id made on the device (PUT groups/{id}), so pressing Save twice makes one group.
 * Members join from the group's page; admins manage them there. Online only.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_ABOUT_MAX, GROUP_TITLE_MAX } from '@contract/community';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { reasonOf } from '../people/embeds';
import { AvatarField } from '../profile/embeds';
import { useGetGroupQuery, useSaveGroupMutation } from './groupsApi';

interface Draft {
  title: string;
  about: string;
  avatar: string | null;
}

export function GroupEditPage() {
  const { group_id: existingId } = useParams();
  const isOnline = useAppSelector(selectIsOnline);
  const navigate = useNavigate();
  // A new group's id, made once per visit: a second Save edits the group the first one made.
  const [newId] = useState(() => crypto.randomUUID());
  const id = existingId ?? newId;
  const loaded = useGetGroupQuery(existingId ?? '', { skip: !isOnline || existingId === undefined });
  const [save, saving] = useSaveGroupMutation();
  const [draft, setDraft] = useState<Draft | null>(
    existingId === undefined ? { title: '', about: '', avatar: null } : null,
  );
  const [tried, setTried] = useState(false);
  const group = loaded.data?.group;

  useEffect(() => {
    if (group) setDraft({ title: group.title, about: group.about, avatar: group.avatar });
  }, [group]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setTried(true);
    if (!draft || draft.title.trim() === '') return;
    const answer = await save({
      id,
      body: { title: draft.title.trim(), about: draft.about, avatar: draft.avatar },
    });
    if ('data' in answer && answer.data)
      void navigate(`/group-profile/${encodeURIComponent(answer.data.group.group_id)}`);
  }

  const heading = (
    <Typography variant="h4" component="h1">
      {existingId === undefined ? texts.createGroup : labels.editGroup}
    </Typography>
  );
  if (!isOnline || loaded.error || !draft) {
    return (
      <Stack spacing={2} sx={{ py: 3, maxWidth: 640 }}>
        {heading}
        {!isOnline ? (
          <Alert severity="warning">{messages.offline}</Alert>
        ) : loaded.error ? (
          <Alert severity="error">{reasonOf(loaded.error)}</Alert>
        ) : (
          <CircularProgress aria-label={messages.loading} />
        )}
      </Stack>
    );
  }

  const titleMissing = tried && draft.title.trim() === '';
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
  };
  return (
    <Stack
      component="form"
      spacing={3}
      sx={{ py: 3, maxWidth: 640 }}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      {heading}
      <AvatarField
        label={texts.groupAvatar}
        value={draft.avatar}
        fallback={draft.title || '?'}
        onChange={(avatar) => {
          change({ avatar });
        }}
      />
      <TextField
        label={texts.groupTitle}
        value={draft.title}
        required
        error={titleMissing}
        helperText={titleMissing ? formatMessage(texts.required, { field: texts.groupTitle }) : undefined}
        slotProps={{ htmlInput: { maxLength: GROUP_TITLE_MAX } }}
        onChange={(event) => {
          change({ title: event.target.value });
        }}
      />
      <TextField
        label={texts.groupAbout}
        value={draft.about}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: GROUP_ABOUT_MAX } }}
        onChange={(event) => {
          change({ about: event.target.value });
        }}
      />
      {saving.error && <Alert severity="error">{reasonOf(saving.error)}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={saving.isLoading}>
          {texts.save}
        </Button>
        <Button
          component={RouterLink}
          to={
            existingId === undefined ? '/group-members' : `/group-profile/${encodeURIComponent(existingId)}`
          }
        >
          {messages.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
