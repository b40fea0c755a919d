/**
 * `/chat/{user_id}` and `/chat/{user_id}/session/{session_id}` (SPEC §2, signed in): the
 * conversation, grouped by day, oldest at the top with older pages loaded when the member scrolls
 * up to them (or presses Load older), the message they were reading staying in place; live
 * while the channel is open (chatRuntime.ts), caught up by polling while it is not. What was read
 * before is kept on the device and shows offline; a message written offline shows as waiting and
 * is sent, in order, once, when the device is back online (chatWrites.ts). Opening marks read.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type SubmitEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGE_MAX_LENGTH } from '@contract/chat';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { conversationOf, formatTime, sessionName, type ShownMessage } from './chatFormat';
import { discardPendingMessage, useConversation } from './chatHooks';
import { chatTexts } from './chatTexts';
import { PushPrompt } from './PushPrompt';

function MessageBubble({ message, own, author }: { message: ShownMessage; own: boolean; author: string }) {
  const dispatch = useAppDispatch();
  return (
    <Box
      component="li"
      data-testid="chat-message"
      data-message-id={message.message_id}
      data-state={message.state}
      sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: own ? 'primary.main' : 'grey.200',
          color: own ? 'primary.contrastText' : 'text.primary',
          opacity: message.state === 'sent' ? 1 : 0.85,
        }}
      >
        {!own && (
          <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
            {author}
          </Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
        <Typography variant="caption" component="p" sx={{ textAlign: 'right' }}>
          {message.state === 'pending' ? chatTexts.pending : formatTime(message.created_at)}
        </Typography>
        {message.state === 'refused' && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Typography variant="caption">
              {formatMessage(chatTexts.refused, { reason: message.refused ?? '' })}
            </Typography>
            <Button
              size="small"
              color="inherit"
              onClick={() => void dispatch(discardPendingMessage(message.message_id))}
            >
              {chatTexts.discard}
            </Button>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

function Composer({ onSend }: { onSend: (text: string) => Promise<unknown> }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const submit = (event?: SubmitEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (message === '' || sending) return;
    // The draft is emptied now, not when the send settles: what the member types meanwhile is the
    // next message and must not be wiped. A refused message comes back only into an empty field.
    setText('');
    setSending(true);
    onSend(message)
      .catch((error: unknown) => {
        setText((typed) => (typed === '' ? message : typed));
        dispatch(
          uiActions.toastShown({
            severity: 'error',
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      })
      .finally(() => {
        setSending(false);
      });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) submit();
  };
  return (
    <Stack component="form" direction="row" onSubmit={submit} sx={{ gap: 1, alignItems: 'flex-end' }}>
      <TextField
        label={chatTexts.messageLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        multiline
        maxRows={6}
        fullWidth
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" disabled={sending || text.trim() === ''}>
        {chatTexts.send}
      </Button>
    </Stack>
  );
}

/** Scrolling to within this distance of the oldest message shown loads the page before it. */
const NEAR_TOP_PX = 300;

/** The message element shown first in `list`, with where it is on screen now. */
function firstShown(list: HTMLElement | null): { id: string; top: number } | null {
  const first = list?.querySelector<HTMLElement>('[data-message-id]');
  const id = first?.dataset.messageId;
  return first && id ? { id, top: first.getBoundingClientRect().top } : null;
}

/**
 * Loads older pages as the member scrolls up to the start of the conversation, and keeps the
 * message that was first on screen where it was once they are added above it (the page, not a
 * box, scrolls: the window's scroll moves by how far that message was pushed down).
 */
function useOlderOnScroll(
  list: RefObject<HTMLElement | null>,
  start: RefObject<HTMLElement | null>,
  firstId: string | undefined,
  canLoad: boolean,
  loadOlder: () => void,
) {
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const loadKeepingPlace = useCallback(() => {
    anchor.current = firstShown(list.current);
    loadOlder();
  }, [list, loadOlder]);

  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || kept.id === firstId) return;
    anchor.current = null;
    const element = [...(list.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [])].find(
      (item) => item.dataset.messageId === kept.id,
    );
    if (element) window.scrollBy(0, element.getBoundingClientRect().top - kept.top);
  }, [list, firstId]);

  useEffect(() => {
    if (!canLoad) return;
    const onScroll = () => {
      const edge = start.current?.getBoundingClientRect();
      if (edge && edge.bottom > -NEAR_TOP_PX) loadKeepingPlace();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
    };
  }, [start, canLoad, loadKeepingPlace]);

  return loadKeepingPlace;
}

