/**
 * `/group-members` (SPEC §2; issue 16): the member's groups (GET groups?member=true) and finding
 * groups (GET groups?search; with no search, every group by title), each linking to its page, and
 * the way to create one. SPEC names the route but not what it shows; docs/routes.md records this
 * reading. Offline it shows the lists as last read on this device (groupsHooks.ts), without search
 * (the server searches).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Group } from '@contract/community';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { reasonOf } from '../people/embeds';
import { useGroupList } from './groupsHooks';

export const memberCountText = (count: number) =>
  count === 1 ? texts.oneMember : formatMessage(texts.memberCount, { count });

function GroupList({ groups, label }: { groups: readonly Group[]; label: string }) {
  return (
    <List aria-label={label} disablePadding>
      {groups.map((group) => (
        <ListItem key={group.group_id} divider sx={{ gap: 2, px: 0 }}>
          <Avatar src={group.avatar ?? undefined} alt="" aria-hidden>
            {group.title.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={`/group-profile/${encodeURIComponent(group.group_id)}`}
              sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {group.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {memberCountText(group.member_count)}
            </Typography>
          </Box>
          {group.role === 'admin' && <Chip size="small" label={texts.admin} />}
        </ListItem>
      ))}
    </List>
  );
}

function Section({
  title,
  answer,
  empty,
}: {
  title: string;
  answer: { data?: { groups: Group[] } | undefined; error?: unknown; isKept?: boolean };
  empty: string;
}) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : answer.data === undefined && answer.isKept ? (
        <Typography>{texts.groupsNotKept}</Typography>
      ) : answer.data === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : answer.data.groups.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <GroupList groups={answer.data.groups} label={title} />
      )}
    </Stack>
  );
}

export function GroupsPage() {
  const isOnline = useAppSelector(selectIsOnline);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  const mine = useGroupList('list:mine');
  const found = useGroupList('list:all', search);

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {texts.groupsTitle}
        </Typography>
        <Button component={RouterLink} to="/group-profile-edit" variant="contained" startIcon={<AddIcon />}>
          {texts.createGroup}
        </Button>
      </Stack>
      {!isOnline ? (
        <>
          <Alert severity="info">{texts.groupsOfflineNote}</Alert>
          <Section title={texts.myGroups} answer={mine} empty={texts.noMyGroups} />
          <Section title={texts.allGroups} answer={found} empty={texts.noGroups} />
        </>
      ) : (
        <>
          <Section title={texts.myGroups} answer={mine} empty={texts.noMyGroups} />
          <TextField
            label={texts.searchGroups}
            type="search"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
            sx={{ maxWidth: 420 }}
          />
          <Section
            title={search === '' ? texts.allGroups : formatMessage(texts.groupMatches, { search })}
            answer={found}
            empty={search === '' ? texts.noGroups : formatMessage(texts.noGroupMatches, { search })}
          />
        </>
      )}
    </Stack>
  );
}
