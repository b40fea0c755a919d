/**
 * The top of both menus (SPEC §2 "Shell and menus"): signed out, the Sign Up prompt; signed in, the
 * avatar and nickname (opening the profile) and the unread-messages badge (opening /chat-sessions);
 * then the share-app button. The desktop side menu and the phone's /menu show the same, so a phone
 * reaches all of it too.
 */
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/Chat';
import ShareIcon from '@mui/icons-material/Share';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { selectUnreadMessages, uiActions } from '../uiSlice';
import type { SessionUser } from '../../db/kv';

/**
 * Unread chat messages of the member: the chat domain keeps the count in the store from its live
 * channel, and from GET chats/status polled every 60 s while signed in (SPEC §7, §9).
 */
function useUnreadMessageCount(): number {
  return useAppSelector(selectUnreadMessages);
}

function SignUpPrompt() {
  const dispatch = useAppDispatch();
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Typography variant="body2">{messages.signUpPrompt}</Typography>
      <Button
        variant="contained"
        size="small"
        onClick={() => dispatch(uiActions.modalOpened({ name: 'register', props: {} }))}
      >
        {messages.signUp}
      </Button>
    </Stack>
  );
}

function MemberCard({ user }: { user: SessionUser }) {
  const unread = useUnreadMessageCount();
  const messagesName =
    unread > 0 ? formatMessage(messages.unreadMessagesCount, { count: unread }) : messages.unreadMessages;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', p: 1, gap: 0.5 }}>
      <Button
        component={RouterLink}
        to="/profile"
        title={messages.openProfile}
        color="inherit"
        sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textTransform: 'none', gap: 1 }}
      >
        <Avatar src={user.avatar ?? undefined} alt="" aria-hidden sx={{ width: 32, height: 32 }}>
          {user.nickname.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography component="span" noWrap sx={{ fontWeight: 500 }}>
          {user.nickname}
        </Typography>
      </Button>
      <IconButton component={RouterLink} to="/chat-sessions" aria-label={messagesName} title={messagesName}>
        <Badge badgeContent={unread} color="error" max={99} invisible={unread === 0}>
          <ChatIcon />
        </Badge>
      </IconButton>
    </Stack>
  );
}

export function MenuAccount() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <>
      {user ? <MemberCard user={user} /> : <SignUpPrompt />}
      <Box sx={{ px: 2, pb: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ShareIcon />}
          fullWidth
          onClick={() => dispatch(uiActions.modalOpened({ name: 'share', props: {} }))}
        >
          {messages.shareApp}
        </Button>
      </Box>
    </>
  );
}
