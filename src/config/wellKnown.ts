/**
 * The two .well-known documents the stores fetch from the origin: Digital Asset Links (Chrome
 * verifies the TWA and hides the URL bar; Android verifies App Links) and the Apple app-site
 * association (universal links and shared web credentials for the iOS shell). Pure functions of the
 * product config and the signing identity, so the server and the store generator cannot disagree.
 */
import type { ProductShape } from './productRules';
/** One SHA-256 certificate fingerprint (AA:BB:… ×32), named for people (upload, play-app-signing). */
export interface Fingerprint {
  name: string;
  value: string;
}

export interface AssetStatement {
  relation: string[];
  target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] };
}

export function assetLinks(p: ProductShape, fingerprints: readonly Fingerprint[]): AssetStatement[] {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: p.appId,
        sha256_cert_fingerprints: fingerprints.map((f) => f.value),
      },
    },
  ];
}

export interface AppleAppSiteAssociation {
  applinks: { details: { appIDs: string[]; components: { '/': string; exclude?: true }[] }[] };
  webcredentials: { apps: string[] };
}

export function appleAppSiteAssociation(p: ProductShape, teamId: string): AppleAppSiteAssociation {
  const appId = `${teamId}.${p.ios.bundleId}`;
  return {
    applinks: {
      details: [
        {
          appIDs: [appId],
          // Components match in order: the exclusions must come before the catch-all.
          components: [
            ...p.deepLinks.exclude.map((path) => ({ '/': path, exclude: true as const })),
            ...p.deepLinks.include.map((path) => ({ '/': path })),
          ],
        },
      ],
    },
    webcredentials: { apps: [appId] },
  };
}
