/**
 * The opaque token format (SPEC §7 "Token handling"): base64url of 32 random bytes, a dot, and the
 * expiry in seconds since the epoch. The expiry is the LAST dot-separated segment, so a client can
 * renew a token before the server refuses it without knowing anything else about the format.
 *
 * The server never stores a token, only its SHA-256: a leaked table gives no usable credential, and
 * 256 random bits need no slow hash. The expiry segment is a hint for clients; the server decides
 * with the expiry it stored, so editing the segment gains nothing.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const TOKEN_RANDOM_BYTES = 32;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}\.\d{1,12}$/;

export function generateToken(expiresAtSeconds: number): string {
  return `${randomBytes(TOKEN_RANDOM_BYTES).toString('base64url')}.${Math.floor(expiresAtSeconds)}`;
}

/** What is stored and looked up: hex SHA-256 of the whole token string. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for strings shaped like our tokens; anything else is refused without a database lookup. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** The expiry (seconds) read from the last dot-separated segment, or null when there is none. */
export function tokenExpirySeconds(token: string): number | null {
  const last = token.slice(token.lastIndexOf('.') + 1);
  if (!/^\d+$/.test(last)) return null;
  const value = Number(last);
  return Number.isSafeInteger(value) ? value : null;
}

/** A random 6-digit pin, zero-padded. */
export function generatePin(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** An unguessable id for links (password reset rid, email verification). */
export function generateId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Bearer token from an Authorization header value, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
