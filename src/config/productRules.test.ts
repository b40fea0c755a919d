import { describe, expect, it } from 'vitest';
import { product } from './product';
import { assertValidProduct, isPackageId, productProblems, type ProductShape } from './productRules';
import { webManifest } from './webManifest';

const edit = (patch: (p: ProductShape) => ProductShape) => productProblems(patch(structuredClone(product)));

describe('the product config', () => {
  it('is valid', () => {
    expect(productProblems(product)).toEqual([]);
  });

  it('refuses what Gradle, plists or the stores would choke on', () => {
    expect(edit((p) => ({ ...p, name: "Field'mark" }))).toContain('name contains a quote, \\, $ or newline');
    expect(edit((p) => ({ ...p, origin: 'http://fieldmark.app' }))).toContain(
      'origin must be a bare https origin',
    );
    expect(edit((p) => ({ ...p, themeColor: 'green' }))).toContain('themeColor must be #rrggbb');
    expect(edit((p) => ({ ...p, appId: 'fieldmark' }))).toContain('appId is not a valid Android package id');
    expect(edit((p) => ({ ...p, ios: { ...p.ios, appBoundDomains: ['other.org'] } }))).toContain(
      'ios.appBoundDomains must start with the origin host',
    );
    const five = Array.from({ length: 5 }, () => product.shortcuts[0]);
    expect(edit((p) => ({ ...p, shortcuts: five }))).toContain('at most 4 shortcuts');
    expect(edit((p) => ({ ...p, android: { ...p.android, notifications: false } }))).toContain(
      'Play Billing needs notification delegation',
    );
    expect(() => {
      assertValidProduct({ ...product, shortName: 'A much too long label' });
    }).toThrow(/shortName/);
  });

  it('knows an Android package id', () => {
    expect(isPackageId('app.fieldmark.twa')).toBe(true);
    expect(isPackageId('app.new.twa')).toBe(false);
    expect(isPackageId('1app.fieldmark')).toBe(false);
  });

  it('gives the web manifest its identity and shortcuts', () => {
    const manifest = webManifest(product);
    expect(manifest).toMatchObject({ name: product.name, theme_color: product.themeColor, start_url: '/' });
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(product.shortcuts.map((s) => s.url));
  });
});
