/**
 * The fulfilment page's way to the logbooks just bought: it brings the member's logbooks onto the
 * device first (the /logbooks guard reads the device, SPEC §6, so a link followed before the
 * download would land on the overview) and then offers them, each by name, and My Logbooks.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../app/sessionSlice';
import { LOGBOOKS_OVERVIEW_PATH } from '../../app/routes/access';
import { logbookPath } from './LogbooksPage';
import { useOwnedLogbooks, useRefreshOwned } from './logbooksQueries';

export function BoughtLogbooks({ productIds }: { productIds: readonly string[] }) {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const refresh = useRefreshOwned(userId);
  const kept = useOwnedLogbooks(userId);
  const bought = (kept ?? []).filter((item) => productIds.includes(item.logbook.product_id));
  if (refresh === 'idle' || refresh === 'running' || kept === undefined) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <span>{logbookTexts.keeping}</span>
      </Stack>
    );
  }
  if (bought.length === 0) {
    // Offline or not yet granted: the overview refreshes again and lists what the member owns.
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {typeof refresh === 'object' && 'failed' in refresh && (
          <Alert severity="warning">
            {formatMessage(logbookTexts.refreshFailed, { reason: refresh.failed })}
          </Alert>
        )}
        <Button component={RouterLink} to={LOGBOOKS_OVERVIEW_PATH} variant="contained">
          {logbookTexts.goToMine}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {bought.map(({ logbook }) => (
        <Button
          key={logbook.product_id}
          component={RouterLink}
          to={logbookPath(logbook.product_id)}
          variant="contained"
        >
          {formatMessage(logbookTexts.open, { name: logbook.name })}
        </Button>
      ))}
      <Button component={RouterLink} to="/logbooks">
        {logbookTexts.goToMine}
      </Button>
    </Stack>
  );
}
