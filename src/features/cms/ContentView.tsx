/**
 * The parts a content page shows wherever it opens (its route, the dialog over Register): the date
 * of its last change, a note when the copy comes from the device, the Markdown; and the words for a
 * page that cannot be shown. The caller renders the title (an h1 on the page, the dialog's title).
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContentPage } from '@contract/content';
import { formatMessage, messages } from '@contract/messages';
import { Markdown } from './Markdown';
import { contentTexts } from './contentTexts';
import type { DeviceCopy } from './useDeviceCopy';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The note above a copy shown from the device (null: the server's current answer). */
export function SavedCopyNote({
  saved,
}: {
  saved: Extract<DeviceCopy<unknown>, { status: 'ready' }>['saved'];
}) {
  if (!saved) return null;
  return (
    <Alert severity="info" variant="outlined">
      {saved.offline
        ? contentTexts.contentOfflineCopy
        : formatMessage(contentTexts.contentFailed, { reason: saved.reason })}
    </Alert>
  );
}

export function Loading() {
  return (
    <Stack sx={{ py: 4, alignItems: 'center' }}>
      <CircularProgress aria-label={messages.loading} />
    </Stack>
  );
}

/** The title to show for a page in each state. */
export function pageTitle(copy: DeviceCopy<ContentPage>, fallback: string): string {
  if (copy.status === 'ready') return copy.value.title;
  if (copy.status === 'notFound') return messages.pageNotFoundTitle;
  if (copy.status === 'notSaved') return contentTexts.contentNotSaved;
  return fallback;
}

export interface PageBodyProps {
  copy: DeviceCopy<ContentPage>;
  /** The heading level a Markdown `#` becomes: 1 under a page's h1, 2 under a dialog's h2 title. */
  topLevel: number;
  /** Takes over links to other pages of the app (the dialog); without it they navigate. */
  onInternalLink?: (path: string) => void;
}

/** Everything of a page below its title, for each state of its copy. */
export function PageBody({ copy, topLevel, onInternalLink }: PageBodyProps) {
  switch (copy.status) {
    case 'loading':
      return <Loading />;
    case 'notFound':
      return <Typography>{contentTexts.contentNotFoundBody}</Typography>;
    case 'notSaved':
      return <Typography>{contentTexts.contentNotSavedBody}</Typography>;
    case 'failed':
      return (
        <Alert severity="error">{formatMessage(contentTexts.contentFailed, { reason: copy.reason })}</Alert>
      );
    case 'ready':
      return (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {formatMessage(contentTexts.contentUpdated, {
              date: dateFormat.format(new Date(copy.value.updated_at * 1000)),
            })}
          </Typography>
          <SavedCopyNote saved={copy.saved} />
          <Markdown
            markdown={copy.value.content}
            topLevel={topLevel}
            {...(onInternalLink ? { onInternalLink } : {})}
          />
        </Stack>
      );
  }
}
