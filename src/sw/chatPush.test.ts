import { describe, expect, it } from 'vitest';
import { chatPathOf, chatPayloadOf } from './chatPush';

const payload = {
  type: 'chat',
  author_id: 'a1b2',
  session_id: 's/1',
  message_id: 'm1',
  nickname: 'Wren',
  message: 'Osprey over the lake',
};

describe('chat push in the service worker', () => {
  it('takes a chat payload and opens /chat/{author_id}/session/{session_id}', () => {
    expect(chatPayloadOf(payload)).toEqual(payload);
    expect(chatPathOf(payload)).toBe('/chat/a1b2/session/s%2F1');
  });

  it('ignores pushes that are not chat, or lack a field', () => {
    expect(chatPayloadOf({ ...payload, type: 'newsfeed' })).toBeNull();
    expect(chatPayloadOf({ ...payload, session_id: 7 })).toBeNull();
    expect(chatPayloadOf(null)).toBeNull();
  });
});
