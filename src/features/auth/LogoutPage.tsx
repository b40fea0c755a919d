/**
 * `/logout` (SPEC §2, §4): asks 'Log Out / Are you sure?' with the warning that an offline member
 * cannot log back in; 'Yes, log me out!' ends the session (server and device), Cancel goes back.
 */
import { useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../../app/sessionSlice';
import { logout } from './authThunks';

export function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();

  if (!isSignedIn && !busy) return <Navigate to="/" replace />;

  const cancel = () => void navigate('/', { replace: true });
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
      </DialogContent>
      <DialogActions>
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
