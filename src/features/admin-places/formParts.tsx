/**
 * The admin forms' common state and fields: the draft as typed, the message under each field, and
 * the server's reason when a save fails (also put under the field it names). Nothing typed is lost
 * on a failure: the draft only changes when the admin types, or from the server's answer after a
 * save that succeeded.
 */
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { messages } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { reasonOf } from './AdminListPage';
import { fieldOfReason, type FieldErrors } from './drafts';
import { useFormDraft } from '../../ui/useFormDraft';

/** The shared form draft, plus a failed call's reason put under the field it names. */
export function useDraft<Draft extends object>(initial: Draft) {
  // Errors are keyed by the server's field names, which the drafts' keys need not match.
  const form = useFormDraft<Draft, string>(initial, texts.fixFields);
  const { setErrors, setProblem } = form;
  /** Shows a failed call's reason, and under the field it names when it names one of `fields`. */
  const failed = (error: unknown, fields: readonly string[]) => {
    const reason = reasonOf(error);
    setProblem(reason);
    const field = fieldOfReason(reason, fields);
    if (field) setErrors((current) => ({ ...current, [field]: reason }));
  };
  const invalid = (next: FieldErrors) => {
    form.showErrors(next);
  };
  return { ...form, failed, invalid };
}

/** A text field bound to one draft key, showing its message (`field` is the error's key). */
export function DraftField(
  props: {
    label: string;
    value: string;
    onChange: (value: string) => void;
    error?: string | undefined;
    help?: string;
  } & Omit<TextFieldProps, 'onChange' | 'error' | 'value' | 'label'>,
) {
  const { label, value, onChange, error, help, ...rest } = props;
  return (
    <TextField
      {...rest}
      label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={error !== undefined}
      helperText={error ?? help}
    />
  );
}

/** The details pages' frame: heading, back link, and the online gate (admin edits are online only). */
export function DetailsFrame(props: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  const isOnline = useAppSelector(selectIsOnline);
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 900 }}>
      <Typography variant="h4" component="h1">
        {props.title}
      </Typography>
      <Button component={RouterLink} to={props.back.to} sx={{ alignSelf: 'flex-start' }}>
        {props.back.label}
      </Button>
      {isOnline ? props.children : <Alert severity="warning">{messages.offline}</Alert>}
    </Stack>
  );
}

/** What a record's query shows before its form: loading, not found, or the failure's reason. */
export function LoadState({ error }: { error: unknown }) {
  if (!error) return <CircularProgress aria-label={messages.loading} />;
  const notFound = typeof error === 'object' && 'status' in error && error.status === 404;
  return <Alert severity="error">{notFound ? texts.notFound : reasonOf(error)}</Alert>;
}

/** Latitude and longitude side by side. */
export function PointFields(props: {
  labels: [string, string];
  latitude: string;
  longitude: string;
  errors: FieldErrors;
  onChange: (patch: { latitude?: string; longitude?: string }) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DraftField
        label={props.labels[0]}
        value={props.latitude}
        onChange={(latitude) => {
          props.onChange({ latitude });
        }}
        error={props.errors.latitude}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
      <DraftField
        label={props.labels[1]}
        value={props.longitude}
        onChange={(longitude) => {
          props.onChange({ longitude });
        }}
        error={props.errors.longitude}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
    </Stack>
  );
}

/** A number typed in a draft, or null when it is not one in range. */
export function coordinate(text: string, limit: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}
