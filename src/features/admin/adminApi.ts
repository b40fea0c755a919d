/**
 * The issue 18 admin pages' calls (docs/api.md "Content pages and help", "User administration"),
 * online only: an admin edits the server's records, never a device copy. RTK Query, never
 * persisted; tags make a list and a record refetch after a write that changes them.
 */
import type {
  AdminUserDetailResponse,
  AdminUsersResponse,
  AdminUserUpdate,
  AdminUserUpdateResponse,
} from '@contract/admin';
import type { ContentPageResponse, HelpResponse, HelpTopicResponse } from '@contract/content';
import type {
  ContentPageListResponse,
  ContentPageWrite,
  ContentPageWriteResponse,
  HelpTopicWrite,
  HelpTopicWriteResponse,
} from '@contract/contentAdmin';
import type {
  ReportAction,
  ReportActionBody,
  ReportActionResponse,
  ReportDetailResponse,
  ReportListResponse,
  ReportNoteCreate,
  ReportNoteResponse,
} from '@contract/reports';
import { api } from '../../api/api';

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 25;

/** Rows per page of the users and reports tables. */
export const REPORTS_PAGE_SIZE = 25;

export interface ReportsQuery {
  section: string;
  state: string;
  category: string;
  skip: number;
}

export interface UsersQuery {
  search: string;
  role: string;
  /** `area` (any flag) or `area:flag`; '' for any. */
  permission: string;
  disabled: '' | 'true' | 'false';
  skip: number;
}

const pagePath = (id: string) => `cms/pages/${encodeURIComponent(id)}`;
const helpPath = (id: string) => `help/${encodeURIComponent(id)}`;
const userPath = (id: string) => `admin/users/${encodeURIComponent(id)}`;

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminPage', 'AdminHelp', 'AdminUser', 'AdminReport'] });

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listPages: build.query<ContentPageListResponse, void>({
      query: () => ({ path: 'cms/pages' }),
      providesTags: ['AdminPage'],
    }),
    getPage: build.query<ContentPageResponse, string>({
      query: (id) => ({ path: pagePath(id) }),
      providesTags: ['AdminPage'],
    }),
    putPage: build.mutation<ContentPageWriteResponse, { id: string; input: ContentPageWrite }>({
      query: ({ id, input }) => ({ method: 'PUT', path: pagePath(id), payload: { ...input } }),
      invalidatesTags: ['AdminPage'],
    }),
    deletePage: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: pagePath(id) }),
      invalidatesTags: ['AdminPage'],
    }),

    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    listHelp: build.query<HelpResponse, void>({
      query: () => ({ path: 'help' }),
      providesTags: ['AdminHelp'],
    }),
    getTopic: build.query<HelpTopicResponse, string>({
      query: (id) => ({ path: helpPath(id) }),
      providesTags: ['AdminHelp'],
    }),
    putTopic: build.mutation<HelpTopicWriteResponse, { id: string; input: HelpTopicWrite }>({
      query: ({ id, input }) => ({ method: 'PUT', path: helpPath(id), payload: { ...input } }),
      invalidatesTags: ['AdminHelp'],
    }),
    deleteTopic: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: helpPath(id) }),
      invalidatesTags: ['AdminHelp'],
    }),

    listUsers: build.query<AdminUsersResponse, UsersQuery>({
      query: ({ search, role, permission, disabled, skip }) => ({
        path: 'admin/users',
        payload: {
          search: search.trim() === '' ? undefined : search.trim(),
          role: role === '' ? undefined : role,
          permission: permission === '' ? undefined : permission,
          disabled: disabled === '' ? undefined : disabled === 'true',
          skip,
          limit: USERS_PAGE_SIZE,
        },
      }),
      providesTags: ['AdminUser'],
    }),
    getAdminUser: build.query<AdminUserDetailResponse, string>({
      query: (id) => ({ path: userPath(id) }),
      providesTags: ['AdminUser'],
    }),
    putAdminUser: build.mutation<AdminUserUpdateResponse, { id: string; input: AdminUserUpdate }>({
      query: ({ id, input }) => ({ method: 'PUT', path: userPath(id), payload: { ...input } }),
      invalidatesTags: ['AdminUser'],
    }),
    /** DELETE users/{id}: the member's own call, which admins with admin-users:d may make too. */
    deleteAdminUser: build.mutation<unknown, string>({
      query: (id) => ({ method: 'DELETE', path: `users/${encodeURIComponent(id)}` }),
      invalidatesTags: ['AdminUser'],
    }),

    listReports: build.query<ReportListResponse, ReportsQuery>({
      query: ({ section, state, category, skip }) => ({
        path: 'report_issue/list',
        payload: {
          section: section === '' ? undefined : section,
          state: state === '' ? undefined : state,
          category: category === '' ? undefined : category,
          skip,
          limit: REPORTS_PAGE_SIZE,
        },
      }),
      providesTags: ['AdminReport'],
    }),
    getReport: build.query<ReportDetailResponse, string>({
      query: (id) => ({ path: `report_issue/${encodeURIComponent(id)}` }),
      providesTags: ['AdminReport'],
    }),
    addReportNote: build.mutation<ReportNoteResponse, ReportNoteCreate>({
      query: (body) => ({ method: 'POST', path: 'report_issue/create_note', payload: { ...body } }),
      invalidatesTags: ['AdminReport'],
    }),
    actOnReport: build.mutation<ReportActionResponse, { action: ReportAction; body: ReportActionBody }>({
      query: ({ action, body }) => ({ method: 'POST', path: `report_issue/${action}`, payload: { ...body } }),
      // A hidden member is disabled: the users table changes too.
      invalidatesTags: ['AdminReport', 'AdminUser'],
    }),
  }),
});

export const {
  useListReportsQuery,
  useGetReportQuery,
  useAddReportNoteMutation,
  useActOnReportMutation,
  useListPagesQuery,
  useGetPageQuery,
  usePutPageMutation,
  useDeletePageMutation,
  useListHelpQuery,
  useGetTopicQuery,
  usePutTopicMutation,
  useDeleteTopicMutation,
  useListUsersQuery,
  useGetAdminUserQuery,
  usePutAdminUserMutation,
  useDeleteAdminUserMutation,
} = adminApi;
