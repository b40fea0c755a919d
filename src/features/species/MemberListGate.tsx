/**
 * What the list pages (species, targeted species, gallery) show before there is a list to show, with
 * honest reasons: no region chosen yet, species still arriving from the first sync, or none of the
 * species on the device belong to the member's region and groups. Otherwise renders its children
 * with the list.
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
import { speciesTexts } from '@contract/speciesTexts';
import { selectConfig } from '../../app/configSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import type { SpeciesRow } from '../../db/rows';
import type { MemberList } from './speciesQueries';

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
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography color="text.secondary">
        {`${formatMessage(speciesTexts.speciesCount, { count: count.toLocaleString('en') })} · ${config.location.name}`}
      </Typography>
      <ChangeListButton />
    </Stack>
  );
}

export function MemberListGate({
  list,
  children,
}: {
  list: MemberList;
  children: (species: SpeciesRow[]) => ReactNode;
}) {
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
  if (list.species.length === 0 && list.storedCount === 0) {
    return (
      <Stack spacing={1} role="status">
        <Typography>{speciesTexts.speciesSyncing}</Typography>
        <LinearProgress aria-label={speciesTexts.speciesSyncing} />
      </Stack>
    );
  }
  if (list.species.length === 0) {
    return (
      <Alert severity="info" action={<ChangeListButton />}>
        {speciesTexts.speciesNoneOnList}
      </Alert>
    );
  }
  return children(list.species);
}
