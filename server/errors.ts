/**
 * The one error type routes throw to answer with the failed envelope. The app's error handler turns
 * it into `{status: 'failed', reason, ...extra}` with its HTTP status; anything else thrown is a
 * 500 whose details only reach the log.
 */
import { messages } from '@contract/messages';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    /** Extra envelope fields, e.g. `email_verification_required`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'ApiError';
  }
}

export const badRequest = (reason: string) => new ApiError(400, reason);
export const unauthorized = (reason: string = messages.invalidToken) => new ApiError(401, reason);
export const forbidden = (reason: string = messages.notAuthorised) => new ApiError(403, reason);
export const notFound = (reason: string = messages.notFound) => new ApiError(404, reason);
export const conflict = (reason: string) => new ApiError(409, reason);