export function ChatPage() {
  const { user_id: userId, session_id: sessionIdParam } = useParams();
  const chat = useConversation(userId, sessionIdParam);
  const listEnd = useRef<HTMLDivElement>(null);
  const listStart = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLElement>(null);
  const ownerId = chat.ownerId ?? '';
  const groups = chat.messages ? conversationOf(chat.messages, chat.pending, ownerId) : [];
  const shownCount = groups.reduce((sum, group) => sum + group.messages.length, 0);
  const nameOf = (authorId: string | null) =>
    chat.members?.find((member) => member.user_id === authorId)?.nickname ??
    (authorId === chat.session?.user_id ? chat.session.nickname : null) ??
    '';
  const other = chat.members?.find((member) => member.user_id === userId);
  const others = chat.members?.filter((member) => member.user_id !== ownerId) ?? [];
  const title = chat.session
    ? sessionName(chat.session)
    : (other?.nickname ??
      (others.length > 0
        ? sessionName({ kind: 'group', nickname: null, title: null, members: others })
        : ''));

  // The newest message stays in view as messages arrive.
  const lastId = groups.at(-1)?.messages.at(-1)?.message_id;
  useLayoutEffect(() => {
    // Optional: jsdom and some older engines have no scrollIntoView.
    (listEnd.current as Partial<HTMLElement> | null)?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const canLoadOlder = chat.more && chat.isOnline && !chat.loadingOlder;
  const loadOlder = useOlderOnScroll(
    list,
    listStart,
    groups[0]?.messages[0]?.message_id,
    canLoadOlder,
    chat.loadOlder,
  );

  const heading = title ? formatMessage(chatTexts.conversationWith, { name: title }) : chatTexts.messagesList;
  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        {userId && chat.session?.kind !== 'group' && (
          <Avatar
            component={RouterLink}
            to={`/profile/${encodeURIComponent(userId)}`}
            src={chat.session?.avatar ?? other?.avatar ?? undefined}
            aria-label={formatMessage(chatTexts.openProfile, { name: title })}
            alt=""
          >
            {title.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {heading}
        </Typography>
        {chat.live && <Chip size="small" color="success" label={chatTexts.live} />}
      </Stack>
      {chat.isOnline && <PushPrompt />}
      {!chat.isOnline && <Alert severity="info">{chatTexts.pendingOffline}</Alert>}
      {chat.failure && chat.isOnline && <Alert severity="warning">{chat.failure}</Alert>}
      {chat.more && chat.isOnline && (
        <Button onClick={loadOlder} disabled={chat.loadingOlder} sx={{ alignSelf: 'center' }}>
          {chatTexts.loadOlder}
        </Button>
      )}
      {chat.messages === undefined || (!chat.loaded && chat.isOnline && shownCount === 0) ? (
        <CircularProgress aria-label={chatTexts.messagesList} />
      ) : shownCount === 0 ? (
        <Typography color="text.secondary">
          {chat.isOnline || chat.sessionId === null ? chatTexts.noMessages : chatTexts.conversationOffline}
        </Typography>
      ) : (
        <Box aria-label={chatTexts.messagesList} component="section" ref={list}>
          <div ref={listStart} />
          {groups.map((group) => (
            <Box key={group.day} component="section" aria-label={group.title}>
              <Typography
                variant="overline"
                component="h2"
                color="text.secondary"
                sx={{ display: 'block', textAlign: 'center' }}
              >
                {group.title}
              </Typography>
              <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {group.messages.map((message) => (
                  <MessageBubble
                    key={message.message_id}
                    message={message}
                    own={message.user_id === ownerId}
                    author={nameOf(message.user_id)}
                  />
                ))}
              </Stack>
            </Box>
          ))}
          <div ref={listEnd} />
        </Box>
      )}
      <Composer onSend={chat.sendMessage} />
    </Stack>
  );
}
