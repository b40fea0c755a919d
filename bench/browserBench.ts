/**
 * What the browser benchmarks share: building a browser entry with Vite (library mode, the app's
 * aliases) and the Chromium they run in (notes/performance-and-reliability.md §12: Debian chromium,
 * a persistent on-disk profile, because an incognito context keeps IndexedDB in memory).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The app build a page bench serves: BENCH_DIST when given, else a fresh build into workDir. */
export async function prepareBuild(workDir: string): Promise<string> {
  if (process.env.BENCH_DIST) {
    const dist = resolve(root, process.env.BENCH_DIST);
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} holds no build`);
    return dist;
  }
  const outDir = join(workDir, 'dist');
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** §12's flags (headless comes from Playwright). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Bundles `entry` (a path under the repository) into one ES module; answers its source. */
export async function bundleEntry(entry: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: {
      alias: { '@contract': join(root, 'src/contract'), '@config': join(root, 'src/config') },
    },
    build: {
      outDir,
      emptyOutDir: true,
      lib: { entry: join(root, entry), formats: ['es'], fileName: () => 'entry.js' },
    },
  });
  return readFile(join(outDir, 'entry.js'), 'utf8');
}

/** The page that loads the bundle, for request interception. */
export const benchPage = (scriptPath: string) =>
  `<!doctype html><title>bench</title><script type="module" src="${scriptPath}"></script>`;
