/** The update prompt itself; loaded only once an update is waiting (see PwaUpdatePrompt). */
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch } from '../hooks';
import { pwaActions } from './pwaSlice';
import { applyServiceWorkerUpdate } from './registerServiceWorker';

export default function PwaUpdateSnackbar() {
  const dispatch = useAppDispatch();
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={formatMessage(messages.updateAvailable, { product: product.name })}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => dispatch(pwaActions.updateDeferred())}>
            Later
          </Button>
          <Button color="secondary" size="small" variant="contained" onClick={applyServiceWorkerUpdate}>
            Reload
          </Button>
        </>
      }
    />
  );
}
