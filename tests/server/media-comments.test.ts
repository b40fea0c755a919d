/**
 * Comments, replies and likes on photos over HTTP on a real database: create under a
 * device-generated id, edit, replay (nothing written twice), another member's id, delete by the
 * author or the photo's owner (a comment's replies go with it), GET comment/{id}|{reply_id}; likes
 * only as oneself and idempotent; everything visible only to who may see the photo (its owner;
 * others while the sighting is public), and only members write.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommentLookupResponse,
  CommentsResponse,
  CommentWriteResponse,
  LikesResponse,
  LikeWriteResponse,
  ReplyWriteResponse,
} from '@contract/media';
import { messages } from '@contract/messages';
import { buildTestApp, fetchClientToken, type TestApp } from './helpers';
import { call, insertSpeciesPhoto, pushSighting, uploadedPhoto } from './media-helpers';
import { createSyncMember, type SyncMember } from './sync-helpers';

let t: TestApp;
let ann: SyncMember;
let bob: SyncMember;
let cat: SyncMember;
let clientToken: string;
/** Ann's photo of her public sighting. */
let photo: string;

beforeAll(async () => {
  t = await buildTestApp();
  [ann, bob, cat] = [await createSyncMember(t), await createSyncMember(t), await createSyncMember(t)];
  clientToken = await fetchClientToken(t);
  photo = await uploadedPhoto(t, ann.device1, 'ann-public');
  await pushSighting(t, ann, 'ann-public', true);
}, 120_000);
afterAll(() => t.close());

