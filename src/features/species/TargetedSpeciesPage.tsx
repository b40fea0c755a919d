/**
 * `/targeted-species` (SPEC §2): the species of the member's region and animal groups they have not
 * recorded yet, in taxonomic order, computed on the device from the species table and the member's
 * own sightings (recordedSpecies.ts), so it works offline and updates as sightings are saved. The
 * API's `GET species_targeted` answers the same question online for a position; the page needs no
 * network.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../../app/sessionSlice';
import type { SpeciesRow } from '../../db/rows';
import { ListSummary, MemberListGate } from './MemberListGate';
import { withFamilyHeaders } from './speciesList';
import { useMemberList, useRecordedSpeciesIds } from './speciesQueries';
import { SpeciesVirtualList } from './SpeciesVirtualList';
import { speciesTexts } from './speciesTexts';

function Targets({ species, languageId }: { species: SpeciesRow[]; languageId: string | null }) {
  const recorded = useRecordedSpeciesIds();
  const targets = useMemo(
    () => (recorded ? species.filter((row) => !recorded.has(row.id)) : undefined),
    [species, recorded],
  );
  const items = useMemo(() => (targets ? withFamilyHeaders(targets) : undefined), [targets]);
  if (!targets || !items) return null;
  if (targets.length === 0) return <Alert severity="success">{speciesTexts.targetedAllRecorded}</Alert>;
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {formatMessage(speciesTexts.targetedCount, {
          count: targets.length.toLocaleString('en'),
          total: species.length.toLocaleString('en'),
        })}
      </Typography>
      <SpeciesVirtualList items={items} languageId={languageId} label={labels.targetedSpecies} />
    </>
  );
}

export function TargetedSpeciesPage() {
  const list = useMemberList();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.targetedSpecies}
      </Typography>
      <Typography>{speciesTexts.targetedIntro}</Typography>
      {!isSignedIn && <Alert severity="info">{speciesTexts.targetedGuest}</Alert>}
      <ListSummary count={list.species?.length} />
      <MemberListGate list={list}>
        {(species) => <Targets species={species} languageId={list.languageId} />}
      </MemberListGate>
    </Stack>
  );
}
