/**
 * A signing identity made for the end-to-end run (never a real one), so the server serves the
 * well-known files the stores check (server/signing.ts reads it from the environment).
 */
import { createHash } from 'node:crypto';

export const e2eSigning = {
  /** A SHA-256 fingerprint in keytool's form (AA:BB:… ×32). */
  androidFingerprint: createHash('sha256')
    .update('fieldmark end-to-end signing key')
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:'),
  appleTeamId: 'E2ETEAM001',
};
