/** The text to show for a failed call: the server's reason, else the generic server error. */
import { messages } from '@contract/messages';

export function reasonOf(error: unknown): string {
  return error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string'
    ? error.reason
    : messages.serverError;
}
