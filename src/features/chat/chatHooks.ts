/**
 * The chat pages' data: live queries over the device (chatStore.ts, the outbox for pending
 * messages), refreshed from the server while online (chatApi.ts). A page renders what the device
 * holds and never waits on the network, so it is the same page offline, showing what was kept.
 * While the live channel is down an open conversation catches up every CONVERSATION_POLL_MS.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ChatMember } from '@contract/chat';
import { apiClientFrom } from '../../api/baseQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import type { AppThunk } from '../../app/thunk';
import { uiActions } from '../../app/uiSlice';
import { db } from '../../db/db';
import { catchUpConversation, fetchConversation, markRead, syncSessions } from './chatApi';
import { appChatRuntime, useChatLive } from './chatRuntime';
import { directSessionOnDevice, messagesOnDevice, sessionOnDevice, sessionsOnDevice } from './chatStore';
import { discardPending, pendingMessages, sendChatMessage, type SendOutcome } from './chatWrites';

/** SPEC is silent: an open conversation whose live channel is down asks for new messages this often. */
export const CONVERSATION_POLL_MS = 15_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const refreshSessions =
  (ownerId: string): AppThunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    const runtime = appChatRuntime();
    if (runtime) return runtime.refresh();
    dispatch(uiActions.unreadMessagesCounted(await syncSessions(db, apiClientFrom(extra), ownerId)));
  };

