/**
 * The app's modal dialog: MUI Dialog with a title that names it (aria-labelledby), a labelled
 * close button, and optionally a form as its surface so Enter submits and the actions are its
 * buttons. Browser validation is off (noValidate): the spec's own messages explain what is wrong.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

export interface AppDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Makes the dialog a form: Enter in a field submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Below the actions, e.g. "Don't have an account? Create yours now". */
  footer?: ReactNode;
}

export function AppDialog({
  title,
  closeLabel,
  onClose,
  onSubmit,
  children,
  actions,
  footer,
}: AppDialogProps) {
  const titleId = useId();
  const body = (
    <>
      <DialogContent>{children}</DialogContent>
      {actions && (
        <DialogActions sx={{ px: 3, pb: footer ? 1 : 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      )}
      {footer && <DialogContent sx={{ pt: 0, flex: 'none' }}>{footer}</DialogContent>}
    </>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      {onSubmit ? (
        // `display: contents` keeps the Paper's column layout (scrolling content, fixed actions).
        <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
