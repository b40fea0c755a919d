/**
 * The people calls (SPEC §7 "Auth and profile": GET users, users/{id}/follow, users/{id}/following,
 * POST users/recommendation, PUT users/{id}/follow; docs/api.md "Community"), online only: RTK
 * Query, never persisted. A follow refetches every people list and the profiles (tags), so the
 * buttons and counts everywhere follow it.
 */
import type { FollowResponse, PeopleResponse, RecommendationResponse } from '@contract/community';
import { api } from '../../api/api';

/** People per request; "Show more" asks for this many more, up to the server's 100. */
export const PEOPLE_PAGE = 20;
export const PEOPLE_MAX = 100;

export type PeopleList = 'followers' | 'following' | 'search';

export interface PeopleQuery {
  list: PeopleList;
  /** The member whose followers or following are listed (ignored by search). */
  userId: string;
  search: string;
  limit: number;
}

const trimmed = (search: string) => (search.trim() === '' ? undefined : search.trim());

function pathOf({ list, userId }: PeopleQuery): string {
  const id = encodeURIComponent(userId);
  if (list === 'followers') return `users/${id}/follow`;
  if (list === 'following') return `users/${id}/following`;
  return 'users';
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['People'] });

export const peopleApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listPeople: build.query<PeopleResponse, PeopleQuery>({
      query: (query) => ({
        path: pathOf(query),
        payload: { search: trimmed(query.search), limit: query.limit },
      }),
      providesTags: ['People'],
    }),
    recommendations: build.query<RecommendationResponse, { search: string }>({
      query: ({ search }) => ({
        method: 'POST',
        path: 'users/recommendation',
        payload: { search: trimmed(search), limit: PEOPLE_PAGE },
      }),
      providesTags: ['People'],
    }),
    setFollow: build.mutation<FollowResponse, { userId: string; follow: boolean }>({
      query: ({ userId, follow }) => ({
        method: 'PUT',
        path: `users/${encodeURIComponent(userId)}/follow`,
        payload: { follow },
      }),
      invalidatesTags: ['People', 'User'],
    }),
  }),
});

export const { useListPeopleQuery, useRecommendationsQuery, useSetFollowMutation } = peopleApi;
