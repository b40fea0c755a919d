// @vitest-environment happy-dom
/**
 * /image-view as the app renders it (real store, router, guards, Dexie on fake-indexeddb); only the
 * network is a stand-in (fakeNetwork, or a fetch that never reaches anything). The member's writes
 * that wait in the outbox show with the server's answer, or alone when there is none.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageViewTexts } from './texts';
import type { MediaMetaResponse } from '@contract/media';
import { formatMessage, messages } from '@contract/messages';
import { networkActions } from '../../app/networkSlice';
import { AppRoutes } from '../../app/router';
import { db } from '../../db/db';
import { storeRequest } from '../../db/sync/outbox';
import { aSignedInSession } from '../../test/factories';
import { apiCalls, fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { imageViewPath } from './imageViewPath';
import { requestOf } from './mediaRequests';
import { answeringComments } from './testMediaNetwork';
import { present } from '../../test/present';

const MEDIA = '5f0c2b1e-8d3a-4c5e-9f10-1a2b3c4d5e6f';
const ME = 'u-1'; // aLoginResponse's member
const PATH = `/api/v1.0/media/${MEDIA}/original.jpg`;

const signedIn = aSignedInSession();

function meta(overrides: Partial<MediaMetaResponse> = {}): MediaMetaResponse {
  return {
    status: 'success',
    media: {
      media_id: MEDIA,
      path: PATH,
      thumbnail: `/api/v1.0/media/${MEDIA}/thumbnail.webp`,
      width: 800,
      height: 600,
      observation_id: 'obs-1',
      photo_name: 'Great blue heron',
      user_id: 'u-ann',
      category: 'observation',
      created_at: 1_795_355_000,
    },
    comment_count: 1,
    like_count: 2,
    liked: false,
    comments: [
      {
        comment_id: 'c-1',
        media_id: MEDIA,
        user_id: 'u-ann',
        nickname: 'Ann',
        comment: 'Caught it at dawn.',
        created_at: 1_795_355_100,
        updated_at: 1_795_355_100,
        replies: [],
      },
    ],
    likes: [],
    ...overrides,
  };
}

// The spec's offline message has two spaces after the full stop: compare it as it is.
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

/** A fetch that never reaches anything: the device has no signal. */
const noSignal: FakeNetwork = {
  ...fakeNetwork(),
  fetch: () => Promise.reject(new TypeError('Failed to fetch')),
};

beforeAll(async () => {
  await import('./ImageViewPage'); // lazy: compile it once, outside the tests' waits
  await import('../../app/routes/AppPages');
});

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.photo_uploads.clear(), db.species_observations.clear()]);
});

function comments() {
  return within(screen.getByRole('list', { name: imageViewTexts.imageViewComments }));
}

