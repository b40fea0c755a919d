/** Maps a login/register answer to the session user the app keeps (pure, so it is tested alone). */
import type { LoginResponse } from '@contract/auth';
import type { SessionUser } from '../db/kv';

export interface SignInDetails {
  response: LoginResponse;
  /** The email the member typed, trimmed and lowercased; the profile's wins when present. */
  username: string;
  method: 'basic' | 'social';
  provider?: string;
}

export function sessionUserFrom({ response, username, method, provider }: SignInDetails): SessionUser {
  return {
    user_id: response.user_id,
    nickname: response.nickname,
    username: response.profile?.username ?? username,
    avatar: response.avatar,
    roles: [...response.roles],
    permissions: structuredClone(response.permissions),
    auth_method: method,
    social_provider: method === 'social' ? (provider ?? null) : null,
    profile: response.profile ?? null,
  };
}
