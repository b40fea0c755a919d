/**
 * Editing the text of one's post on its page. The new text is kept on the device and sent by the
 * member's sync runtime through the same queue as posting (postWrites.ts editPost), so it shows at
 * once as waiting, online or not; offline the member is told, in SPEC §4's words, that it is
 * stored locally. Photos and the linked sighting stay as they are.
 */
import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FeedItem } from '@contract/community';
import { messages } from '@contract/messages';
import { newsfeedTexts as texts } from './texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { uiActions } from '../../app/uiSlice';
import { useEditPost } from './newsfeedHooks';
import { PROBLEM_TEXT } from './PostComposer';
import { postProblem } from './postWrites';

export function PostEditor({ item, text, onDone }: { item: FeedItem; text: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const editPost = useEditPost();
  const [draft, setDraft] = useState(text);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = postProblem(draft, item.photos.length, item.observation !== null);
    if (found !== null) {
      setProblem(PROBLEM_TEXT[found]);
      return;
    }
    setBusy(true);
    try {
      await editPost(item.feed_id, draft);
      if (!isOnline) dispatch(uiActions.toastShown({ message: messages.storedLocally, severity: 'info' }));
      onDone();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : messages.serverError);
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={texts.editPost} noValidate>
      <Stack spacing={1.5}>
        <TextField
          label={texts.editText}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          multiline
          minRows={3}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {texts.editSave}
          </Button>
          <Button onClick={onDone} disabled={busy}>
            {texts.editCancel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
