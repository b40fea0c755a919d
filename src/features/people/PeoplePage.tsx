/**
 * `/people[/{type}]` (SPEC §2 "Friends"; issue 16): the signed-in member's followers
 * (`/people/followers`), whom they follow (`/people` and `/people/following`) and finding people
 * (`/people/find`, the menu's Find Friends): with no search, the recommendations (POST
 * users/recommendation, with why each is suggested); with one, GET users. Every row has a follow
 * button. Online only (docs/routes.md): offline it shows SPEC's offline message, above the list
 * read before the signal went (a follow made then waits in the outbox, FollowButton.tsx). Guests
 * never reach it (the route table refuses friends to them, SPEC §6).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { PersonList, type ListedPerson } from './PersonList';
import { PEOPLE_MAX, PEOPLE_PAGE, useListPeopleQuery, useRecommendationsQuery } from './peopleApi';
import { reasonOf } from './reason';

const TYPES = ['following', 'followers', 'find'] as const;
type PeopleType = (typeof TYPES)[number];
const TAB_LABELS: Record<PeopleType, string> = {
  following: texts.following,
  followers: texts.followers,
  find: texts.find,
};

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [value]);
  return settled;
}

function emptyText(type: PeopleType, search: string): string {
  if (search.trim() !== '') return formatMessage(texts.noMatches, { search: search.trim() });
  if (type === 'followers') return texts.noFollowers;
  if (type === 'following') return texts.noFollowing;
  return texts.noRecommendations;
}

export function PeoplePage() {
  const { type: requested } = useParams();
  const me = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const [typed, setTyped] = useState('');
  const [limit, setLimit] = useState(PEOPLE_PAGE);
  const search = useDebounced(typed);
  const type = (TYPES as readonly string[]).includes(requested ?? 'following')
    ? ((requested ?? 'following') as PeopleType)
    : null;
  const recommending = type === 'find' && search.trim() === '';
  // Opened offline: nothing to ask. Offline later: the lists read before stay (a skipped query
  // would drop them), and a call made then fails with the offline message.
  const [openedOffline] = useState(!isOnline);
  const asksNothing = openedOffline && !isOnline;
  const listed = useListPeopleQuery(
    {
      list: type === 'followers' ? 'followers' : type === 'following' ? 'following' : 'search',
      userId: me?.user_id ?? '',
      search,
      limit,
    },
    { skip: asksNothing || !me || type === null || recommending },
  );
  const recommended = useRecommendationsQuery({ search }, { skip: asksNothing || !me || !recommending });
  useEffect(() => {
    setLimit(PEOPLE_PAGE);
  }, [type, search]);

  if (type === null) return <Navigate to="/people" replace />;
  const answer = recommending ? recommended : listed;
  const people: ListedPerson[] | undefined = answer.data?.users;
  const total = recommending ? undefined : listed.data?.count;
  const listLabel = recommending ? texts.recommended : TAB_LABELS[type];

  return (
    <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {labels.friends}
        </Typography>
        <Button component={RouterLink} to="/group-members" variant="outlined">
          {texts.groups}
        </Button>
      </Stack>
      <Tabs value={type} aria-label={texts.tabsLabel} variant="scrollable" allowScrollButtonsMobile>
        {TYPES.map((value) => (
          <Tab
            key={value}
            value={value}
            label={TAB_LABELS[value]}
            component={RouterLink}
            to={`/people/${value}`}
          />
        ))}
      </Tabs>
      <TextField
        label={texts.searchPeople}
        type="search"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
        sx={{ maxWidth: 420 }}
      />
      {!isOnline && <Alert severity="warning">{messages.offline}</Alert>}
      {people === undefined ? (
        isOnline &&
        (answer.error ? (
          <Alert severity="error">{reasonOf(answer.error)}</Alert>
        ) : (
          <CircularProgress aria-label={messages.loading} />
        ))
      ) : people.length === 0 ? (
        <Typography>{emptyText(type, search)}</Typography>
      ) : (
        <>
          {recommending && (
            <Typography variant="h6" component="h2">
              {texts.recommended}
            </Typography>
          )}
          <PersonList people={people} label={listLabel} me={me?.user_id} />
          {total !== undefined && total > people.length && limit < PEOPLE_MAX && (
            <Button
              sx={{ alignSelf: 'flex-start' }}
              disabled={answer.isFetching || !isOnline}
              onClick={() => {
                setLimit(Math.min(PEOPLE_MAX, limit + PEOPLE_PAGE));
              }}
            >
              {texts.showMore}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
