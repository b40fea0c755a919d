/**
 * The profile editor's calls (SPEC §7 "PUT users[/{id}]"; docs/api.md "Profiles"), online only:
 * RTK Query, never persisted. A photo for an avatar goes through the media pipeline (PUT
 * media/{id}/base64 under a new id: the server makes the thumbnail the avatar points at).
 */
import type { MediaUploadResponse } from '@contract/media';
import type { LocationsResponse } from '@contract/reference';
import type { UpdateUserRequest, UpdateUserResponse } from '@contract/users';
import { api } from '../../api/api';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<UpdateUserResponse, { id: string; patch: UpdateUserRequest }>({
      query: ({ id, patch }) => ({
        method: 'PUT',
        path: `users/${encodeURIComponent(id)}`,
        payload: { ...patch },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }],
    }),
    uploadPhoto: build.mutation<MediaUploadResponse, { mediaId: string; image: string }>({
      query: ({ mediaId, image }) => ({
        method: 'PUT',
        path: `media/${encodeURIComponent(mediaId)}/base64`,
        payload: { image },
      }),
    }),
    searchRegions: build.query<LocationsResponse, string>({
      query: (search) => ({
        path: 'locations',
        payload: { search_term: search, basic: true, length: 20 },
      }),
    }),
  }),
});

export const { useUpdateUserMutation, useUploadPhotoMutation, useSearchRegionsQuery } = profileApi;
