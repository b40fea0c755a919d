/**
 * The PDF button of the ebook pages (the whole book on its details page, one chapter on the
 * chapter page): it runs the export, is off while it runs or offline, and says beside it, as a
 * status the screen reader hears, what is happening, what was saved or why nothing was.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { formatMessage } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';

type PdfState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'saved'; file: string }
  | { kind: 'failed'; reason: string };

export interface PdfExportTexts {
  button: string;
  /** Before any export: what the PDF holds. */
  idle: string;
  preparing: string;
  /** With {file}. */
  saved: string;
  /** With {reason}. */
  failed: string;
}

/** `run` makes and saves the PDF and answers the saved file's name. */
export function PdfExportButton({ run, texts }: { run: () => Promise<string>; texts: PdfExportTexts }) {
  const isOnline = useAppSelector(selectIsOnline);
  const [state, setState] = useState<PdfState>({ kind: 'idle' });
  const noteId = useId();

  const start = () => {
    setState({ kind: 'running' });
    run().then(
      (file) => {
        setState({ kind: 'saved', file });
      },
      (error: unknown) => {
        setState({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const note =
    state.kind === 'running'
      ? texts.preparing
      : state.kind === 'saved'
        ? formatMessage(texts.saved, { file: state.file })
        : state.kind === 'failed'
          ? formatMessage(texts.failed, { reason: state.reason })
          : texts.idle;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfIcon />}
        onClick={start}
        disabled={!isOnline || state.kind === 'running'}
        aria-describedby={noteId}
        sx={{ alignSelf: 'flex-start' }}
      >
        {texts.button}
      </Button>
      <Typography
        id={noteId}
        role="status"
        variant="body2"
        color={state.kind === 'failed' ? 'error' : 'text.secondary'}
      >
        {note}
      </Typography>
    </Stack>
  );
}
