/**
 * Token expiry (SPEC §7 "Token handling"): every token the API issues ends in a dot-separated
 * segment holding its expiry time in seconds since the epoch. The client reads it to renew a client
 * token before the server has to refuse it.
 */

/** The expiry of `token` in seconds since the epoch, or null when the token carries none. */
export function tokenExpiresAt(token: string): number | null {
  const lastDot = token.lastIndexOf('.');
  if (lastDot < 0) return null;
  const segment = token.slice(lastDot + 1);
  if (!/^\d{1,12}$/.test(segment)) return null;
  return Number(segment);
}

/**
 * Whether `token` has expired at `nowMs` (milliseconds, like Date.now()). A token without a
 * readable expiry counts as expired: asking for a fresh one is cheaper than a refused request.
 * `marginSeconds` renews a little early so a request never leaves with a token that dies in flight.
 */
export function isTokenExpired(token: string, nowMs: number, marginSeconds = 0): boolean {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return true;
  return nowMs / 1000 + marginSeconds >= expiresAt;
}
