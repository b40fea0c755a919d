/**
 * The store artefacts in CI: what is committed in twa/ and ios-shell/ is exactly what the config
 * generates (the drift check), and it passes the checks Linux can run (validate.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { product } from '../../src/config/product';
import packageJson from '../../package.json';
import { storeDrift } from './generate';
import { parsePlist } from './plist';
import { REPO_ROOT } from './twa';
import { bracketProblems, iosProblems, twaProblems } from './validate';
import { parseXml } from './xml';
import { present } from '../../server/present';

const scratch = mkdtempSync(join(tmpdir(), 'fieldmark-store-test-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the drift check', () => {
  it('finds twa/ and ios-shell/ exactly as the config generates them', async () => {
    expect(await storeDrift(product)).toEqual([]);
  });

  it('fails when the config changes and the artefacts are not regenerated', async () => {
    const bumped = { ...product, version: '0.2.0', android: { ...product.android, versionCode: 2 } };
    const drift = await storeDrift(bumped);
    expect(drift).toEqual(
      expect.arrayContaining([
        'differs: twa/twa-manifest.json',
        'differs: twa/app/build.gradle',
        'differs: ios-shell/Fieldmark.xcodeproj/project.pbxproj',
      ]),
    );
  });

  it('the config carries the package.json version', () => {
    expect(product.version).toBe(packageJson.version);
  });
});

describe('the TWA project', () => {
  it('passes the checks: XML well-formed, Gradle and Java balanced, values from the config', () => {
    expect(twaProblems(product, join(REPO_ROOT, 'twa'))).toEqual([]);
  });

  it('the checks catch a broken manifest and a config the project disagrees with', () => {
    const copy = join(scratch, 'twa');
    cpSync(join(REPO_ROOT, 'twa'), copy, { recursive: true });
    expect(twaProblems({ ...product, android: { ...product.android, playBilling: false } }, copy)).toContain(
      'PaymentActivity must be there exactly when Play Billing is on',
    );
    const manifest = join(copy, 'app/src/main/AndroidManifest.xml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('</application>', ''));
    expect(twaProblems(product, copy).join('\n')).toMatch(
      /AndroidManifest\.xml: XML: <\/manifest> closes <application>/,
    );
  });
});

describe('the iOS shell', () => {
  it('passes the checks: plists, entitlements, project settings, icons, Swift balanced', () => {
    expect(iosProblems(product, join(REPO_ROOT, 'ios-shell'))).toEqual([]);
  });

  it('the checks catch project settings that disagree with the config', () => {
    expect(
      iosProblems(
        { ...product, ios: { ...product.ios, bundleId: 'org.example.other' } },
        join(REPO_ROOT, 'ios-shell'),
      ),
    ).toContain('PRODUCT_BUNDLE_IDENTIFIER is not ios.bundleId');
  });
});

describe('the readers under the checks', () => {
  it('refuse malformed XML', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow(/closes/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/duplicate/);
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/entity/);
    expect(() => parseXml('<a/><b/>')).toThrow(/second root/);
    expect(
      present(parseXml('<?xml version="1.0"?><!-- c --><a k=\'v\'><b>x &amp; y</b></a>').children[0]).text,
    ).toBe('x & y');
  });

  it('refuse a plist key without a value (the lenient plist package would not)', () => {
    const dangling =
      '<?xml version="1.0"?><plist version="1.0"><dict><key>A</key><string>x</string><key>B</key></dict></plist>';
    expect(() => parsePlist(dangling)).toThrow(/key B has no value/);
  });

  it('find unbalanced Gradle or Swift', () => {
    expect(bracketProblems('android { defaultConfig { x "}" }', 'g')).toEqual(["g:1: '{' is never closed"]);
    expect(bracketProblems('let s = """\n ) \n"""\nf(a[1]) // )', 's')).toEqual([]);
  });
});
