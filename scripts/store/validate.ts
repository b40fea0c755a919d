/**
 * What Linux can check of the store projects without the Android SDK or a Mac: XML and plists
 * parse, the Gradle and Swift sources are at least balanced (a best-effort parse: no Groovy or
 * Swift toolchain here), and every value that came from the config still says what the config
 * says. Each check returns readable problems; empty means fine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductShape } from '../../src/config/productRules';
import { webManifest } from '../../src/config/webManifest';
import { APP_ICON, IOS_TARGET, SWIFT_SOURCES } from './ios';
import { parsePlist, type PlistValue } from './plist';
import { parseXml, type XmlElement } from './xml';
import { present } from '../../server/present';

const walk = (dir: string, under = ''): string[] =>
  readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(dir, rel) : [rel];
  });

const all = (element: XmlElement): XmlElement[] => [element, ...element.children.flatMap(all)];

/**
 * Brackets balance outside strings and comments: what a Groovy or Swift parser would first refuse.
 * Strings: '…', "…", and Swift/Groovy triple-quoted ones; comments: // and /* *\/.
 */
export function bracketProblems(source: string, file: string): string[] {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: { char: string; line: number }[] = [];
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const c = present(source[i]);
    if (c === '\n') line++;
    else if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      if (end === -1) break;
      i = end - 1;
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end === -1) return [`${file}:${line}: unterminated comment`];
      line += source.slice(i, end).split('\n').length - 1;
      i = end + 1;
    } else if (source.startsWith('"""', i) || source.startsWith("'''", i)) {
      const quote = source.slice(i, i + 3);
      const end = source.indexOf(quote, i + 3);
      if (end === -1) return [`${file}:${line}: unterminated ${quote} string`];
      line += source.slice(i, end).split('\n').length - 1;
      i = end + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      if (source[j] !== c) return [`${file}:${line}: unterminated string`];
      i = j;
    } else if ('([{'.includes(c)) stack.push({ char: c, line });
    else if (c in pairs) {
      const open = stack.pop();
      if (open?.char !== pairs[c])
        return [
          `${file}:${line}: '${c}' does not close ${open ? `'${open.char}' of line ${open.line}` : 'anything'}`,
        ];
    }
  }
  return stack.length
    ? [
        `${file}:${present(stack[stack.length - 1]).line}: '${present(stack[stack.length - 1]).char}' is never closed`,
      ]
    : [];
}

