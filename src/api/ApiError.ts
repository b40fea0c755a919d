/**
 * The one error type of API calls. Its message is what the member sees: the server's `reason`
 * (SPEC §8 "the server's reason replaces the message"), or the offline message.
 */
import { messages } from '@contract/messages';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when no answer arrived (offline, network failure, timeout). */
    readonly status: number,
    /** The text shown to the member. */
    readonly reason: string,
    /** The parsed response body when there was one (the login dialog reads flags from it). */
    readonly body: unknown,
  ) {
    super(reason);
  }

  /** No answer came back: the device is offline or the server unreachable. */
  get isOffline(): boolean {
    return this.status === 0;
  }

  /** The server refused a sign-in because the member has not confirmed their email yet. */
  get emailVerificationRequired(): boolean {
    return hasFlag(this.body, 'email_verification_required');
  }

  static offline(): ApiError {
    return new ApiError(0, messages.offline, null);
  }
}

function hasFlag(body: unknown, flag: string): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[flag] === true;
}

/** A serializable copy of an ApiError, for Redux (thunk rejections, RTK Query errors). */
export interface ApiFailure {
  status: number;
  reason: string;
  isOffline: boolean;
  emailVerificationRequired: boolean;
}

/** Any thrown value as an ApiFailure; errors that are not ApiErrors keep their message. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      reason: error.reason,
      isOffline: error.isOffline,
      emailVerificationRequired: error.emailVerificationRequired,
    };
  }
  const reason = error instanceof Error && error.message ? error.message : messages.serverError;
  return { status: -1, reason, isOffline: false, emailVerificationRequired: false };
}
