/**
 * Chat rows kept on the device (issue 17; docs/sync.md "Chats"): the sessions and messages the
 * member has seen online, so the chat pages open offline. Keyed by the signed-in member
 * (`owner_id`) as well, since two members may share a device and each sees only their own.
 * Messages written offline are not here: they wait in the outbox (features/chat/chatWrites.ts).
 */
import type { ChatMessage, ChatSession } from '@contract/chat';

/** A session as `GET chats` answered it to `owner_id`. Version 14. */
export interface ChatSessionRow extends ChatSession {
  owner_id: string;
}

/** A message of one of `owner_id`'s sessions, as the server stored it. Version 14. */
export interface ChatMessageRow extends ChatMessage {
  owner_id: string;
}