const comments = async (token: string, mediaId = photo) => {
  const response = await call(t, 'GET', token, `/media/${mediaId}/comments`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommentsResponse>().comments;
};
const putComment = (token: string, id: string, comment: string, mediaId = photo) =>
  call(t, 'PUT', token, `/media/${mediaId}/comments/${id}`, { comment });
const putReply = (token: string, commentId: string, replyId: string, comment: string) =>
  call(t, 'PUT', token, `/media/${photo}/comments/${commentId}/reply`, { comment, reply_id: replyId });

describe('comments', () => {
  it('creates under the client id, edits by its author, and a replay writes nothing', async () => {
    const created = await putComment(bob.device1, 'c-1', '  What a heron!  ');
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<CommentWriteResponse>();
    expect(first.created).toBe(true);
    expect(first.comment).toMatchObject({
      comment_id: 'c-1',
      media_id: photo,
      user_id: bob.id,
      nickname: 'Syncer',
      comment: 'What a heron!',
      replies: [],
    });

    t.clock.advance(60);
    const replay = (await putComment(bob.device2, 'c-1', 'What a heron!')).json<CommentWriteResponse>();
    expect(replay).toEqual({ ...first, created: false });

    const edited = (await putComment(bob.device1, 'c-1', 'What a grey heron!')).json<CommentWriteResponse>();
    expect(edited.created).toBe(false);
    expect(edited.comment.comment).toBe('What a grey heron!');
    expect(edited.comment.updated_at).toBeGreaterThan(first.comment.updated_at);
    expect(edited.comment.created_at).toBe(first.comment.created_at);
    expect(await comments(clientToken)).toEqual([edited.comment]);
  });

  it("refuses another member's id (403), an id used elsewhere (409), empty and long texts (400)", async () => {
    const foreign = await putComment(cat.device1, 'c-1', 'Mine now');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ status: 'failed', reason: messages.commentNotYours });
    const other = await uploadedPhoto(t, bob.device1, null);
    const elsewhere = await putComment(bob.device1, 'c-1', 'Same id, other photo', other);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ status: 'failed', reason: messages.commentIdTaken });

    const blank = await putComment(bob.device1, 'c-blank', '   \n ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ status: 'failed', reason: messages.commentEmpty });
    expect((await putComment(bob.device1, 'c-long', 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await putComment(bob.device1, 'c-long', 'x'.repeat(2000))).statusCode).toBe(200);
    expect((await putComment(bob.device1, 'bad|id', 'pipe')).statusCode).toBe(400);
    const guest = await putComment(clientToken, 'c-guest', 'Hello');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ status: 'failed', reason: messages.signInRequired });
    expect((await call(t, 'DELETE', bob.device1, `/media/${photo}/comments/c-long`)).statusCode).toBe(200);
  });

  it('replies: create, edit, replay, only to a live comment of the photo', async () => {
    const reply = await putReply(ann.device1, 'c-1', 'r-1', 'Thanks, Bob');
    expect(reply.statusCode, reply.body).toBe(200);
    const stored = reply.json<ReplyWriteResponse>();
    expect(stored).toMatchObject({
      created: true,
      reply: { reply_id: 'r-1', comment_id: 'c-1', media_id: photo, user_id: ann.id, comment: 'Thanks, Bob' },
    });
    expect((await putReply(ann.device2, 'c-1', 'r-1', 'Thanks, Bob')).json<ReplyWriteResponse>()).toEqual({
      ...stored,
      created: false,
    });
    const edited = (await putReply(ann.device1, 'c-1', 'r-1', 'Thanks, Bob!')).json<ReplyWriteResponse>();
    expect(edited.reply.comment).toBe('Thanks, Bob!');
    expect((await putReply(cat.device1, 'c-1', 'r-1', 'Hijack')).statusCode).toBe(403);
    // A reply id is not a comment id, nor the other way round.
    expect((await putComment(ann.device1, 'r-1', 'As a comment')).statusCode).toBe(409);
    expect((await putReply(bob.device1, 'c-1', 'c-1', 'Echo')).statusCode).toBe(409);
    const missing = await putReply(ann.device1, 'c-none', 'r-2', 'To nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'failed', reason: messages.commentNotFound });
    expect((await putReply(ann.device1, 'r-1', 'r-3', 'Reply to a reply')).statusCode).toBe(404);

    const [comment] = await comments(cat.device1);
    expect(comment?.replies).toEqual([edited.reply]);
  });

  it('GET comment/{id} and comment/{id}|{reply_id}', async () => {
    const found = await call(t, 'GET', clientToken, '/comment/c-1');
    expect(found.statusCode, found.body).toBe(200);
    const { comment, reply } = found.json<CommentLookupResponse>();
    expect(comment).toMatchObject({ comment_id: 'c-1', replies: [{ reply_id: 'r-1' }] });
    expect(reply).toBeNull();
    for (const path of ['/comment/c-1|r-1', '/comment/c-1%7Cr-1']) {
      const withReply = await call(t, 'GET', cat.device1, path);
      expect(withReply.statusCode, path).toBe(200);
      expect(withReply.json<CommentLookupResponse>().reply).toMatchObject({
        reply_id: 'r-1',
        comment: 'Thanks, Bob!',
      });
    }
    expect((await call(t, 'GET', cat.device1, '/comment/r-1')).statusCode).toBe(404);
    expect((await call(t, 'GET', cat.device1, '/comment/c-1|r-none')).statusCode).toBe(404);
    expect((await call(t, 'GET', cat.device1, '/comment/c-none')).statusCode).toBe(404);
    expect((await call(t, 'GET', cat.device1, '/comment/a|b|c')).statusCode).toBe(400);
  });

  it('deletes: a reply by its author, a comment by the photo owner with its replies; replays are done', async () => {
    await putComment(cat.device1, 'c-2', 'Second');
    await putReply(bob.device1, 'c-2', 'r-2a', 'Reply A');
    await putReply(cat.device1, 'c-2', 'r-2b', 'Reply B');

    expect((await call(t, 'DELETE', cat.device1, `/media/${photo}/comments/c-2/r-2a`)).statusCode).toBe(403);
    const byAuthor = await call(t, 'DELETE', bob.device1, `/media/${photo}/comments/c-2/r-2a`);
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json()).toEqual({ status: 'success' });
    expect((await call(t, 'DELETE', bob.device1, `/media/${photo}/comments/c-2/reply/r-2a`)).statusCode).toBe(
      200,
    );
    expect((await putReply(bob.device1, 'c-2', 'r-2a', 'Back again')).json()).toEqual({
      status: 'failed',
      reason: messages.commentDeleted,
    });
    expect((await comments(bob.device1)).find((c) => c.comment_id === 'c-2')?.replies).toMatchObject([
      { reply_id: 'r-2b' },
    ]);
    // The reply belongs to c-2, not to c-1.
    expect((await call(t, 'DELETE', cat.device1, `/media/${photo}/comments/c-1/reply/r-2b`)).statusCode).toBe(
      404,
    );

    expect((await call(t, 'DELETE', bob.device1, `/media/${photo}/comments/c-2`)).statusCode).toBe(403);
    const byOwner = await call(t, 'DELETE', ann.device1, `/media/${photo}/comments/c-2`);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect((await comments(bob.device1)).map((c) => c.comment_id)).toEqual(['c-1']);
    expect((await call(t, 'GET', bob.device1, '/comment/c-2')).statusCode).toBe(404);
    expect((await call(t, 'GET', bob.device1, '/comment/c-2|r-2b')).statusCode).toBe(404);
    expect((await call(t, 'DELETE', cat.device1, `/media/${photo}/comments/c-2`)).statusCode).toBe(200);
    expect((await putComment(cat.device1, 'c-2', 'Second again')).statusCode).toBe(409);
    expect((await call(t, 'DELETE', cat.device1, `/media/${photo}/comments/c-none`)).statusCode).toBe(404);
  });
});

