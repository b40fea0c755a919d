/**
 * Species sync progress popup (SPEC §2): the percentage, a progress bar, a text about synchronising
 * species and Continue in Background. The sync thunk opens it and closes it at 100 % (or on a
 * failure, with a toast); Continue in Background (or Escape) only closes the popup: the sync goes on.
 * The bar is determinate when the server said how many species come, indeterminate until then.
 */
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../../app/hooks';
import { uiActions } from '../../../app/uiSlice';
import { useSpeciesSyncStatus } from './hooks';

export function SpeciesSyncPopup({ modalId }: { modalId: string }) {
  const dispatch = useAppDispatch();
  const { percent, received } = useSpeciesSyncStatus();
  const titleId = useId();
  const textId = useId();
  const close = () => dispatch(uiActions.modalClosed(modalId));

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{messages.speciesSyncTitle}</DialogTitle>
      <DialogContent>
        <Typography id={textId} gutterBottom>
          {messages.speciesSyncText}
        </Typography>
        <Typography variant="h6" component="p" align="center">
          {percent === null
            ? formatMessage(messages.speciesSyncReceived, { count: received.toLocaleString() })
            : formatMessage(messages.speciesSyncPercent, { percent })}
        </Typography>
        <LinearProgress
          aria-label={messages.speciesSyncProgress}
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{messages.continueInBackground}</Button>
      </DialogActions>
    </Dialog>
  );
}
