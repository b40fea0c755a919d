/**
 * A content page in a dialog (modal `contentPage`), opened over another dialog without leaving
 * it: the Register dialog's links to the terms and the privacy policy open here, so closing it
 * returns to the form with everything typed still there (the modal stack keeps Register mounted
 * underneath). A link inside to another content page opens that page in this dialog; a link to any
 * other page of the app closes it and goes there, leaving the dialogs below open.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import { isContentSlug } from '@contract/contentPaths';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { PageBody, pageTitle } from './ContentView';
import { pageSourceFor, useDeviceCopy } from './useDeviceCopy';

const CONTENT_PAGE_PATH = /^\/general-content-page\/([^/?#]+)\/?$/;

export interface ContentDialogProps {
  modalId: string;
  /** The page to show first. */
  slug: string;
}

export function ContentDialog({ modalId, slug }: ContentDialogProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [shown, setShown] = useState(slug);
  const source = useMemo(() => (isContentSlug(shown) ? pageSourceFor(shown) : null), [shown]);
  const loaded = useDeviceCopy(source);
  const copy = source ? loaded : ({ status: 'notFound' } as const);
  const close = useCallback(() => dispatch(uiActions.modalClosed(modalId)), [dispatch, modalId]);

  const followLink = useCallback(
    (path: string) => {
      const page = CONTENT_PAGE_PATH.exec(path)?.[1];
      if (page !== undefined) {
        setShown(decodeURIComponent(page));
        return;
      }
      close();
      void navigate(path);
    },
    [close, navigate],
  );

  return (
    <AppDialog
      title={pageTitle(copy, labels.contentPage)}
      closeLabel={messages.close}
      onClose={close}
      maxWidth="sm"
      focusableContent
      actions={
        <Button variant="contained" onClick={close}>
          {messages.close}
        </Button>
      }
    >
      <PageBody copy={copy} topLevel={2} onInternalLink={followLink} />
    </AppDialog>
  );
}
