/** Test data builders shared by unit tests: one place to change when a contract shape changes. */
import type { LoginResponse } from '@contract/auth';

/** A successful login answer for the member Wren; override what a test is about. */
export function aLoginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    status: 'success',
    email_verification_required: false,
    roles: ['member'],
    permissions: {},
    auth_token: 'auth.4000000000',
    refresh_token: 'refresh.4100000000',
    nickname: 'Wren',
    user_id: 'u-1',
    avatar: null,
    ...overrides,
  };
}