export function twaProblems(p: ProductShape, dir: string): string[] {
  const problems: string[] = [];
  const host = new URL(p.origin).host;
  const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
  const files = walk(dir);
  for (const rel of files.filter((f) => f.endsWith('.xml'))) {
    try {
      parseXml(read(rel));
    } catch (error) {
      problems.push(`${rel}: ${(error as Error).message}`);
    }
  }
  for (const rel of files.filter((f) => f.endsWith('.gradle')))
    problems.push(...bracketProblems(read(rel), rel));
  for (const rel of files.filter((f) => f.endsWith('.java')))
    problems.push(...bracketProblems(read(rel), rel));
  if (problems.length) return problems;

  const manifest = parseXml(read('app/src/main/AndroidManifest.xml'));
  const elements = all(manifest);
  const names = new Set(elements.map((e) => e.attributes['android:name']));
  const check = (ok: boolean, message: string) => ok || problems.push(message);
  check(manifest.attributes.package === p.appId, 'AndroidManifest package is not appId');
  check(
    elements.some((e) => e.name === 'intent-filter' && e.attributes['android:autoVerify'] === 'true'),
    'no autoVerify intent filter (App Links)',
  );
  check(
    names.has('android.permission.POST_NOTIFICATIONS') === p.android.notifications,
    'POST_NOTIFICATIONS must be there exactly when notifications are on',
  );
  check(
    names.has('com.google.androidbrowserhelper.playbilling.provider.PaymentActivity') ===
      p.android.playBilling,
    'PaymentActivity must be there exactly when Play Billing is on',
  );
  check(
    names.has('com.google.androidbrowserhelper.locationdelegation.PermissionRequestActivity') ===
      p.android.locationDelegation,
    'location delegation must be wired exactly when it is on',
  );
  const gradle = read('app/build.gradle');
  for (const [needle, what] of [
    [`applicationId "${p.appId}"`, 'applicationId'],
    [`hostName: '${host}'`, 'hostName'],
    [`launchUrl: '${p.launch.twa}'`, 'launchUrl'],
    [`versionCode ${p.android.versionCode}\n`, 'versionCode'],
    [`versionName "${p.version}"`, 'versionName'],
    [`minSdkVersion ${p.android.minSdk}\n`, 'minSdkVersion'],
  ] as const) {
    check(gradle.includes(needle), `app/build.gradle: ${what} does not match the config`);
  }
  const strings = parseXml(read('app/src/main/res/values/strings.xml'));
  const statements = strings.children.find((e) => e.attributes.name === 'assetStatements');
  check(
    !!statements && statements.text.includes(`\\"site\\": \\"${p.origin}\\"`),
    'assetStatements do not name the origin',
  );
  const twaManifest = JSON.parse(read('twa-manifest.json')) as Record<string, unknown>;
  check(twaManifest.packageId === p.appId && twaManifest.host === host, 'twa-manifest.json: package or host');
  check(
    twaManifest.appVersionName === p.version && twaManifest.appVersionCode === p.android.versionCode,
    'twa-manifest.json: versions',
  );
  const bundled = JSON.parse(read('app/src/main/res/raw/web_app_manifest.json')) as unknown;
  check(
    JSON.stringify(bundled) === JSON.stringify({ ...webManifest(p), start_url: p.launch.twa }),
    'the bundled web manifest is not the config’s (with the TWA start URL)',
  );
  return problems;
}

