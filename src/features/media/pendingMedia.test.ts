/**
 * The merge of the server's likes and comments with the member's writes still in the outbox: what
 * the page shows is what the server will hold once they are sent; refused writes show their reason.
 */
import { describe, expect, it } from 'vitest';
import type { Comment } from '@contract/media';
import type { OutboxRow } from '../../db/rows';
import { requestOf, type MediaWrite } from './mediaRequests';
import { mergePending, type ServerMediaState } from './pendingMedia';

const MEDIA = 'm-1';
const ME = { user_id: 'u-me', nickname: 'Wren' };

let time = 1_795_355_286_000;
function row(write: MediaWrite, parked?: string): OutboxRow {
  time += 1000;
  return {
    ...requestOf(write),
    id: `r${time}`,
    time,
    user_id: ME.user_id,
    attempts: parked ? 1 : 0,
    ...(parked ? { parked: { status: 409, reason: parked, at: time } } : {}),
  };
}

function serverComment(id: string, userId: string, text: string, replies: string[] = []): Comment {
  return {
    comment_id: id,
    media_id: MEDIA,
    user_id: userId,
    nickname: userId === ME.user_id ? ME.nickname : 'Ann',
    comment: text,
    created_at: 100,
    updated_at: 100,
    replies: replies.map((reply, index) => ({
      reply_id: `${id}-r${index}`,
      comment_id: id,
      media_id: MEDIA,
      user_id: 'u-ann',
      nickname: 'Ann',
      comment: reply,
      created_at: 101,
      updated_at: 101,
    })),
  };
}

const server = (overrides: Partial<ServerMediaState> = {}): ServerMediaState => ({
  like_count: 4,
  liked: false,
  comments: [serverComment('c-1', 'u-ann', 'Lovely light.', ['Agreed.'])],
  ...overrides,
});

describe('mergePending', () => {
  it('shows the server answer as sent when nothing waits', () => {
    const view = mergePending(MEDIA, server(), [], ME);
    expect(view).toMatchObject({ liked: false, likeCount: 4, likeState: { status: 'sent' } });
    expect(view.comments).toMatchObject([
      {
        comment_id: 'c-1',
        comment: 'Lovely light.',
        state: { status: 'sent' },
        replies: [{ comment: 'Agreed.' }],
      },
    ]);
  });

  it('counts a waiting like and presses the toggle; the latest like wins', () => {
    const liked = mergePending(
      MEDIA,
      server(),
      [row({ kind: 'like', mediaId: MEDIA, userId: ME.user_id, liked: true })],
      ME,
    );
    expect(liked).toMatchObject({ liked: true, likeCount: 5, likeState: { status: 'waiting' } });

    const rows = [
      row({ kind: 'like', mediaId: MEDIA, userId: ME.user_id, liked: true }),
      row({ kind: 'like', mediaId: MEDIA, userId: ME.user_id, liked: false }),
    ];
    expect(mergePending(MEDIA, server({ liked: true, like_count: 4 }), rows.reverse(), ME)).toMatchObject({
      liked: false,
      likeCount: 3,
    });
  });

  it('adds waiting comments and replies at the end, by the member, marked as waiting', () => {
    const rows = [
      row({ kind: 'comment', mediaId: MEDIA, commentId: 'c-new', text: 'First heron of the year!' }),
      row({ kind: 'reply', mediaId: MEDIA, commentId: 'c-new', replyId: 'r-a', text: 'At dawn.' }),
      row({ kind: 'reply', mediaId: MEDIA, commentId: 'c-1', replyId: 'r-b', text: 'Thank you!' }),
    ];
    const view = mergePending(MEDIA, server(), rows, ME);

    expect(view.comments.map((comment) => comment.comment_id)).toEqual(['c-1', 'c-new']);
    expect(view.comments[1]).toMatchObject({
      user_id: ME.user_id,
      nickname: 'Wren',
      comment: 'First heron of the year!',
      state: { status: 'waiting' },
      replies: [{ reply_id: 'r-a', comment: 'At dawn.', state: { status: 'waiting' } }],
    });
    expect(view.comments[0]?.replies.map((reply) => [reply.comment, reply.state.status])).toEqual([
      ['Agreed.', 'sent'],
      ['Thank you!', 'waiting'],
    ]);
  });

  it('hides what waits to be deleted, including a comment that never reached the server', () => {
    const rows = [
      row({ kind: 'comment', mediaId: MEDIA, commentId: 'c-new', text: 'Oops' }),
      row({ kind: 'deleteComment', mediaId: MEDIA, commentId: 'c-new' }),
      row({ kind: 'deleteReply', mediaId: MEDIA, commentId: 'c-1', replyId: 'c-1-r0' }),
    ];
    const view = mergePending(MEDIA, server(), rows, ME);
    expect(view.comments).toMatchObject([{ comment_id: 'c-1', replies: [] }]);
  });

  it('shows refused writes with the server reason and does not apply them', () => {
    const rows = [
      row({ kind: 'like', mediaId: MEDIA, userId: ME.user_id, liked: true }, 'There is no such photo.'),
      row(
        { kind: 'comment', mediaId: MEDIA, commentId: 'c-x', text: 'Hello' },
        'This comment id is already in use.',
      ),
      row(
        { kind: 'deleteComment', mediaId: MEDIA, commentId: 'c-1' },
        'You can only delete your own comments.',
      ),
    ];
    const view = mergePending(MEDIA, server(), rows, ME);

    expect(view).toMatchObject({
      liked: false,
      likeCount: 4,
      likeState: { status: 'refused', reason: 'There is no such photo.' },
    });
    expect(view.comments).toMatchObject([
      { comment_id: 'c-1', refusedDelete: 'You can only delete your own comments.' },
      { comment_id: 'c-x', state: { status: 'refused', reason: 'This comment id is already in use.' } },
    ]);
  });

  it('offline with no server answer: only the waiting items, and no count', () => {
    const rows = [
      row({ kind: 'like', mediaId: MEDIA, userId: ME.user_id, liked: true }),
      row({ kind: 'comment', mediaId: MEDIA, commentId: 'c-new', text: 'Seen from the hide.' }),
      row({ kind: 'comment', mediaId: 'another-photo', commentId: 'c-other', text: 'Elsewhere' }),
    ];
    const view = mergePending(MEDIA, undefined, rows, ME);
    expect(view).toMatchObject({ liked: true, likeCount: null, likeState: { status: 'waiting' } });
    expect(view.comments.map((comment) => comment.comment)).toEqual(['Seen from the hide.']);
  });

  it('applies rows in the order they were stored, whatever order they arrive in', () => {
    const rows = [
      row({ kind: 'comment', mediaId: MEDIA, commentId: 'c-new', text: 'Draft' }),
      row({ kind: 'comment', mediaId: MEDIA, commentId: 'c-new', text: 'Final words' }),
    ];
    const view = mergePending(MEDIA, server({ comments: [] }), [...rows].reverse(), ME);
    expect(view.comments).toMatchObject([{ comment_id: 'c-new', comment: 'Final words' }]);
  });
});
