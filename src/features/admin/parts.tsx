/**
 * Pieces the issue 18 admin pages share: the failure reason of a call, the frame of a page
 * (heading, back link, the online gate: admin edits are online only, SPEC §4), what a record's
 * query shows before its form, a detail form's buttons with the confirmation a destructive action
 * asks for, and whether the signed-in member may do something (the same `canAccess` the server and
 * the page guard use).
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminTexts as texts } from './texts';
import { formatMessage, messages } from '@contract/messages';
import { canAccess, type AccessRule } from '@contract/permissions';
import type { ApiFailure } from '../../api/ApiError';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { AppDialog } from '../../ui/AppDialog';

export function reasonOf(error: unknown): string {
  return error && typeof error === 'object' && 'reason' in error
    ? (error as ApiFailure).reason
    : messages.serverError;
}

export const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** Whether the signed-in member passes `rule` (role admin or the permission, SPEC §6). */
export function useCan(rule: AccessRule): boolean {
  const user = useAppSelector((state) => state.session.user);
  return canAccess(user, rule);
}

export function AdminFrame(props: {
  title: string;
  back?: { to: string; label: string };
  action?: ReactNode;
  children: ReactNode;
}) {
  const isOnline = useAppSelector(selectIsOnline);
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {props.title}
        </Typography>
        {isOnline && props.action}
      </Stack>
      {props.back && (
        <Button component={RouterLink} to={props.back.to} sx={{ alignSelf: 'flex-start' }}>
          {props.back.label}
        </Button>
      )}
      {isOnline ? props.children : <Alert severity="warning">{messages.offline}</Alert>}
    </Stack>
  );
}

/** Loading, not found, or the failure's reason. */
export function LoadState({ error }: { error: unknown }) {
  if (!error) return <CircularProgress aria-label={messages.loading} />;
  return <Alert severity="error">{isNotFound(error) ? texts.notFound : reasonOf(error)}</Alert>;
}

/** Asks before a destructive action; the action resolves when done (the dialog then closes). */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      title={props.title}
      closeLabel={messages.close}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{messages.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void props.onConfirm().finally(() => {
                setBusy(false);
              });
            }}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Typography>{props.body}</Typography>
    </AppDialog>
  );
}

/**
 * A detail form's buttons: Save when the member may save, a link to what the record looks like to
 * members, and Delete when they may delete, asked first. The form's `remove` resolves when done.
 */
export function DetailActions(props: {
  canSave: boolean;
  saving: boolean;
  saveLabel: string;
  view: { to: string; label: string } | null;
  remove: { label: string; title: string; body: string; onConfirm: () => Promise<void> } | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const { remove } = props;
  return (
    <>
      <Stack direction="row" spacing={1}>
        {props.canSave && (
          <Button type="submit" variant="contained" loading={props.saving}>
            {props.saveLabel}
          </Button>
        )}
        {props.view && (
          <Button component={RouterLink} to={props.view.to}>
            {props.view.label}
          </Button>
        )}
        {remove && (
          <Button
            color="error"
            onClick={() => {
              setConfirming(true);
            }}
          >
            {remove.label}
          </Button>
        )}
      </Stack>
      {remove && confirming && (
        <ConfirmDialog
          title={remove.title}
          body={remove.body}
          confirmLabel={remove.label}
          onConfirm={() =>
            remove.onConfirm().finally(() => {
              setConfirming(false);
            })
          }
          onClose={() => {
            setConfirming(false);
          }}
        />
      )}
    </>
  );
}

/** Previous/next under a table whose call answers a total; hidden when everything fits one page. */
export function Pager(props: {
  skip: number;
  shown: number;
  total: number;
  pageSize: number;
  busy: boolean;
  onSkip: (skip: number) => void;
}) {
  const { skip, shown, total, pageSize } = props;
  if (skip === 0 && total <= pageSize) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button
        disabled={skip === 0 || props.busy}
        onClick={() => {
          props.onSkip(Math.max(0, skip - pageSize));
        }}
      >
        {texts.previousPage}
      </Button>
      <Typography>{formatMessage(texts.pageOf, { from: skip + 1, to: skip + shown, total })}</Typography>
      <Button
        disabled={skip + shown >= total || props.busy}
        onClick={() => {
          props.onSkip(skip + pageSize);
        }}
      >
        {texts.nextPage}
      </Button>
    </Stack>
  );
}

/** A select of a filter: "Any" (the empty value) and the given options. */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => {
        props.onChange(event.target.value);
      }}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{texts.filterAny}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const when = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
