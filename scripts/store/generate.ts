/**
 * `npm run stores:generate`: writes twa/ (whole, by Bubblewrap), the generated files of ios-shell/
 * and, when this machine has the signing identity (server/signing.ts), the two .well-known files in
 * public/.well-known/ (gitignored: they carry per-deployment values; the server serves the same
 * documents at run time). Offline and deterministic: `--check` regenerates into a temporary folder
 * and lists every difference from the working tree instead of writing.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProductShape } from '../../src/config/productRules';
import { appleAppSiteAssociation, assetLinks } from '../../src/config/wellKnown';
import { readSigningIdentity } from '../../server/signing';
import { generateIos } from './ios';
import { generateTwa, REPO_ROOT } from './twa';

/** Files of a release machine inside twa/ that generation must neither compare nor delete. */
const TWA_LOCAL = [
  /^app\/build\//,
  /^build\//,
  /^\.gradle\//,
  /^local\.properties$/,
  /\.(keystore|jks|apk|aab|idsig)$/,
  /^assetlinks\.json$/,
];
const isLocal = (rel: string) => TWA_LOCAL.some((pattern) => pattern.test(rel));

async function listFiles(root: string, under = ''): Promise<string[]> {
  if (!existsSync(join(root, under))) return [];
  const out: string[] = [];
  for (const entry of await readdir(join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
  }
  return out.sort();
}

/** The generated files, as paths relative to the repository root, written under `outRoot`. */
export async function generateStores(p: ProductShape, outRoot: string): Promise<string[]> {
  const twaDir = await mkdtemp(join(tmpdir(), 'fieldmark-twa-'));
  try {
    await generateTwa(p, twaDir);
    const twaFiles = await listFiles(twaDir);
    const target = join(outRoot, 'twa');
    // Replace the project but keep a release machine's keystore and build outputs.
    for (const stale of await listFiles(target)) {
      if (!isLocal(stale) && !twaFiles.includes(stale)) await rm(join(target, stale));
    }
    await mkdir(target, { recursive: true });
    await cp(twaDir, target, { recursive: true });
    const iosFiles = await generateIos(p, join(outRoot, 'ios-shell'));
    return [...twaFiles.map((f) => `twa/${f}`), ...iosFiles.map((f) => `ios-shell/${f}`)];
  } finally {
    await rm(twaDir, { recursive: true, force: true });
  }
}

/** Writes public/.well-known/* when the signing identity is known; returns what it wrote. */
export async function writeWellKnown(p: ProductShape, outRoot: string, env = process.env): Promise<string[]> {
  const identity = readSigningIdentity(env);
  const written: string[] = [];
  const write = async (name: string, body: unknown) => {
    const file = join(outRoot, 'public/.well-known', name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
    written.push(`public/.well-known/${name}`);
  };
  if (identity.androidFingerprints.length)
    await write('assetlinks.json', assetLinks(p, identity.androidFingerprints));
  if (identity.appleTeamId)
    await write('apple-app-site-association', appleAppSiteAssociation(p, identity.appleTeamId));
  return written;
}

/**
 * Every difference between what the config generates now and what is in `repoRoot`: changed,
 * missing and (in twa/, which is generated whole) extra files. Empty when nothing drifted.
 */
export async function storeDrift(p: ProductShape, repoRoot = REPO_ROOT): Promise<string[]> {
  const fresh = await mkdtemp(join(tmpdir(), 'fieldmark-stores-'));
  try {
    const generated = await generateStores(p, fresh);
    const problems: string[] = [];
    for (const rel of generated) {
      const committed = join(repoRoot, rel);
      if (!existsSync(committed)) problems.push(`missing: ${rel}`);
      else if (!(await readFile(committed)).equals(await readFile(join(fresh, rel))))
        problems.push(`differs: ${rel}`);
    }
    for (const rel of await listFiles(join(repoRoot, 'twa'))) {
      if (!isLocal(rel) && !generated.includes(`twa/${rel}`)) problems.push(`not generated: twa/${rel}`);
    }
    return problems;
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

async function main() {
  const { product } = await import('../../src/config/product');
  if (process.argv.includes('--check')) {
    const drift = await storeDrift(product);
    if (drift.length) {
      console.error(
        `Store artefacts differ from src/config/product.ts (run npm run stores:generate):\n  ${drift.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log('twa/ and ios-shell/ match src/config/product.ts');
    return;
  }
  const files = await generateStores(product, REPO_ROOT);
  const wellKnown = await writeWellKnown(product, REPO_ROOT);
  console.log(`generated ${files.length} files in twa/ and ios-shell/`);
  console.log(
    wellKnown.length
      ? `wrote ${wellKnown.join(', ')}`
      : 'no signing identity here (FIELDMARK_ANDROID_FINGERPRINTS / FIELDMARK_APPLE_TEAM_ID / store.signing.json): .well-known files not written',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
