/**
 * Shows one toast at a time (MUI Snackbar + Alert). Presentational: the app passes the toast at the
 * head of its queue and removes it when this reports it closed, so the next one follows.
 */
import type { SxProps, Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';

export interface ToastView {
  id: string;
  message: string;
  title?: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  durationMs: number;
  position: 'top' | 'middle' | 'bottom';
}

export interface ToastHostProps {
  toast: ToastView | undefined;
  closeLabel: string;
  onClose: (id: string) => void;
}

// Snackbar anchors only to the top or the bottom; the spec's centred toasts sit mid-screen.
const middle: SxProps<Theme> = { top: '50% !important', bottom: 'auto !important', transform: 'translateY(-50%)' };

export function ToastHost({ toast, closeLabel, onClose }: ToastHostProps) {
  if (!toast) return null;
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere must not swallow a message before the member could read it.
    if (reason === 'clickaway') return;
    onClose(toast.id);
  };
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={toast.durationMs}
      onClose={close}
      anchorOrigin={{ vertical: toast.position === 'bottom' ? 'bottom' : 'top', horizontal: 'center' }}
      sx={toast.position === 'middle' ? middle : undefined}
    >
      <Alert
        severity={toast.severity}
        variant="standard"
        onClose={() => close()}
        slotProps={{ closeButton: { 'aria-label': closeLabel, title: closeLabel } }}
        sx={{ width: '100%', maxWidth: 560, boxShadow: 6 }}
      >
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
