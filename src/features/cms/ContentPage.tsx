/**
 * `/general-content-page/:slug` (terms-conditions, privacy-policy, and any page the CMS holds): the
 * page from the server, saved on the device so it opens offline afterwards (useDeviceCopy.ts).
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isContentSlug } from '@contract/contentPaths';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import { PageBody, pageTitle } from './ContentView';
import { pageSourceFor, useDeviceCopy } from './useDeviceCopy';

export function ContentPage() {
  const { slug = '' } = useParams();
  const source = useMemo(() => (isContentSlug(slug) ? pageSourceFor(slug) : null), [slug]);
  const loaded = useDeviceCopy(source);
  // An address that cannot name a page is not asked for: it is simply not found.
  const copy = source ? loaded : ({ status: 'notFound' } as const);
  return (
    <Stack component="article" spacing={2} sx={{ py: 4, maxWidth: 760 }}>
      <Typography variant="h4" component="h1">
        {pageTitle(copy, labels.contentPage)}
      </Typography>
      <PageBody copy={copy} topLevel={1} />
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          {messages.backHome}
        </Button>
      </div>
    </Stack>
  );
}
