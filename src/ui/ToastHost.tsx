/**
 * Shows one toast at a time (MUI Snackbar + Alert). Presentational: the app passes the toast at the
 * head of its queue and removes it when this reports it closed, so the next one follows; a toast's
 * action button is reported the same way (the app opens the modal the toast names).
 */
import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { SxProps, Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';

export interface ToastView {
  id: string;
  message: string;
  title?: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  durationMs: number;
  position: 'top' | 'middle' | 'bottom';
  action?: { label: string };
}

export interface ToastHostProps {
  toast: ToastView | null;
  closeLabel: string;
  onClose: (id: string) => void;
  /** The toast's action button was pressed. */
  onAction: (id: string) => void;
}

// Snackbar anchors only to the top or the bottom; the spec's centred toasts sit mid-screen.
const middle: SxProps<Theme> = {
  top: '50% !important',
  bottom: 'auto !important',
  transform: 'translateY(-50%)',
};

/**
 * A dialog opened while a toast shows (e.g. Forgot Password → Reset Password, whose toast says to
 * check the inbox) hides every other child of <body> from assistive technology. The toast is about
 * that dialog and must still be announced, so it refuses to be hidden; the dialog's own clean-up
 * only ever removes the attribute.
 */
function useStaysAnnounced() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const reveal = () => {
      if (element.getAttribute('aria-hidden') === 'true') element.removeAttribute('aria-hidden');
    };
    reveal();
    const observer = new MutationObserver(reveal);
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      observer.disconnect();
    };
  }, []);
  return ref;
}

export function ToastHost({ toast, ...handlers }: ToastHostProps) {
  if (!toast) return null;
  // In a portal at the end of <body>, after any dialog already open (see useStaysAnnounced).
  return (
    <Portal>
      <ToastSnackbar key={toast.id} toast={toast} {...handlers} />
    </Portal>
  );
}

function ToastSnackbar({ toast, closeLabel, onClose, onAction }: ToastHostProps & { toast: ToastView }) {
  const ref = useStaysAnnounced();
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere must not swallow a message before the member could read it.
    if (reason === 'clickaway') return;
    onClose(toast.id);
  };
  return (
    <Snackbar
      ref={ref}
      data-testid="toast"
      open
      autoHideDuration={toast.durationMs}
      onClose={close}
      anchorOrigin={{ vertical: toast.position === 'bottom' ? 'bottom' : 'top', horizontal: 'center' }}
      sx={toast.position === 'middle' ? middle : undefined}
    >
      <Alert
        severity={toast.severity}
        variant="standard"
        onClose={() => {
          close();
        }}
        slotProps={{ closeButton: { 'aria-label': closeLabel, title: closeLabel } }}
        // Alert drops its close button when given an action, so both are rendered here.
        action={
          toast.action && (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onAction(toast.id);
                }}
              >
                {toast.action.label}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label={closeLabel}
                title={closeLabel}
                onClick={() => {
                  close();
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
        sx={{ width: '100%', maxWidth: 560, boxShadow: 6 }}
      >
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
