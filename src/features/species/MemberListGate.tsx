/**
 * What the list pages (species, targeted species, gallery) show before there is a list to show, with
 * honest reasons, and the sync's progress above the list while species are arriving.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import { formatMessage, messages } from '@contract/messages';
import { selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { uiActions } from '../../app/uiSlice';
import type { SpeciesRow } from '../../db/rows';
import type { MemberList } from './speciesQueries';
import { speciesTexts } from './speciesTexts';
import { useSpeciesSyncStatus, type SpeciesSyncView } from './sync/hooks';

/** Opens Customize Your Experience, where the region and animal groups are chosen. */
export function ChangeListButton({ label = speciesTexts.speciesChangeList }: { label?: string }) {
  const dispatch = useAppDispatch();
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<TuneIcon />}
      aria-haspopup="dialog"
      onClick={() =>
        dispatch(uiActions.modalOpened({ name: 'config', props: { section: 'all', showBack: true } }))
      }
    >
      {label}
    </Button>
  );
}

/** "1,234 species · Western Cape", or nothing while loading. */
export function ListSummary({ count }: { count: number | undefined }) {
  const config = useAppSelector(selectConfig);
  if (count === undefined || !config.location) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography color="text.secondary">
        {`${formatMessage(speciesTexts.speciesCount, { count: count.toLocaleString('en') })} · ${config.location.name}`}
      </Typography>
      <ChangeListButton />
    </Stack>
  );
}

/** The sync's progress while species arrive: a bar with the percent when the total is known. */
function SyncProgress({ percent }: { percent: number | null }) {
  return (
    <Stack spacing={1}>
      <Typography role="status">{speciesTexts.speciesSyncing}</Typography>
      <LinearProgress
        aria-label={speciesTexts.speciesSyncing}
        {...(percent === null ? {} : { variant: 'determinate' as const, value: percent })}
      />
    </Stack>
  );
}

/** A new server still seeding its lists: what is here is searchable, the rest is on its way. */
function ServerLoading({ loading }: { loading: SpeciesSyncView['serverLoading'] }) {
  if (!loading) return null;
  return (
    <Alert severity="info" role="status">
      {formatMessage(speciesTexts.speciesServerLoading, {
        done: loading.done.toLocaleString('en'),
        total: loading.total > 0 ? loading.total.toLocaleString('en') : '…',
      })}
    </Alert>
  );
}

/**
 * Renders the list once there is one. Before that, says why not: no region yet; species arriving
 * (the sync's progress, from the species sync's state; above the list, a notice while the server
 * itself is still loading the lists); offline or a failed sync with nothing on the
 * device yet; or none of the synced species on the member's list.
 */
export function MemberListGate({
  list,
  children,
}: {
  list: MemberList;
  children: (species: SpeciesRow[]) => ReactNode;
}) {
  const sync = useSpeciesSyncStatus();
  const isOnline = useAppSelector(selectIsOnline);
  if (!list.filter) {
    return (
      <Alert severity="info" action={<ChangeListButton label={speciesTexts.speciesChooseList} />}>
        {speciesTexts.speciesNoConfig}
      </Alert>
    );
  }
  if (list.species === undefined || list.storedCount === undefined) {
    return <CircularProgress aria-label={messages.loading} />;
  }
  if (list.species.length > 0) {
    return (
      <>
        {sync.status === 'syncing' && <SyncProgress percent={sync.percent} />}
        <ServerLoading loading={sync.serverLoading} />
        {children(list.species)}
      </>
    );
  }
  const isEmpty = list.storedCount === 0;
  if (sync.status === 'syncing' || (isEmpty && sync.status === 'idle' && isOnline)) {
    return <SyncProgress percent={sync.percent} />;
  }
  if (isEmpty && !isOnline) return <Alert severity="warning">{messages.speciesSyncOffline}</Alert>;
  if (isEmpty && sync.status === 'failed')
    return <Alert severity="warning">{messages.speciesSyncFailed}</Alert>;
  return (
    <Alert severity="info" action={<ChangeListButton />}>
      {speciesTexts.speciesNoneOnList}
    </Alert>
  );
}
