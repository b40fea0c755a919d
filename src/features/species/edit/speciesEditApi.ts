/**
 * The species editor's calls (SPEC §7: GET species/{id}, PUT species/{id}), online only: an admin
 * edits the server's current record, never the device's copy. RTK Query, never persisted. The
 * devices (this one included) receive the edit with their next species sync.
 */
import type { SpeciesResponse, SpeciesUpdateRequest, SpeciesUpdateResponse } from '@contract/species';
import { api } from '../../../api/api';

const speciesPath = (id: string) => `species/${encodeURIComponent(id)}`;

export const speciesEditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSpeciesForEdit: build.query<SpeciesResponse, string>({
      query: (id) => ({ path: speciesPath(id) }),
    }),
    updateSpecies: build.mutation<SpeciesUpdateResponse, { id: string; changes: SpeciesUpdateRequest }>({
      query: ({ id, changes }) => ({ method: 'PUT', path: speciesPath(id), payload: changes }),
    }),
  }),
});

export const { useGetSpeciesForEditQuery, useUpdateSpeciesMutation } = speciesEditApi;
