/**
 * A profile's or a group's photo: chosen from the device, resized there (lib/image: no EXIF, no
 * GPS leaves the device; 512 px is plenty for an avatar), uploaded through the media pipeline
 * under a new id, and the server's thumbnail URL handed to the form. Online only, as its page.
 */
import { useId, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { resizeImage } from '../../lib/image/resizeImage';
import { jpegDataUrl } from './dataUrl';
import { useUploadPhotoMutation } from './profileApi';

const AVATAR_SIDE = 512;

export function AvatarField({
  label,
  value,
  fallback,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  /** The letter shown without a photo. */
  fallback: string;
  onChange: (avatar: string | null) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, state] = useUploadPhotoMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function chosen(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    try {
      const resized = await resizeImage(file, AVATAR_SIDE);
      const image = jpegDataUrl(resized.bytes);
      const answer = await upload({ mediaId: crypto.randomUUID(), image }).unwrap();
      onChange(answer.media.thumbnail);
    } catch (error) {
      const reason =
        error && typeof error === 'object' && 'reason' in error ? String(error.reason) : String(error);
      setFailure(formatMessage(texts.avatarFailed, { reason }));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={value ?? undefined}
          alt={value ? label : ''}
          sx={{ width: 72, height: 72, fontSize: 32 }}
        >
          {fallback.slice(0, 1).toUpperCase()}
        </Avatar>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          aria-label={label}
          hidden
          onChange={(event) => void chosen(event.target.files?.[0])}
        />
        <Button
          variant="outlined"
          disabled={disabled || state.isLoading}
          onClick={() => input.current?.click()}
        >
          {state.isLoading ? texts.uploadingAvatar : texts.chooseAvatar}
        </Button>
        {value && (
          <Button
            disabled={disabled || state.isLoading}
            onClick={() => {
              onChange(null);
            }}
          >
            {texts.removeAvatar}
          </Button>
        )}
      </Stack>
      {failure && (
        <Typography color="error" role="alert">
          {failure}
        </Typography>
      )}
    </Stack>
  );
}
