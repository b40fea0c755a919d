/**
 * Web push (issue 17; docs/api.md "Push notifications"): a device's subscription (the browser's
 * PushSubscription JSON) and the payload of a chat notification, which SPEC §2 names: type chat,
 * author_id, session_id (a click opens /chat/{author_id}/session/{session_id}). Pure.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';

/** Characters of the message shown in a notification. */
export const PUSH_PREVIEW_LENGTH = 200;

export const PushKeyResponseSchema = success({
  public_key: Type.String({ description: "The server's VAPID public key (applicationServerKey)" }),
});
export type PushKeyResponse = Static<typeof PushKeyResponseSchema>;

const base64url = (description: string, maxLength: number) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+=*$', minLength: 16, maxLength, description });

export const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String({
    pattern: '^https://',
    maxLength: 2048,
    description: "The push service's URL for this device",
  }),
  keys: Type.Object({
    p256dh: base64url("The device's P-256 public key", 128),
    auth: base64url('The authentication secret', 64),
  }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type PushSubscriptionInput = Static<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = Type.Object(
  { endpoint: PushSubscriptionSchema.properties.endpoint },
  { additionalProperties: false },
);

export const ChatPushPayloadSchema = Type.Object({
  type: Type.Literal('chat'),
  author_id: Type.String(),
  session_id: Type.String(),
  message_id: Type.String(),
  nickname: Type.String({ description: "The author's nickname (the notification's title)" }),
  message: Type.String({ description: 'The start of the message' }),
});
export type ChatPushPayload = Static<typeof ChatPushPayloadSchema>;
