/**
 * `/logbooks/overview` (where `/logbooks` sends a member without a logbook; anyone may open it):
 * what logbooks are, the ones on sale (each linking to its shop page, online only, as the shop is),
 * and activating a printed code. A member's own logbooks are brought onto the device here too, so a
 * logbook bought on another device shows up with a way to it.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { logbookTexts } from '@contract/logbookTexts';
import type { Logbook } from '@contract/logbooks';
import { formatMessage, messages } from '@contract/messages';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { ActivateCode } from './ActivateCode';
import { logbooksForSale } from './logbooksApi';
import { useOwnedLogbooks, useRefreshOwned } from './logbooksQueries';
import { logbookPath } from './LogbooksPage';

const forSaleThunk = (): AppThunk<Promise<Logbook[]>> => (_dispatch, _getState, extra) =>
  logbooksForSale(apiClientFrom(extra));

function useForSale(): Logbook[] | { failed: string } | undefined {
  const dispatch = useAppDispatch();
  const isOnline = useAppSelector(selectIsOnline);
  const [answer, setAnswer] = useState<Logbook[] | { failed: string }>();
  useEffect(() => {
    if (!isOnline) return;
    let live = true;
    dispatch(forSaleThunk()).then(
      (logbooks) => {
        if (live) setAnswer(logbooks);
      },
      (error: unknown) => {
        if (live) setAnswer({ failed: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, isOnline]);
  return answer;
}

function OnSale({ owned }: { owned: ReadonlySet<string> }) {
  const isOnline = useAppSelector(selectIsOnline);
  const forSale = useForSale();
  if (!isOnline) return <Alert severity="info">{logbookTexts.onSaleOffline}</Alert>;
  if (forSale === undefined) return <CircularProgress aria-label={messages.loading} />;
  if (!Array.isArray(forSale)) return <Alert severity="warning">{forSale.failed}</Alert>;
  if (forSale.length === 0) return <Typography>{logbookTexts.noneOnSale}</Typography>;
  return (
    <Box component="ul" aria-label={logbookTexts.onSale} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {forSale.map((logbook) => (
        <Box
          component="li"
          key={logbook.product_id}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="h6" component="h3">
            {logbook.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatMessage(logbookTexts.speciesCount, { count: logbook.species_total })}
          </Typography>
          <Typography sx={{ my: 1 }}>{logbook.description}</Typography>
          {owned.has(logbook.product_id) ? (
            <Button component={RouterLink} to={logbookPath(logbook.product_id)} variant="outlined">
              {formatMessage(logbookTexts.open, { name: logbook.name })}
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to={`/product/${encodeURIComponent(logbook.product_id)}`}
              variant="outlined"
            >
              {formatMessage(logbookTexts.seeInShop, { name: logbook.name })}
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}

export function LogbooksOverviewPage() {
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  useRefreshOwned(userId);
  const mine = useOwnedLogbooks(userId);
  const owned = new Set((mine ?? []).map((item) => item.logbook.product_id));

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {labels.logbooksOverview}
      </Typography>
      {owned.size > 0 && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" component={RouterLink} to="/logbooks">
              {logbookTexts.goToMine}
            </Button>
          }
        >
          {labels.myLogbooks}: {(mine ?? []).map((item) => item.logbook.name).join(', ')}
        </Alert>
      )}
      <Stack component="section" aria-labelledby="what-heading" spacing={1}>
        <Typography id="what-heading" variant="h5" component="h2">
          {logbookTexts.whatTitle}
        </Typography>
        <Typography>{logbookTexts.what}</Typography>
        <Typography>{logbookTexts.how}</Typography>
      </Stack>
      <Stack component="section" aria-labelledby="sale-heading" spacing={1}>
        <Typography id="sale-heading" variant="h5" component="h2">
          {logbookTexts.onSale}
        </Typography>
        <OnSale owned={owned} />
      </Stack>
      <ActivateCode />
    </Stack>
  );
}
