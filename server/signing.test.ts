import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSigningIdentity } from './signing';

const FP = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(
  ':',
);

describe('the signing identity', () => {
  const none = join(tmpdir(), 'no-such-signing-file.json');

  it('is empty without env or file', () => {
    expect(readSigningIdentity({}, none)).toEqual({ androidFingerprints: [], appleTeamId: null });
  });

  it('comes from the environment', () => {
    const env = {
      FIELDMARK_ANDROID_FINGERPRINTS: `play=${FP}, upload=${FP.toLowerCase()}`,
      FIELDMARK_APPLE_TEAM_ID: 'ABCDE12345',
    };
    expect(readSigningIdentity(env, none)).toEqual({
      androidFingerprints: [
        { name: 'play', value: FP },
        { name: 'upload', value: FP },
      ],
      appleTeamId: 'ABCDE12345',
    });
  });

  it('comes from the uncommitted file, and a malformed value is refused', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'signing-')), 'store.signing.json');
    writeFileSync(
      file,
      JSON.stringify({ androidFingerprints: [{ name: 'upload', value: FP }], appleTeamId: 'ABCDE12345' }),
    );
    expect(readSigningIdentity({}, file).androidFingerprints).toEqual([{ name: 'upload', value: FP }]);
    expect(() => readSigningIdentity({ FIELDMARK_ANDROID_FINGERPRINTS: 'AB:CD' }, file)).toThrow(/SHA-256/);
  });
});
