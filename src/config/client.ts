/**
 * Public client credentials of the first-party web/PWA client (SPEC §7 "Token handling").
 * A browser bundle cannot keep a secret, so these identify the client rather than authenticate it;
 * the server reads the same defaults and an operator may override both (CLIENT_ID/CLIENT_SECRET on
 * the server, VITE_CLIENT_ID/VITE_CLIENT_SECRET at build time).
 */
export const defaultClientCredentials = {
  clientId: 'fieldmark-web',
  clientSecret: 'fieldmark-web-public-client',
} as const;
