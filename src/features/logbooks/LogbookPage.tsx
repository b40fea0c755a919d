/**
 * `/logbook/{product_id}` (SPEC §2): one of the member's logbooks, the checklist in its printed
 * order with their sightings ticked — first date, how many, where — from the device, so it works
 * offline and a sighting saved here ticks its species at once. Filters: all, seen, not yet. Each
 * row records a sighting of its species (the recording page). "Print or save as PDF" prints the
 * page through the browser; "Download PDF" saves the server's printable PDF of the filled checklist
 * (online; docs/shop.md "Printing a logbook").
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import PrintIcon from '@mui/icons-material/Print';
import { logbookTexts } from '@contract/logbookTexts';
import { formatMessage, messages } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { LOGBOOKS_OVERVIEW_PATH } from '../../app/routes/access';
import { selectUser } from '../../app/sessionSlice';
import type { LogbookSpeciesEntry } from '../../db/logbookRows';
import { formatDay } from '../../lib/dateText';
import { recordPath } from '../observations';
import { LogbookPdfButton } from './LogbookPdfButton';
import { useOwnedLogbook, useRefreshOwned } from './logbooksQueries';
import type { Tick } from './logbookTicks';

type Filter = 'all' | 'seen' | 'not-yet';

/** What a row says of the member's sightings of its species. */
export function tickText(tick: Tick | undefined): string {
  if (!tick) return logbookTexts.notSeen;
  const parts = [
    formatMessage(logbookTexts.seenOn, { date: formatDay(tick.first_date) }),
    tick.count === 1
      ? logbookTexts.oneSighting
      : formatMessage(logbookTexts.timesSeen, { count: tick.count }),
  ];
  if (tick.place) parts.push(tick.place);
  return parts.join(' · ');
}

function Row({ entry, tick }: { entry: LogbookSpeciesEntry; tick: Tick | undefined }) {
  const TickIcon = tick ? CheckBoxIcon : CheckBoxOutlineBlankIcon;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <TickIcon
        color={tick ? 'success' : 'disabled'}
        titleAccess={tick ? logbookTexts.filterSeen : logbookTexts.notSeen}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="span" sx={{ fontWeight: tick ? 600 : 400 }}>
          {entry.name}
        </Typography>{' '}
        <Typography component="span" variant="body2" sx={{ fontStyle: 'italic' }} color="text.secondary">
          {entry.scientific_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {tickText(tick)}
        </Typography>
      </Box>
      <IconButton
        component={RouterLink}
        to={recordPath(entry.species_id)}
        aria-label={formatMessage(logbookTexts.recordOf, { name: entry.name })}
        sx={{ displayPrint: 'none' }}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/** Printing shows the checklist only: the app's bars and menus stay on screen. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, footer, .MuiAppBar-root, .MuiDrawer-root, .MuiBottomNavigation-root, .MuiFab-root': {
          display: 'none !important',
        },
      },
    }}
  />
);

export function LogbookPage() {
  const { product_id: productId } = useParams();
  const userId = useAppSelector(selectUser)?.user_id ?? null;
  const refresh = useRefreshOwned(userId);
  const item = useOwnedLogbook(userId, productId);
  const [filter, setFilter] = useState<Filter>('all');
  const isOnline = useAppSelector(selectIsOnline);

  // Not on the device yet while the refresh runs, or while its download reaches the live query.
  const coming =
    refresh === 'idle' ||
    refresh === 'running' ||
    (typeof refresh === 'object' && 'owned' in refresh && refresh.owned.includes(productId ?? ''));
  if (item === undefined || (item === null && coming)) {
    return <CircularProgress aria-label={messages.loading} sx={{ my: 3 }} />;
  }
  if (item === null) {
    return (
      <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
        <Alert severity="info">{!isOnline ? logbookTexts.notOnDevice : logbookTexts.notOwned}</Alert>
        <Button component={RouterLink} to={LOGBOOKS_OVERVIEW_PATH} sx={{ alignSelf: 'start' }}>
          {logbookTexts.whatTitle}
        </Button>
      </Stack>
    );
  }
  const { logbook, ticks } = item;
  const shown = logbook.species.filter((entry) =>
    filter === 'all' ? true : filter === 'seen' ? ticks.has(entry.species_id) : !ticks.has(entry.species_id),
  );
  const progress = { seen: ticks.size, total: logbook.species.length };

  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 820 }}>
      {printStyles}
      <Typography variant="h4" component="h1">
        {logbook.name}
      </Typography>
      <Typography aria-label={formatMessage(logbookTexts.progressLabel, progress)}>
        {formatMessage(logbookTexts.progress, progress)}
      </Typography>
      <Typography sx={{ display: 'none', displayPrint: 'block' }} variant="body2">
        {formatMessage(logbookTexts.printedOn, { date: formatDay(Math.floor(Date.now() / 1000)) })}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', displayPrint: 'none' }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_event, value: Filter | null) => {
            if (value) setFilter(value);
          }}
          aria-label={logbookTexts.filter}
        >
          <ToggleButton value="all">{logbookTexts.filterAll}</ToggleButton>
          <ToggleButton value="seen">{logbookTexts.filterSeen}</ToggleButton>
          <ToggleButton value="not-yet">{logbookTexts.filterNotYet}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          startIcon={<PrintIcon />}
          onClick={() => {
            window.print();
          }}
        >
          {logbookTexts.print}
        </Button>
        <LogbookPdfButton productId={logbook.product_id} />
      </Stack>
      {shown.length === 0 ? (
        <Typography>{logbookTexts.emptyFilter}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={formatMessage(logbookTexts.checklist, { name: logbook.name })}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {shown.map((entry) => (
            <Row key={entry.species_id} entry={entry} tick={ticks.get(entry.species_id)} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