describe('likes', () => {
  const like = (member: SyncMember, liked: boolean, user = member.id) =>
    call(t, 'PUT', member.device1, `/media/${photo}/likes/${user}`, { liked });
  const likes = async (token: string) =>
    (await call(t, 'GET', token, `/media/${photo}/likes`)).json<LikesResponse>();

  it('toggles, idempotently, and only as oneself', async () => {
    expect((await like(bob, true)).json<LikeWriteResponse>()).toEqual({
      status: 'success',
      liked: true,
      count: 1,
    });
    expect((await like(bob, true)).json<LikeWriteResponse>()).toEqual({
      status: 'success',
      liked: true,
      count: 1,
    });
    t.clock.advance(5);
    expect((await like(cat, true)).json<LikeWriteResponse>().count).toBe(2);
    const list = await likes(clientToken);
    expect(list.count).toBe(2);
    expect(list.likes.map((entry) => entry.user_id)).toEqual([cat.id, bob.id]);

    expect((await like(bob, false)).json<LikeWriteResponse>()).toEqual({
      status: 'success',
      liked: false,
      count: 1,
    });
    expect((await like(bob, false)).json<LikeWriteResponse>().count).toBe(1);
    const asAnother = await like(bob, true, cat.id);
    expect(asAnother.statusCode).toBe(403);
    expect(asAnother.json()).toEqual({ status: 'failed', reason: messages.likeOnlyYourself });
    const guest = await call(t, 'PUT', clientToken, `/media/${photo}/likes/${bob.id}`, { liked: true });
    expect(guest.statusCode).toBe(401);
    expect((await likes(bob.device1)).likes.map((entry) => entry.user_id)).toEqual([cat.id]);
  });
});

describe('visibility', () => {
  it("hides a private sighting's photo, its comments and likes from everyone but the owner", async () => {
    const hidden = await uploadedPhoto(t, ann.device1, 'ann-private');
    await pushSighting(t, ann, 'ann-private', false);
    expect((await putComment(ann.device1, 'c-private', 'Note to self', hidden)).statusCode).toBe(200);
    expect(await comments(ann.device1, hidden)).toHaveLength(1);
    for (const token of [bob.device1, clientToken]) {
      const list = await call(t, 'GET', token, `/media/${hidden}/comments`);
      expect(list.statusCode).toBe(404);
      expect(list.json()).toEqual({ status: 'failed', reason: messages.photoNotFound });
      expect((await call(t, 'GET', token, `/media/${hidden}/likes`)).statusCode).toBe(404);
      expect((await call(t, 'GET', token, '/comment/c-private')).statusCode).toBe(404);
    }
    expect((await putComment(bob.device1, 'c-peek', 'Hello?', hidden)).statusCode).toBe(404);
    expect(
      (await call(t, 'PUT', bob.device1, `/media/${hidden}/likes/${bob.id}`, { liked: true })).statusCode,
    ).toBe(404);

    // Made public: the same calls answer.
    await pushSighting(t, ann, 'ann-private', true, 2);
    expect(await comments(bob.device1, hidden)).toHaveLength(1);
    expect((await call(t, 'GET', clientToken, '/comment/c-private')).statusCode).toBe(200);
    // Deleted sighting (a tombstone): hidden again.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1.0/collection/species_observations',
      payload: { data: [{ id: 'ann-private', rev: '3_dev', deleted: true, data: {} }] },
      headers: { authorization: `Bearer ${ann.device1}` },
    });
    expect((await call(t, 'GET', bob.device1, `/media/${hidden}/comments`)).statusCode).toBe(404);
  });

  it('lets anyone read and members comment on a species reference photo', async () => {
    const reference = await insertSpeciesPhoto(t, ann.id);
    expect((await putComment(cat.device1, 'c-species', 'Nice reference', reference)).statusCode).toBe(200);
    expect(await comments(clientToken, reference)).toHaveLength(1);
  });

  it('answers 404 for an unknown photo', async () => {
    const unknown = randomUUID();
    expect((await call(t, 'GET', bob.device1, `/media/${unknown}/comments`)).statusCode).toBe(404);
    expect((await call(t, 'GET', bob.device1, `/media/${unknown}/likes`)).statusCode).toBe(404);
    expect((await putComment(bob.device1, 'c-x', 'Hi', unknown)).statusCode).toBe(404);
  });
});