describe('the image view', () => {
  it("shows the photo, its likes and comments, and the member's like and comment go to the server", async () => {
    const network = fakeNetwork();
    network.on('GET', `media/${MEDIA}/meta`, { body: meta() });
    network.on('PUT', `media/${MEDIA}/likes/${ME}`, { body: { status: 'success', liked: true, count: 3 } });
    network.fetch = answeringComments(network.fetch, { user_id: ME, nickname: 'Wren' });
    renderApp(<AppRoutes />, { route: imageViewPath(MEDIA), network, preloadedState: { session: signedIn } });

    expect(await screen.findByRole('img', { name: 'Great blue heron' })).toHaveProperty(
      'src',
      expect.stringContaining(PATH),
    );
    expect(screen.getByText(formatMessage(imageViewTexts.imageViewLikeCountMany, { count: 2 }))).toBeTruthy();
    expect(comments().getByText('Caught it at dawn.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: imageViewTexts.imageViewLike, pressed: false }));
    expect(
      await screen.findByText(formatMessage(imageViewTexts.imageViewLikeCountMany, { count: 3 })),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: imageViewTexts.imageViewLike }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.change(screen.getByLabelText(imageViewTexts.imageViewCommentField), {
      target: { value: 'Same bird, same pond, a year ago.' },
    });
    fireEvent.click(screen.getByRole('button', { name: imageViewTexts.imageViewSend }));
    const item = present((await comments().findByText('Same bird, same pond, a year ago.')).closest('li'));
    expect(within(item).queryByText(imageViewTexts.imageViewWaiting)).toBeNull();
    expect(
      screen.getByRole('heading', {
        name: formatMessage(imageViewTexts.imageViewCommentsCount, { count: 2 }),
      }),
    ).toBeTruthy();
    expect(apiCalls(network)).toEqual([
      `GET media/${MEDIA}/meta?load_all=true`,
      `PUT media/${MEDIA}/likes/${ME}`,
      expect.stringMatching(`^PUT media/${MEDIA}/comments/[0-9a-f-]{36}$`) as string,
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, a new comment and a like are stored, shown at once as waiting, and told', async () => {
    const { store } = renderApp(<AppRoutes />, {
      route: imageViewPath(MEDIA),
      network: noSignal,
      preloadedState: { session: signedIn },
    });
    act(() => {
      store.dispatch(networkActions.wentOffline());
    });
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(imageViewTexts.imageViewCommentField), {
      target: { value: '  Heron at the pond  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: imageViewTexts.imageViewSend }));
    expect((await screen.findAllByText(messages.storedLocally)).length).toBeGreaterThan(0);
    const item = present((await comments().findByText('Heron at the pond')).closest('li'));
    expect(within(item).getByText(imageViewTexts.imageViewWaiting)).toBeTruthy();
    expect(within(item).getByText('Wren', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: imageViewTexts.imageViewLike }));
    await waitFor(() => {
      expect(
        screen.getByRole('button', { name: imageViewTexts.imageViewLike }).getAttribute('aria-pressed'),
      ).toBe('true');
    });

    const rows = await db.outbox.orderBy('time').toArray();
    expect(rows.map(({ url, type, data }) => ({ url, type, data }))).toEqual([
      {
        url: expect.stringMatching(`^media/${MEDIA}/comments/`) as string,
        type: 'PUT',
        data: { comment: 'Heron at the pond' },
      },
      { url: `media/${MEDIA}/likes/${ME}`, type: 'PUT', data: { liked: true } },
    ]);
  });

  it('lays waiting and refused writes over the server answer', async () => {
    const network = fakeNetwork();
    network.on('GET', `media/${MEDIA}/meta`, { body: meta() });
    const waitingReply = requestOf({
      kind: 'reply',
      mediaId: MEDIA,
      commentId: 'c-1',
      replyId: 'r-1',
      text: 'Me too!',
    });
    await storeRequest(db, { ...waitingReply, user_id: ME }, 1);
    const refused = await storeRequest(
      db,
      {
        ...requestOf({ kind: 'comment', mediaId: MEDIA, commentId: 'c-2', text: 'Second try' }),
        user_id: ME,
      },
      2,
    );
    await db.outbox.update(refused.id, { parked: { status: 409, reason: messages.commentIdTaken, at: 3 } });
    renderApp(<AppRoutes />, { route: imageViewPath(MEDIA), network, preloadedState: { session: signedIn } });

    const replies = within(
      await screen.findByRole('list', {
        name: formatMessage(imageViewTexts.imageViewRepliesTo, { name: 'Ann' }),
      }),
    );
    expect(replies.getByText('Me too!')).toBeTruthy();
    expect(replies.getByText(imageViewTexts.imageViewWaiting)).toBeTruthy();
    const second = present(comments().getByText('Second try').closest('li'));
    expect(
      within(second).getByText(
        formatMessage(imageViewTexts.imageViewRefused, { reason: messages.commentIdTaken }),
      ),
    ).toBeTruthy();
  });

  it('offline before any answer, still shows the queued photo from its bytes and what waits', async () => {
    await db.photo_uploads.put({
      media_id: MEDIA,
      observation_id: 'obs-1',
      user_id: ME,
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer,
      content_type: 'image/jpeg',
      width: 4,
      height: 3,
      created: 1,
      attempts: 0,
    });
    const like = requestOf({ kind: 'like', mediaId: MEDIA, userId: ME, liked: true });
    await storeRequest(db, { ...like, user_id: ME }, 1);
    renderApp(<AppRoutes />, {
      route: imageViewPath(MEDIA, 'obs-1'),
      network: noSignal,
      preloadedState: { session: signedIn, network: { isOnline: false } },
    });

    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
    const photo = await screen.findByRole('img', { name: imageViewTexts.imageViewPhotoAlt });
    expect(photo.getAttribute('src')).toMatch(/^blob:/);
    expect(
      screen.getByRole('button', { name: imageViewTexts.imageViewLike }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText(imageViewTexts.imageViewWaiting)).toBeTruthy();
  });

  it('lets a guest read, and asks them to sign in to like or comment', async () => {
    const network = fakeNetwork();
    network.on('GET', `media/${MEDIA}/meta`, { body: meta() });
    renderApp(<AppRoutes />, { route: imageViewPath(MEDIA), network });

    expect(await comments().findByText('Caught it at dawn.')).toBeTruthy();
    expect(screen.getByText(imageViewTexts.imageViewSignInToComment)).toBeTruthy();
    expect(screen.queryByRole('button', { name: imageViewTexts.imageViewLike })).toBeNull();
    expect(screen.queryByLabelText(imageViewTexts.imageViewCommentField)).toBeNull();
  });
});
