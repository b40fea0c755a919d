/**
 * The rules the product config must keep, checked when src/config/product.ts is imported. They are
 * the stores' rules as much as ours: values are pasted into Gradle (Groovy single-quoted strings),
 * Swift and plists, so quotes, backslashes, `$` and newlines are refused outright.
 */

export interface ProductShape {
  name: string;
  shortName: string;
  description: string;
  lang: string;
  themeColor: string;
  themeColorDark: string;
  backgroundColor: string;
  origin: string;
  startPath: string;
  scope: string;
  appId: string;
  version: string;
  launch: { twa: string; ios: string };
  shortcuts: readonly { name: string; shortName: string; url: string }[];
  deepLinks: { include: readonly string[]; exclude: readonly string[] };
  android: {
    versionCode: number;
    minSdk: number;
    notifications: boolean;
    locationDelegation: boolean;
    playBilling: boolean;
    signingKeyAlias: string;
  };
  ios: {
    bundleId: string;
    buildNumber: number;
    deploymentTarget: string;
    appBoundDomains: readonly string[];
    statusBarStyle: 'light' | 'dark';
    locationUsage: string;
    cameraUsage: string;
  };
}

const UNSAFE = /['"\\$\n\r`]/;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const JAVA_KEYWORDS = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null'.split(
    ' ',
  ),
);

/** Android applicationId: two or more dot-separated Java identifiers, none a keyword. */
export function isPackageId(id: string): boolean {
  const parts = id.split('.');
  return parts.length >= 2 && parts.every((p) => /^[a-zA-Z][a-zA-Z0-9_]*$/.test(p) && !JAVA_KEYWORDS.has(p));
}

/** Apple bundle identifier: reverse-DNS of letters, digits, hyphens and dots. */
export function isBundleId(id: string): boolean {
  return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(id);
}

/** Every broken rule, as readable lines; empty when the config is valid. */
export function productProblems(p: ProductShape): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const texts: [string, string][] = [
    ['name', p.name],
    ['shortName', p.shortName],
    ['description', p.description],
    ['origin', p.origin],
    ['startPath', p.startPath],
    ['scope', p.scope],
    ['launch.twa', p.launch.twa],
    ['launch.ios', p.launch.ios],
    ['android.signingKeyAlias', p.android.signingKeyAlias],
    ['ios.locationUsage', p.ios.locationUsage],
    ['ios.cameraUsage', p.ios.cameraUsage],
    ...p.shortcuts.flatMap((s, i): [string, string][] => [
      [`shortcuts[${i}].name`, s.name],
      [`shortcuts[${i}].shortName`, s.shortName],
      [`shortcuts[${i}].url`, s.url],
    ]),
  ];
  for (const [field, value] of texts)
    check(!UNSAFE.test(value), `${field} contains a quote, \\, $ or newline`);

  check(p.name.length >= 1 && p.name.length <= 50, 'name must be 1–50 characters');
  check(
    p.shortName.length >= 1 && p.shortName.length <= 12,
    'shortName must be 1–12 characters (launcher label)',
  );
  let host = '';
  try {
    const url = new URL(p.origin);
    host = url.host;
    check(url.protocol === 'https:' && url.origin === p.origin, 'origin must be a bare https origin');
  } catch {
    problems.push('origin is not a URL');
  }
  for (const [field, colour] of [
    ['themeColor', p.themeColor],
    ['themeColorDark', p.themeColorDark],
    ['backgroundColor', p.backgroundColor],
  ] as const) {
    check(HEX_COLOUR.test(colour), `${field} must be #rrggbb`);
  }
  const paths = [p.startPath, p.scope, p.launch.twa, p.launch.ios, ...p.shortcuts.map((s) => s.url)];
  check(
    paths.every((path) => path.startsWith('/') && !path.startsWith('//')),
    'start, scope, launch and shortcut URLs must be same-origin paths',
  );
  check(p.shortcuts.length <= 4, 'at most 4 shortcuts');
  check(/^\d+\.\d+\.\d+$/.test(p.version), 'version must be major.minor.patch');
  check(isPackageId(p.appId), 'appId is not a valid Android package id');
  check(Number.isInteger(p.android.versionCode) && p.android.versionCode >= 1, 'android.versionCode ≥ 1');
  check(Number.isInteger(p.android.minSdk) && p.android.minSdk >= 21, 'android.minSdk ≥ 21');
  check(!p.android.playBilling || p.android.notifications, 'Play Billing needs notification delegation');
  check(isBundleId(p.ios.bundleId), 'ios.bundleId is not a valid bundle identifier');
  check(Number.isInteger(p.ios.buildNumber) && p.ios.buildNumber >= 1, 'ios.buildNumber ≥ 1');
  check(/^\d+\.\d+$/.test(p.ios.deploymentTarget), 'ios.deploymentTarget must be major.minor');
  const domains = p.ios.appBoundDomains;
  check(domains.length >= 1 && domains.length <= 10, 'ios.appBoundDomains: 1 to 10 hosts (WebKit limit)');
  check(domains[0] === host, 'ios.appBoundDomains must start with the origin host');
  check(
    domains.every((d) => /^[a-z0-9.-]+(:\d+)?$/.test(d)),
    'ios.appBoundDomains are plain hosts (no scheme, path or wildcard)',
  );
  const linkPaths = [...p.deepLinks.include, ...p.deepLinks.exclude];
  check(p.deepLinks.include.length > 0, 'deepLinks.include is empty');
  check(
    linkPaths.every((path) => path.startsWith('/') && !UNSAFE.test(path)),
    'deep-link paths start with / and have no quotes',
  );
  return problems;
}

export function assertValidProduct(p: ProductShape): void {
  const problems = productProblems(p);
  if (problems.length) throw new Error(`src/config/product.ts is invalid:\n- ${problems.join('\n- ')}`);
}
