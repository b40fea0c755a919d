/**
 * The photo, its likes and its comments as the server has them (online-only data: RTK Query).
 * What the member wrote and has not sent yet lives in the outbox and is laid over this answer on
 * the page (pendingMedia.ts); writes never go through here (mediaWrites.ts).
 *
 * The member is part of the argument although the call does not send it: `liked` is the caller's,
 * so each member on a shared device gets an answer of their own.
 */
import type { MediaMetaResponse } from '@contract/media';
import { api } from '../../api/api';

export interface MediaMetaArgs {
  mediaId: string;
  /** The signed-in member, or null for a guest (cache key only). */
  userId: string | null;
}

export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET media/{id}/meta?load_all=true: the photo, its counts, comments with replies, likes. */
    getMediaMeta: build.query<MediaMetaResponse, MediaMetaArgs>({
      query: ({ mediaId }) => ({
        path: `media/${encodeURIComponent(mediaId)}/meta`,
        payload: { load_all: true },
      }),
    }),
  }),
});

export const { useGetMediaMetaQuery } = mediaApi;
