/**
 * `/logbooks` (SPEC §2, "My Logbooks"): the member's logbooks from the device, each with its
 * progress ("43 of 120") counted from their sightings on the device, so it works offline and moves
 * the moment a sighting is saved. Refreshed from the server once per visit while online; a member
 * with none goes to `/logbooks/overview` (SPEC §6).
 */
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage, messages } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { LOGBOOKS_OVERVIEW_PATH } from '../../app/routes/access';
import { selectUser } from '../../app/sessionSlice';
import { useOwnedLogbooks, useRefreshOwned, type LogbookWithTicks } from './logbooksQueries';

export function logbookPath(productId: string): string {
  return `/logbook/${encodeURIComponent(productId)}`;
}

function LogbookItem({ item }: { item: LogbookWithTicks }) {
  const { logbook, ticks } = item;
  const values = { seen: ticks.size, total: logbook.species.length };
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton component={RouterLink} to={logbookPath(logbook.product_id)}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap>{logbook.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatMessage(logbookTexts.progress, values)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={values.total === 0 ? 0 : (100 * values.seen) / values.total}
            aria-label={formatMessage(logbookTexts.progressLabel, values)}
            sx={{ mt: 0.5 }}
          />
        </Box>
      </ListItemButton>
    </Box>
  );
}

export function LogbooksPage() {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const refresh = useRefreshOwned(userId);
  const logbooks = useOwnedLogbooks(userId);
  // None on the device, and the server says none (or cannot be asked): the live query may lag a
  // download by a moment, so a server that counts some keeps the page waiting for them.
  const none =
    refresh === 'offline' ||
    (typeof refresh === 'object' && ('failed' in refresh || refresh.owned.length === 0));

  if (logbooks !== undefined && logbooks.length === 0 && none) {
    return <Navigate to={LOGBOOKS_OVERVIEW_PATH} replace />;
  }
  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {labels.myLogbooks}
      </Typography>
      {typeof refresh === 'object' && 'failed' in refresh && (
        <Alert severity="warning">
          {formatMessage(logbookTexts.refreshFailed, { reason: refresh.failed })}
        </Alert>
      )}
      {logbooks === undefined || logbooks.length === 0 ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <Box component="ul" aria-label={logbookTexts.myList} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {logbooks.map((item) => (
            <LogbookItem key={item.logbook.product_id} item={item} />
          ))}
        </Box>
      )}
      <Typography>
        <RouterLink to={LOGBOOKS_OVERVIEW_PATH}>{logbookTexts.whatTitle}</RouterLink>
      </Typography>
    </Stack>
  );
}
