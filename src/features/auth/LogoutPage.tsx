/**
 * `/logout` (SPEC §2, §4): asks 'Log Out / Are you sure?' with the warning that an offline member
 * cannot log back in; 'Yes, log me out!' ends the session (server and device) and goes to ''.
 * Cancel returns to the page the member came from (a step back in the history, as the page guard
 * undoes a refused navigation); opened directly (a typed or shared address), there is nothing of
 * ours to go back to, so it goes to ''.
 * With items not yet uploaded it says how many and offers to sync them first (R10); logging out
 * anyway keeps them on the device for the member's next session here.
 */
import { useId, useState } from 'react';
import { Navigate, NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../observations/texts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectIsSignedIn, selectUser } from '../../app/sessionSlice';
import { syncMemberNow, useUnsyncedCount } from '../sync/embeds';
import { logout } from './authThunks';

export function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const { key } = useLocation();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const online = useAppSelector(selectIsOnline);
  const unsynced = useUnsyncedCount(userId) ?? 0;
  const [busy, setBusy] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const titleId = useId();
  const textId = useId();

  if (!isSignedIn && !busy) return <Navigate to="/" replace />;

  const cameFromInsideTheApp = navigationType === NavigationType.Push && key !== 'default';
  const cancel = () => void (cameFromInsideTheApp ? navigate(-1) : navigate('/', { replace: true }));
  async function confirm() {
    setBusy(true);
    await dispatch(logout());
    await navigate('/', { replace: true });
  }

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>{messages.logoutTitle}</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText>{messages.logoutConfirm}</DialogContentText>
        <DialogContentText>{messages.logoutOfflineWarning}</DialogContentText>
        {unsynced > 0 && (
          <DialogContentText role="alert" sx={{ mt: 1 }}>
            {formatMessage(sightingTexts.logoutUnsyncedWarning, { count: unsynced })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {unsynced > 0 && (
          <Button
            disabled={!online}
            loading={syncing}
            onClick={() => {
              setSyncing(true);
              void dispatch(syncMemberNow('asked')).finally(() => {
                setSyncing(false);
              });
            }}
          >
            {sightingTexts.logoutSyncFirst}
          </Button>
        )}
        <Button onClick={cancel} autoFocus>
          {messages.cancel}
        </Button>
        <Button variant="contained" color="error" loading={busy} onClick={() => void confirm()}>
          {messages.logoutConfirmButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
