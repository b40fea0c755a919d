/**
 * "Download PDF" on `/logbook/{product_id}`: the server makes the printable PDF of the member's
 * filled checklist (`GET logbooks/download/{id}?format=pdf`, docs/shop.md "Printing a logbook")
 * and the browser saves it under the name the server gave. It needs the network, and says so
 * offline instead of trying.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage } from '@contract/messages';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { AppThunk } from '../../app/thunk';
import { logbookPdf } from './logbooksApi';
import { saveFile } from '../../lib/saveFile';

const pdfThunk =
  (productId: string): AppThunk<Promise<string>> =>
  async (_dispatch, _getState, extra) => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const file = await logbookPdf(apiClientFrom(extra), productId, timeZone);
    const name = file.filename ?? `logbook-${productId}.pdf`;
    saveFile(file.blob, name);
    return name;
  };

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'saved'; file: string }
  | { kind: 'failed'; reason: string };

export function LogbookPdfButton({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const start = () => {
    setState({ kind: 'running' });
    dispatch(pdfThunk(productId)).then(
      (file) => {
        setState({ kind: 'saved', file });
      },
      (error: unknown) => {
        setState({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const note = !isOnline
    ? logbookTexts.pdfOffline
    : state.kind === 'running'
      ? logbookTexts.pdfPreparing
      : state.kind === 'saved'
        ? formatMessage(logbookTexts.pdfSaved, { file: state.file })
        : state.kind === 'failed'
          ? formatMessage(logbookTexts.pdfFailed, { reason: state.reason })
          : null;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        startIcon={<PictureAsPdfIcon />}
        onClick={start}
        disabled={!isOnline || state.kind === 'running'}
        aria-describedby={note === null ? undefined : 'logbook-pdf-note'}
      >
        {logbookTexts.pdfDownload}
      </Button>
      <Typography
        id="logbook-pdf-note"
        role="status"
        variant="body2"
        color={state.kind === 'failed' && isOnline ? 'error' : 'text.secondary'}
      >
        {note}
      </Typography>
    </Stack>
  );
}
