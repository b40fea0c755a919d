/**
 * Other members' public sightings, online only (publicSightingsApi.ts says which calls and why):
 * by species for everyone (`?species=`), or one member's (`?user_id=`, members only). The
 * signed-in member's own sightings are left out: they are in the other tab, from the device.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { sightingTexts } from '../texts';
import type { ObservationItem } from '@contract/observations';
import { useAppSelector } from '../../../app/hooks';
import { selectIsOnline } from '../../../app/networkSlice';
import { selectUser } from '../../../app/sessionSlice';
import type { SpeciesRow } from '../../../db/rows';
import { withParam } from '../../../lib/searchParams';
import { useGetMemberPublicSightingsQuery, useGetSpeciesPublicSightingsQuery } from './publicSightingsApi';
import { speciesNameOf, thumbOf, UNSPECIFIED_SPECIES, type SightingItem } from './sightingItems';
import { SightingList } from './SightingList';
import { useSpeciesOnDevice, useSpeciesOptions } from './sightingsQueries';
import { SpeciesChooser } from './SpeciesChooser';

interface Answer {
  data?: { observations: ObservationItem[] };
  error?: unknown;
  isFetching: boolean;
}

function itemOf(observation: ObservationItem, species: SpeciesRow | undefined): SightingItem {
  const answered = observation.species;
  const facts = species ?? (answered && { name: answered.name, photo: { thumbs: [] } });
  return {
    observation,
    speciesName: speciesNameOf(observation, facts),
    thumb: thumbOf(observation, facts) ?? answered?.thumb ?? null,
    sync: null,
  };
}

/** The answer's sightings of other members as rows, or why there are none. */
function AnswerList({
  answer,
  emptyText,
  ownId,
}: {
  answer: Answer;
  emptyText: string;
  ownId: string | null;
}) {
  const others = useMemo(
    () => answer.data?.observations.filter((observation) => observation.user_id !== ownId),
    [answer.data, ownId],
  );
  const species = useSpeciesOnDevice(
    useMemo(() => [...new Set(others?.map((item) => item.species_id ?? ''))].filter(Boolean), [others]),
  );
  if (answer.error) {
    const error = answer.error as { reason?: unknown };
    const reason = typeof error.reason === 'string' ? error.reason : messages.serverError;
    return <Alert severity="error">{reason}</Alert>;
  }
  if (others === undefined || species === undefined || answer.isFetching) {
    return <CircularProgress aria-label={messages.loading} />;
  }
  if (others.length === 0) return <Alert severity="info">{emptyText}</Alert>;
  const items = others.map((observation) =>
    itemOf(observation, observation.species_id === null ? undefined : species.get(observation.species_id)),
  );
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary">
        {formatMessage(sightingTexts.sightingsCount, { count: items.length })}
      </Typography>
      <SightingList items={items} label={sightingTexts.sightingsPublic} />
    </>
  );
}

function SpeciesSightings({ speciesId, ownId }: { speciesId: string; ownId: string | null }) {
  const answer = useGetSpeciesPublicSightingsQuery(speciesId || skipToken);
  if (!speciesId) return <Alert severity="info">{sightingTexts.sightingsPublicChoose}</Alert>;
  return <AnswerList answer={answer} emptyText={sightingTexts.sightingsPublicNone} ownId={ownId} />;
}

function MemberSightings({ memberId, ownId }: { memberId: string; ownId: string | null }) {
  const answer = useGetMemberPublicSightingsQuery(memberId);
  return <AnswerList answer={answer} emptyText={sightingTexts.sightingsPublicMemberNone} ownId={ownId} />;
}

export function PublicSightings() {
  const isOnline = useAppSelector(selectIsOnline);
  const ownId = useAppSelector(selectUser)?.user_id ?? null;
  const [params, setParams] = useSearchParams();
  const memberId = params.get('user_id') ?? '';
  const chosen = params.get('species') ?? '';
  // Unspecified sightings have no species to ask the server about.
  const speciesId = chosen === UNSPECIFIED_SPECIES ? '' : chosen;
  const options = useSpeciesOptions();

  const setParam = (name: string, value: string) => {
    setParams((current) => withParam(current, name, value), { replace: true });
  };

  if (!isOnline) return <Alert severity="warning">{messages.offline}</Alert>;
  if (memberId && ownId !== memberId) {
    return (
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {sightingTexts.sightingsPublicOfMember}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            onClick={() => {
              setParam('user_id', '');
            }}
          >
            {sightingTexts.sightingsPublicAllMembers}
          </Button>
        </Stack>
        {ownId === null ? (
          <Alert severity="info">{sightingTexts.sightingsSignInPrompt}</Alert>
        ) : (
          <MemberSightings memberId={memberId} ownId={ownId} />
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {options === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : (
        <SpeciesChooser
          label={sightingTexts.sightingsFilterSpecies}
          choices={options}
          value={speciesId}
          onChange={(id) => {
            setParam('species', id);
          }}
        />
      )}
      <SpeciesSightings speciesId={speciesId} ownId={ownId} />
    </Stack>
  );
}