/** The member's sessions from the device, newest first, refreshed once per visit while online. */
export function useChatSessions(search: string) {
  const dispatch = useAppDispatch();
  const ownerId = useAppSelector(selectUser)?.user_id ?? null;
  const isOnline = useAppSelector(selectIsOnline);
  const [failure, setFailure] = useState<string | null>(null);
  const sessions = useLiveQuery(
    async () => (ownerId ? sessionsOnDevice(db, ownerId, search) : []),
    [ownerId, search],
  );
  useEffect(() => {
    if (!ownerId || !isOnline) return;
    let live = true;
    dispatch(refreshSessions(ownerId)).then(
      () => {
        if (live) setFailure(null);
      },
      (error: unknown) => {
        if (live) setFailure(errorText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, ownerId, isOnline]);
  return { sessions, failure };
}

const loadConversation =
  (ownerId: string, id: string, before?: number): AppThunk<ReturnType<typeof fetchConversation>> =>
  (_dispatch, _getState, extra) =>
    fetchConversation(db, apiClientFrom(extra), ownerId, id, before);

const catchUp =
  (ownerId: string, sessionId: string, lastMod: number): AppThunk<Promise<void>> =>
  (_dispatch, _getState, extra) =>
    catchUpConversation(db, apiClientFrom(extra), ownerId, sessionId, lastMod);

const readUpTo =
  (ownerId: string, sessionId: string, messageId: string): AppThunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    dispatch(
      uiActions.unreadMessagesCounted(
        await markRead(db, apiClientFrom(extra), ownerId, sessionId, messageId),
      ),
    );
  };

const send =
  (ownerId: string, target: string, text: string, isOnline: boolean): AppThunk<Promise<SendOutcome>> =>
  (_dispatch, _getState, extra) =>
    sendChatMessage({ db, api: apiClientFrom(extra), userId: ownerId, isOnline }, target, text);

/**
 * A conversation: `/chat/{user_id}` (the direct session with that member, created by the first
 * message) or `/chat/{user_id}/session/{session_id}`.
 */
export function useConversation(userId: string | undefined, routeSessionId: string | undefined) {
  const dispatch = useAppDispatch();
  const ownerId = useAppSelector(selectUser)?.user_id ?? null;
  const isOnline = useAppSelector(selectIsOnline);
  const { live, version } = useChatLive();
  const [fetched, setFetched] = useState<{
    key: string;
    sessionId: string | null;
    more: boolean;
    members?: ChatMember[];
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const key = `${userId ?? ''}/${routeSessionId ?? ''}`;
  const current = fetched?.key === key ? fetched : null;

  const keptSession = useLiveQuery(async () => {
    if (!ownerId) return null;
    if (routeSessionId) return (await sessionOnDevice(db, ownerId, routeSessionId)) ?? null;
    return userId ? ((await directSessionOnDevice(db, ownerId, userId)) ?? null) : null;
  }, [ownerId, userId, routeSessionId]);
  const sessionId = routeSessionId ?? current?.sessionId ?? keptSession?.session_id ?? null;

  const messages = useLiveQuery(
    async () => (ownerId && sessionId ? messagesOnDevice(db, ownerId, sessionId) : []),
    [ownerId, sessionId],
  );
  const allPending = useLiveQuery(async () => (ownerId ? pendingMessages(db, ownerId) : []), [ownerId]);
  const pending = useMemo(
    () =>
      (allPending ?? []).filter(
        (message) => message.target === userId || (sessionId !== null && message.target === sessionId),
      ),
    [allPending, userId, sessionId],
  );
  const lastMod = messages?.at(-1)?.last_mod ?? 0;

  // The newest page once per visit while online (and the session id of /chat/{user_id}).
  useEffect(() => {
    if (!ownerId || !isOnline || current) return;
    const id = routeSessionId ?? userId;
    if (!id) return;
    let alive = true;
    dispatch(loadConversation(ownerId, id)).then(
      (page) => {
        if (!alive) return;
        setFetched({ key, ...page });
        setFailure(null);
        // A session the list has not brought yet (the first visit after a first message).
        if (page.sessionId) void dispatch(refreshSessions(ownerId)).catch(() => undefined);
      },
      (error: unknown) => {
        if (alive) setFailure(errorText(error));
      },
    );
    return () => {
      alive = false;
    };
  }, [dispatch, ownerId, isOnline, current, key, routeSessionId, userId]);

  // Catch up when the live channel (re)opens, when a pending message has gone out, and while the
  // channel is down, every CONVERSATION_POLL_MS.
  const pendingCount = pending.length;
  useEffect(() => {
    if (!ownerId || !isOnline || !sessionId || !current) return;
    const run = () => void dispatch(catchUp(ownerId, sessionId, lastMod)).catch(() => undefined);
    run();
    if (live) return;
    const timer = setInterval(run, CONVERSATION_POLL_MS);
    return () => {
      clearInterval(timer);
    };
    // lastMod is read when it runs: a new message must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, ownerId, isOnline, sessionId, current, live, version, pendingCount]);

  // Read marks: the newest message shown is read (only online: the server keeps the mark).
  const newest = messages?.at(-1);
  const lastRead = keptSession?.last_read ?? null;
  useEffect(() => {
    if (!ownerId || !isOnline || !sessionId || !newest || newest.message_id === lastRead) return;
    if (newest.user_id === ownerId && (keptSession?.unread ?? 0) === 0) return;
    void dispatch(readUpTo(ownerId, sessionId, newest.message_id)).catch(() => undefined);
  }, [dispatch, ownerId, isOnline, sessionId, newest, lastRead, keptSession?.unread]);

  // One older page at a time: scroll events come faster than the state that disables them.
  const olderInFlight = useRef(false);
  const loadOlder = useCallback(() => {
    const first = messages?.[0];
    if (!ownerId || !sessionId || !first || olderInFlight.current) return;
    olderInFlight.current = true;
    setLoadingOlder(true);
    dispatch(loadConversation(ownerId, sessionId, first.last_mod))
      .then((page) => {
        setFetched((previous) => (previous ? { ...previous, more: page.more } : previous));
      })
      .catch((error: unknown) => {
        setFailure(errorText(error));
      })
      .finally(() => {
        olderInFlight.current = false;
        setLoadingOlder(false);
      });
  }, [dispatch, messages, ownerId, sessionId]);

  const sendMessage = useCallback(
    (text: string) => {
      const target = sessionId ?? userId;
      if (!ownerId || !target) return Promise.reject(new Error('No conversation'));
      return dispatch(send(ownerId, target, text, isOnline)).then((outcome) => {
        if (outcome.sent && !sessionId)
          setFetched({
            key,
            sessionId: outcome.answer.message.session_id,
            more: false,
            members: current?.members,
          });
        return outcome;
      });
    },
    [dispatch, ownerId, sessionId, userId, isOnline, key, current?.members],
  );

  const members = current?.members ?? (keptSession ? keptSession.members : undefined);
  return {
    ownerId,
    session: keptSession,
    sessionId,
    members,
    messages,
    pending,
    more: current?.more ?? false,
    loaded: current !== null,
    failure,
    live,
    isOnline,
    loadOlder,
    loadingOlder,
    sendMessage,
  };
}

/** Drops a message the server refused for good from the member's outbox (the page's Discard). */
export const discardPendingMessage =
  (messageId: string): AppThunk<Promise<void>> =>
  async (_dispatch, getState) => {
    const userId = getState().session.user?.user_id;
    if (userId) await discardPending(db, userId, messageId);
  };
