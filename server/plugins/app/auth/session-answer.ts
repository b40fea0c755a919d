/** What login, refresh and register answer once a member is signed in (contract SessionFields). */
import type { LoginResponse, Profile } from '@contract/auth';
import type { Permissions } from '@contract/permissions';
import type { UserRow } from '../users/tables';

export function sessionAnswer(
  user: UserRow,
  tokens: { authToken: string; refreshToken: string },
  /** Sent when the client asked for it (include_profile) and always after register. */
  profile?: Profile,
): LoginResponse {
  return {
    status: 'success',
    // A member who gets a session has nothing left to verify (login refuses otherwise).
    email_verification_required: false,
    roles: user.roles,
    permissions: user.permissions satisfies Permissions,
    auth_token: tokens.authToken,
    refresh_token: tokens.refreshToken,
    nickname: user.nickname,
    user_id: user.id,
    avatar: user.avatar,
    ...(profile ? { profile } : {}),
  };
}
