/**
 * How the chat pages lay messages out (pure, tested without React): the conversation grouped by
 * day with the pending messages after the server's, and the name a session goes by.
 */
import type { ChatMessage, ChatSession } from '@contract/chat';
import { chatTexts } from './chatTexts';
import type { PendingMessage } from './chatWrites';

export interface ShownMessage {
  message_id: string;
  user_id: string | null;
  message: string;
  /** Seconds since the epoch. */
  created_at: number;
  state: 'sent' | 'pending' | 'refused';
  refused?: string;
}

export interface DayGroup {
  /** The local day (YYYY-MM-DD), a stable key. */
  day: string;
  title: string;
  messages: ShownMessage[];
}

const localDay = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
const dayTitle = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function formatTime(seconds: number): string {
  return timeOfDay.format(new Date(seconds * 1000));
}

/**
 * The server's messages in order, then the ones waiting to be sent in the order they will go (a
 * pending message the server already holds — sent while this was read — shows once, as sent).
 */
export function conversationOf(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  ownerId: string,
  now = Date.now(),
): DayGroup[] {
  const sentIds = new Set(messages.map((message) => message.message_id));
  const shown: ShownMessage[] = [
    ...messages.map((message) => ({
      message_id: message.message_id,
      user_id: message.user_id,
      message: message.message,
      created_at: message.created_at,
      state: 'sent' as const,
    })),
    ...pending
      .filter((message) => !sentIds.has(message.message_id))
      .map((message) => ({
        message_id: message.message_id,
        user_id: ownerId,
        message: message.message,
        created_at: Math.floor(message.time / 1000),
        state: message.refused === undefined ? ('pending' as const) : ('refused' as const),
        ...(message.refused !== undefined ? { refused: message.refused } : {}),
      })),
  ];
  const today = localDay(now / 1000);
  const yesterday = localDay(now / 1000 - 86_400);
  const groups: DayGroup[] = [];
  for (const message of shown) {
    const day = localDay(message.created_at);
    let group = groups.at(-1);
    if (group?.day !== day) {
      const title =
        day === today
          ? chatTexts.today
          : day === yesterday
            ? chatTexts.yesterday
            : dayTitle.format(new Date(message.created_at * 1000));
      group = { day, title, messages: [] };
      groups.push(group);
    }
    group.messages.push(message);
  }
  return groups;
}

/** A session's name: the other member's nickname, a group's title, or the members' names. */
export function sessionName(session: Pick<ChatSession, 'kind' | 'nickname' | 'title' | 'members'>): string {
  if (session.kind === 'direct' && session.nickname) return session.nickname;
  if (session.title) return session.title;
  const names = session.members.map((member) => member.nickname).join(', ');
  return names === '' ? chatTexts.groupFallback : names;
}

/** Where a session opens: /chat/{user_id}/session/{session_id} (a group's own id stands for the member). */
export function sessionPath(
  session: Pick<ChatSession, 'session_id' | 'user_id' | 'group_id' | 'members'>,
): string {
  const other = session.user_id ?? session.group_id ?? session.members[0]?.user_id ?? session.session_id;
  return `/chat/${encodeURIComponent(other)}/session/${encodeURIComponent(session.session_id)}`;
}
