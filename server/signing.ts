/**
 * The signing identity of the store builds: the SHA-256 fingerprints of the Android signing
 * certificates (Play App Signing key and upload key) and the Apple team id. They are per release
 * machine and per deployment, so they never live in the committed config: they come from the
 * environment or from an uncommitted JSON file (`store.signing.json` at the repository root,
 * gitignored, or the file FIELDMARK_SIGNING_FILE names). Node-only (server and scripts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Fingerprint } from '@config/wellKnown';

export interface SigningIdentity {
  androidFingerprints: Fingerprint[];
  /** null when unknown: apple-app-site-association cannot be served without it. */
  appleTeamId: string | null;
}

export const DEFAULT_SIGNING_FILE = fileURLToPath(new URL('../store.signing.json', import.meta.url));

const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const TEAM_ID = /^[A-Z0-9]{10}$/;

/** `FIELDMARK_ANDROID_FINGERPRINTS`: comma-separated `name=AA:BB:…` (or bare `AA:BB:…`). */
function parseFingerprintList(text: string): Fingerprint[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item, i) => {
      const [name = '', value = ''] = item.includes('=') ? item.split('=', 2) : [`key${i + 1}`, item];
      return { name: name.trim(), value: value.trim().toUpperCase() };
    });
}

function checked(identity: SigningIdentity, source: string): SigningIdentity {
  for (const { name, value } of identity.androidFingerprints) {
    if (!FINGERPRINT.test(value))
      throw new Error(`${source}: fingerprint ${name} is not a SHA-256 (AA:BB:… ×32)`);
  }
  if (identity.appleTeamId !== null && !TEAM_ID.test(identity.appleTeamId)) {
    throw new Error(`${source}: the Apple team id must be 10 letters or digits`);
  }
  return identity;
}

/** The identity from env (first) or the file; empty when neither says anything. */
export function readSigningIdentity(
  env: Record<string, string | undefined> = process.env,
  file = env.FIELDMARK_SIGNING_FILE ?? DEFAULT_SIGNING_FILE,
): SigningIdentity {
  let fromFile: Partial<SigningIdentity> = {};
  if (existsSync(file)) fromFile = JSON.parse(readFileSync(file, 'utf8')) as Partial<SigningIdentity>;
  const envPrints = env.FIELDMARK_ANDROID_FINGERPRINTS;
  return checked(
    {
      androidFingerprints: envPrints
        ? parseFingerprintList(envPrints)
        : (fromFile.androidFingerprints ?? []).map((f) => ({ name: f.name, value: f.value.toUpperCase() })),
      appleTeamId: env.FIELDMARK_APPLE_TEAM_ID || fromFile.appleTeamId || null,
    },
    envPrints || env.FIELDMARK_APPLE_TEAM_ID ? 'environment' : file,
  );
}
