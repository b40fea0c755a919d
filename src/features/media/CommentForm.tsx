/**
 * A comment or a reply being written. The text stays until the write was sent or stored on the
 * device, so a refused one (the server's reason shows as a toast) can be sent again.
 */
import { useState, type SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { COMMENT_MAX_LENGTH } from '@contract/media';
import { imageViewTexts } from './texts';
import { formatMessage, messages } from '@contract/messages';

export interface CommentFormProps {
  label: string;
  /** Resolves true when the text was taken (sent or stored). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

export function CommentForm({ label, onSubmit, onCancel, autoFocus }: CommentFormProps) {
  const [text, setText] = useState('');
  const [isBusy, setBusy] = useState(false);
  const trimmed = text.trim();
  const isTooLong = trimmed.length > COMMENT_MAX_LENGTH;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (trimmed === '' || isTooLong || isBusy) return;
    setBusy(true);
    try {
      // Only the text that was sent is cleared: what was typed meanwhile is kept (as chat's composer).
      if (await onSubmit(trimmed)) setText((typed) => (typed.trim() === trimmed ? '' : typed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={1} onSubmit={(event) => void submit(event)}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        multiline
        minRows={2}
        autoFocus={autoFocus}
        error={isTooLong}
        helperText={
          isTooLong
            ? formatMessage(imageViewTexts.imageViewCommentTooLong, { max: COMMENT_MAX_LENGTH })
            : undefined
        }
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={trimmed === '' || isTooLong || isBusy}>
          {imageViewTexts.imageViewSend}
        </Button>
        {onCancel && <Button onClick={onCancel}>{messages.cancel}</Button>}
      </Stack>
    </Stack>
  );
}
