/**
 * SPEC §5: the username (an email) is trimmed and lowercased. The client sends it so and the server
 * applies it again before validation (a caller may not be our client), so " Ann@Example.org "
 * passes the email pattern and is stored and looked up as "ann@example.org". Pure.
 */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
