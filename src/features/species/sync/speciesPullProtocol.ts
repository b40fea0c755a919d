/**
 * The messages between the page and the species pull's worker (speciesPull.worker.ts): the page
 * asks for one pull; the worker reports its progress, then its result or why it failed. A failure
 * crosses as data and becomes an error again on the page, an ApiError when it was one (the sync
 * popup tells "offline" from other failures by it).
 */
import { ApiError } from '../../../api/ApiError';
import type { PullResult, SyncFilter } from '../../../db/sync';

export interface SpeciesPullRequest {
  type: 'pull';
  filter: SyncFilter | undefined;
}

export interface PullFailure {
  message: string;
  /** Set when the failure was an ApiError. */
  api?: { status: number; reason: string };
}

export type SpeciesPullReport =
  | { type: 'progress'; received: number; total?: number }
  | { type: 'done'; result: PullResult }
  | { type: 'failed'; failure: PullFailure };

export function failureOf(error: unknown): PullFailure {
  if (error instanceof ApiError)
    return { message: error.message, api: { status: error.status, reason: error.reason } };
  return { message: error instanceof Error ? error.message : String(error) };
}

export function errorOf(failure: PullFailure): Error {
  return failure.api
    ? new ApiError(failure.api.status, failure.api.reason, null)
    : new Error(failure.message);
}
