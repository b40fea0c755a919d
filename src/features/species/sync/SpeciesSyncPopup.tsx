/**
 * Species sync progress popup (SPEC §2): the percentage, a progress bar, a text about synchronising
 * species and Continue in Background. The sync thunk opens it and closes it at 100 % (or on a
 * failure, with a toast); Continue in Background (or Escape) only closes the popup: the sync goes on.
 * The bar is determinate when the server said how many species come, indeterminate until then.
 * The text about synchronising is the dialog's title, so it names the dialog.
 */
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../../app/hooks';
import { uiActions } from '../../../app/uiSlice';
import { useSpeciesSyncStatus } from './hooks';

const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent' });

export function SpeciesSyncPopup({ modalId }: { modalId: string }) {
  const dispatch = useAppDispatch();
  const { percent } = useSpeciesSyncStatus();
  const titleId = useId();
  const close = () => dispatch(uiActions.modalClosed(modalId));

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{messages.speciesSyncTitle}</DialogTitle>
      <DialogContent>
        {percent !== null && (
          <Typography variant="h6" component="p" align="center" aria-hidden>
            {percentFormat.format(percent / 100)}
          </Typography>
        )}
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
