/**
 * The group calls (SPEC §7 "PUT groups[/{id}]; GET groups (search)", and docs/api.md "Community"
 * additions GET groups/{id}, PUT and DELETE groups/{id}/members/{user_id}), online only: RTK
 * Query, never persisted. Every write refetches the groups and the group it changed (tags).
 */
import type { GroupRequest, GroupResponse } from '@contract/community';
import type { Static } from 'typebox';
import type { GroupSaveResponseSchema, GroupsResponseSchema } from '@contract/community';
import { api } from '../../api/api';

export type GroupsResponse = Static<typeof GroupsResponseSchema>;
export type GroupSaveResponse = Static<typeof GroupSaveResponseSchema>;

export const GROUPS_PAGE = 50;

const groupPath = (id: string) => `groups/${encodeURIComponent(id)}`;
const memberPath = (id: string, userId: string) => `${groupPath(id)}/members/${encodeURIComponent(userId)}`;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Group'] });

export const groupsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listGroups: build.query<GroupsResponse, { search: string; member: boolean }>({
      query: ({ search, member }) => ({
        path: 'groups',
        payload: {
          search: search.trim() === '' ? undefined : search.trim(),
          member: member || undefined,
          limit: GROUPS_PAGE,
        },
      }),
      providesTags: ['Group'],
    }),
    getGroup: build.query<GroupResponse, string>({
      query: (id) => ({ path: groupPath(id) }),
      providesTags: (_result, _error, id) => [{ type: 'Group', id }],
    }),
    saveGroup: build.mutation<GroupSaveResponse, { id: string; body: GroupRequest }>({
      query: ({ id, body }) => ({ method: 'PUT', path: groupPath(id), payload: { ...body } }),
      invalidatesTags: ['Group'],
    }),
    setMembership: build.mutation<GroupResponse, { id: string; userId: string; role: 'admin' | 'member' }>({
      query: ({ id, userId, role }) => ({ method: 'PUT', path: memberPath(id, userId), payload: { role } }),
      invalidatesTags: ['Group'],
    }),
    removeMember: build.mutation<GroupResponse, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ method: 'DELETE', path: memberPath(id, userId) }),
      invalidatesTags: ['Group'],
    }),
  }),
});

export const {
  useListGroupsQuery,
  useGetGroupQuery,
  useSaveGroupMutation,
  useSetMembershipMutation,
  useRemoveMemberMutation,
} = groupsApi;
