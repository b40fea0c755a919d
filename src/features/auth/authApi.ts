/** Account endpoints read through RTK Query (online-only, cached for the session). */
import type { SocialProvidersResponse } from '@contract/auth';
import { api } from '../../api/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Social sign-in providers the server has configured (none in a default install). */
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's way to say "no argument"
    getAuthProviders: build.query<SocialProvidersResponse, void>({
      query: () => ({ path: 'auth/providers' }),
    }),
  }),
});

export const { useGetAuthProvidersQuery } = authApi;
