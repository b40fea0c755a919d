/**
 * `/chat-sessions` (SPEC §2, signed in): the member's conversations, newest message first, each
 * with its last message and unread count, and a search by name. Read from the device (kept when
 * seen online, chatStore.ts), so it opens offline; refreshed from the server while online. The
 * push opt-in sits here, behind a switch the member turns on (never asked at first load).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import type { ChatSessionRow } from '../../db/chatRows';
import { formatDay } from '../../lib/dateText';
import { useChatSessions } from './chatHooks';
import { sessionName, sessionPath, formatTime } from './chatFormat';
import { chatTexts } from './chatTexts';
import { PushSwitch } from './PushSwitch';

function lastLine(session: ChatSessionRow): string {
  const last = session.last_message;
  if (!last) return chatTexts.noMessageYet;
  const author = last.user_id === session.owner_id ? `${chatTexts.you}: ` : '';
  return `${author}${last.message}`;
}

function when(session: ChatSessionRow): string | null {
  const at = session.last_message?.created_at;
  if (at === undefined) return null;
  return Date.now() / 1000 - at < 86_400 ? formatTime(at) : formatDay(at);
}

function SessionItem({ session }: { session: ChatSessionRow }) {
  const name = sessionName(session);
  const time = when(session);
  const unreadText =
    session.unread > 0 ? formatMessage(chatTexts.unreadInSession, { count: session.unread }) : null;
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton component={RouterLink} to={sessionPath(session)} sx={{ gap: 2 }}>
        <Avatar src={session.avatar ?? undefined} alt="" aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
            <Typography noWrap sx={{ flex: 1, fontWeight: session.unread > 0 ? 700 : 400 }}>
              {name}
            </Typography>
            {time && (
              <Typography variant="caption" color="text.secondary">
                {time}
              </Typography>
            )}
          </Stack>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Typography noWrap variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {lastLine(session)}
            </Typography>
            {unreadText && (
              <Chip size="small" color="error" label={unreadText} data-testid="session-unread" />
            )}
          </Stack>
        </Box>
      </ListItemButton>
    </Box>
  );
}

export function ChatSessionsPage() {
  const [search, setSearch] = useState('');
  const isOnline = useAppSelector(selectIsOnline);
  const { sessions, failure } = useChatSessions(search);
  const term = search.trim();
  const empty =
    term !== ''
      ? formatMessage(chatTexts.noSessionsMatch, { search: term })
      : isOnline
        ? chatTexts.noSessions
        : chatTexts.noSessionsOffline;
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {chatTexts.sessionsHeading}
      </Typography>
      <PushSwitch />
      <TextField
        type="search"
        size="small"
        label={chatTexts.searchSessions}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
      />
      {failure && isOnline && <Alert severity="warning">{failure}</Alert>}
      {sessions === undefined ? (
        <CircularProgress aria-label={chatTexts.sessionsList} />
      ) : sessions.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" aria-label={chatTexts.sessionsList} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sessions.map((session) => (
            <SessionItem key={session.session_id} session={session} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
