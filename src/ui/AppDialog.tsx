/**
 * The app's modal dialog: MUI Dialog with a title that names it (aria-labelledby), a labelled
 * close button, and optionally a form as its surface so Enter submits and the actions are its
 * buttons. Browser validation is off (noValidate): the spec's own messages explain what is wrong.
 *
 * A dialog may instead (or as well) have a back arrow before its title (Share with Friends, the
 * config dialog when going back is allowed). Without `onClose` it cannot be dismissed by Escape or
 * the backdrop: the member leaves it through its own buttons.
 */
import { useId, type SubmitEvent, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';

export interface AppDialogProps {
  title: string;
  /** Accessible name of the close (×) button, which shows when this and `onClose` are given. */
  closeLabel?: string;
  /** Escape, the backdrop and the close button call it; without it the dialog stays until acted on. */
  onClose?: () => void;
  /** A back arrow before the title. */
  back?: { label: string; onClick: () => void };
  /** Makes the dialog a form: Enter in a field submits it. */
  onSubmit?: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Below the actions, e.g. "Don't have an account? Create yours now". */
  footer?: ReactNode;
  maxWidth?: 'xs' | 'sm';
  /**
   * The content is long text that may scroll with nothing focusable in it (a content page): it
   * takes keyboard focus, so it can be scrolled with the keys (WCAG 2.1.1), named by the title.
   */
  focusableContent?: boolean;
}

export function AppDialog({
  title,
  closeLabel,
  onClose,
  back,
  onSubmit,
  children,
  actions,
  footer,
  maxWidth = 'xs',
  focusableContent = false,
}: AppDialogProps) {
  const titleId = useId();
  const showClose = closeLabel !== undefined && onClose !== undefined;
  const body = (
    <>
      <DialogContent
        {...(focusableContent ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
      >
        {children}
      </DialogContent>
      {actions && (
        <DialogActions sx={{ px: 3, pb: footer ? 1 : 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      )}
      {footer && <DialogContent sx={{ pt: 0, flex: 'none' }}>{footer}</DialogContent>}
    </>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId} sx={{ pr: showClose ? 7 : 3, pl: back ? 7 : 3 }}>
        {title}
      </DialogTitle>
      {back && (
        <IconButton
          aria-label={back.label}
          onClick={back.onClick}
          sx={{ position: 'absolute', left: 8, top: 8 }}
        >
          <ArrowBackIcon />
        </IconButton>
      )}
      {showClose && (
        <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      )}
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