/** PNG width, height and whether it has an alpha channel, from its IHDR chunk. */
export function pngInfo(data: Buffer): { width: number; height: number; alpha: boolean } {
  if (data.toString('latin1', 1, 4) !== 'PNG' || data.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  const colourType = present(data[25]);
  return {
    width: data.readUInt32BE(16),
    height: data.readUInt32BE(20),
    alpha: colourType === 4 || colourType === 6,
  };
}

export function iosProblems(p: ProductShape, dir: string): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => ok || problems.push(message);
  const app = join(dir, IOS_TARGET);
  const host = new URL(p.origin).host;
  let info: Record<string, PlistValue>;
  let entitlements: Record<string, PlistValue>;
  try {
    info = parsePlist(readFileSync(join(app, 'Info.plist'), 'utf8'));
    entitlements = parsePlist(readFileSync(join(app, `${IOS_TARGET}.entitlements`), 'utf8'));
  } catch (error) {
    return [`plist: ${(error as Error).message}`];
  }
  const domains = info.WKAppBoundDomains as string[] | undefined;
  check(
    !!domains && domains.length <= 10 && domains[0] === host,
    'WKAppBoundDomains must start with the origin host (≤ 10)',
  );
  check(
    info.CFBundleIdentifier === '$(PRODUCT_BUNDLE_IDENTIFIER)',
    'CFBundleIdentifier must come from the project',
  );
  check(
    info.CFBundleShortVersionString === '$(MARKETING_VERSION)',
    'CFBundleShortVersionString must come from the project',
  );
  check(info.CFBundleVersion === '$(CURRENT_PROJECT_VERSION)', 'CFBundleVersion must come from the project');
  check(info.CFBundleDisplayName === p.shortName, 'CFBundleDisplayName is not the short name');
  check(typeof info.NSLocationWhenInUseUsageDescription === 'string', 'no location usage string');
  check(typeof info.NSCameraUsageDescription === 'string', 'no camera usage string');
  check(!('NSAppTransportSecurity' in info), 'no App Transport Security exceptions (HTTPS only)');
  const shortcuts =
    (info.UIApplicationShortcutItems as
      { UIApplicationShortcutItemUserInfo: { path: string } }[] | undefined) ?? [];
  check(
    JSON.stringify(shortcuts.map((s) => s.UIApplicationShortcutItemUserInfo.path)) ===
      JSON.stringify(p.shortcuts.map((s) => s.url)),
    'UIApplicationShortcutItems do not match the config',
  );
  const associated = entitlements['com.apple.developer.associated-domains'] as string[] | undefined;
  check(
    JSON.stringify(associated) === JSON.stringify([`applinks:${host}`, `webcredentials:${host}`]),
    'associated domains must be applinks: and webcredentials: of the origin host',
  );

  const pbxproj = readFileSync(join(dir, `${IOS_TARGET}.xcodeproj/project.pbxproj`), 'utf8');
  problems.push(...bracketProblems(pbxproj.replace(/^\/\/ !\$\*UTF8\*\$!\n/, ''), 'project.pbxproj'));
  const targetConfigs = [...pbxproj.matchAll(/buildSettings = \{([^}]*)\};/g)]
    .map((m): Record<string, string> =>
      Object.fromEntries(
        [...present(m[1]).matchAll(/^\s*(\w+) = ("[^"]*"|[^;]*);$/gm)].map((s): [string, string] => [
          present(s[1]),
          present(s[2]).replace(/^"|"$/g, ''),
        ]),
      ),
    )
    .filter((settings) => 'PRODUCT_BUNDLE_IDENTIFIER' in settings);
  check(targetConfigs.length === 2, 'the app target needs a Debug and a Release configuration');
  for (const settings of targetConfigs) {
    check(
      settings.PRODUCT_BUNDLE_IDENTIFIER === p.ios.bundleId,
      'PRODUCT_BUNDLE_IDENTIFIER is not ios.bundleId',
    );
    check(settings.MARKETING_VERSION === p.version, 'MARKETING_VERSION is not the version');
    check(
      settings.CURRENT_PROJECT_VERSION === String(p.ios.buildNumber),
      'CURRENT_PROJECT_VERSION is not ios.buildNumber',
    );
    check(
      settings.IPHONEOS_DEPLOYMENT_TARGET === p.ios.deploymentTarget,
      'IPHONEOS_DEPLOYMENT_TARGET is not the config’s',
    );
    check(settings.INFOPLIST_FILE === `${IOS_TARGET}/Info.plist`, 'INFOPLIST_FILE');
    check(
      settings.CODE_SIGN_ENTITLEMENTS === `${IOS_TARGET}/${IOS_TARGET}.entitlements`,
      'CODE_SIGN_ENTITLEMENTS',
    );
  }
  for (const source of SWIFT_SOURCES) {
    const file = join(app, source);
    if (!existsSync(file)) problems.push(`${source} is in the project but not on disk`);
    else problems.push(...bracketProblems(readFileSync(file, 'utf8'), source));
  }
  const settingsSwift = readFileSync(join(app, 'Settings.swift'), 'utf8');
  check(
    settingsSwift.includes(`URL(string: "${p.origin}${p.launch.ios}")!`),
    'Settings.swift: startURL is not the config’s',
  );

  const iconSet = join(app, 'Assets.xcassets/AppIcon.appiconset');
  const contents = JSON.parse(readFileSync(join(iconSet, 'Contents.json'), 'utf8')) as {
    images: { filename?: string; size: string; scale?: string }[];
  };
  check(
    contents.images.some((i) => i.size === '1024x1024'),
    'no 1024 px App Store icon',
  );
  for (const image of contents.images) {
    if (!image.filename || !existsSync(join(iconSet, image.filename))) {
      problems.push(`AppIcon ${image.size}: file missing`);
      continue;
    }
    const png = pngInfo(readFileSync(join(iconSet, image.filename)));
    const side = Number(image.size.split('x')[0]) * Number((image.scale ?? '1x').replace('x', ''));
    check(
      png.width === side && png.height === side,
      `AppIcon ${image.filename} is ${png.width}×${png.height}, not ${side}`,
    );
    check(!png.alpha, `AppIcon ${image.filename} has an alpha channel (App Store refuses it)`);
  }
  check(APP_ICON.endsWith('.png'), 'the app icon is a PNG');
  return problems;
}
