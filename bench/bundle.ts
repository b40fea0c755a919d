/**
 * `npm run bench:bundle` — what the first visit costs (goal: first-route JS ≤ 150 KB gzip) and how
 * big the precache is (goal ≤ 1.5 MB, notes/performance-and-reliability.md P6).
 *
 * "First route" is measured, not guessed from file names: real Chromium loads `/` from the built
 * `dist/`, and every JavaScript file it requests until the route's heading is painted counts
 * towards the budget at its gzip size (level 9). What loads afterwards, in idle time (the service
 * worker registration, for instance), is listed and totalled apart: it costs bandwidth but does not
 * delay the first paint.
 *
 * Then each lazy entry's own JavaScript (issue 24: one chunk per route, heavy libraries only where
 * they are used), read from the built chunks' import statements, no browser: a lazy entry is a
 * chunk some chunk loads with `import()` (a route's page, or another lazy piece such as the
 * database layer); its own JS is its chunk and the chunks it imports statically that neither the
 * first route's chunks nor any other lazy entry need. Chunks two or more lazy entries need are
 * shared; the largest is printed with how many use it.
 *
 * Budgets (docs/benchmarks.md "Bundle budgets"): the first route ≤ 150 KB gzip, and every lazy
 * entry's own JS within ROUTE_BUDGET_KB, or its named allowance in ROUTE_ALLOWANCES_KB. Over a
 * budget, the script exits 1: `npm test` runs it after the build (scripts/test.sh).
 * BENCH_DIST=folder reads another build than dist/.
 */
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { present } from '../server/present';

const dist = resolve(process.env.BENCH_DIST ?? join(import.meta.dirname, '..', 'dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist} has no build: run \`npm run build\` first`);
  process.exit(1);
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

function fileFor(urlPath: string): string {
  const candidate = normalize(join(dist, decodeURIComponent(urlPath.split('?')[0] ?? '/')));
  if (candidate.startsWith(dist) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return join(dist, 'index.html'); // SPA fallback, as the real server does
}

const server = createServer((request, response) => {
  if (request.url?.startsWith('/api/')) {
    response.writeHead(503).end(); // the bundle does not depend on API answers
    return;
  }
  const file = fileFor(request.url ?? '/');
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const critical = new Set<string>();
const idle = new Set<string>();
let isPainted = false;
try {
  const page = await browser.newPage({ serviceWorkers: 'block' });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/\.m?js$/.test(url.pathname)) return;
    (isPainted ? idle : critical).add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  isPainted = true;
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  server.close();
}

function report(title: string, paths: Set<string>): number {
  let total = 0;
  console.log(title);
  for (const path of [...paths].sort()) {
    const size = gzipSize(fileFor(path));
    total += size;
    console.log(`  ${kb(size).padStart(10)}  ${path}`);
  }
  return total;
}
const firstRoute = report('First route (/) JavaScript until its heading is painted, gzip:', critical);
const afterPaint = report('Loaded after the first paint (idle time), gzip:', idle);
console.log(
  `first-route JS: ${kb(firstRoute)} gzip (goal ≤ 150 KB) — ${(firstRoute / (150 * 1024)).toFixed(2)}× budget`,
);
console.log(
  `after first paint: ${kb(afterPaint)} gzip; everything on a first visit: ${kb(firstRoute + afterPaint)} gzip`,
);

// The precache list is what sw.js was injected with: `{url:"…",revision:…}` entries.
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/"url":"([^"]+)"|url:"([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
let precacheRaw = 0;
let precacheGzip = 0;
for (const url of precached) {
  const file = join(dist, url);
  if (!existsSync(file)) continue;
  precacheRaw += statSync(file).size;
  precacheGzip += gzipSize(file);
}
console.log(
  `precache: ${precached.length} entries, ${kb(precacheRaw)} raw, ${kb(precacheGzip)} gzip (goal ≤ 1.5 MB)`,
);

// ── Lazy entries: each one's own JS, and the shared chunks ──────────────────────────────────────
const FIRST_ROUTE_BUDGET_KB = 150;
/** Every lazy entry's own JS, gzip, unless named below: today's largest is 16.6 KB. */
const ROUTE_BUDGET_KB = 30;
/** Entries that carry a heavy library of their own, by label: the ad statistics' chart (recharts). */
const ROUTE_ALLOWANCES_KB: Record<string, number> = { AdStatsChart: 120 };

const assets = join(dist, 'assets');
const chunkFiles = readdirSync(assets).filter((name) => /\.m?js$/.test(name));
const staticImports = new Map<string, string[]>();
const dynamicImports = new Map<string, string[]>();
for (const name of chunkFiles) {
  const code = readFileSync(join(assets, name), 'utf8');
  // Chunks import each other by relative path: `from"./x.js"` / `import"./x.js"` statically, and
  // import(`./x.js`) lazily (the bundler's own output, so no other spelling occurs).
  staticImports.set(
    name,
    [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.m?js)"/g)].map((m) => present(m[1])),
  );
  dynamicImports.set(
    name,
    [...code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.m?js)["'`]\s*\)/g)].map((m) => present(m[1])),
  );
}
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const name = present(stack.pop());
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(staticImports.get(name) ?? []));
  }
  return seen;
}
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((m) =>
  present(m[1]),
);
const firstRouteChunks = new Set(entries.flatMap((entry) => [...closure(entry)]));
const lazyEntries = [...new Set([...dynamicImports.values()].flat())].filter(
  (name) => !firstRouteChunks.has(name),
);
const closures = new Map(
  lazyEntries.map((entry) => [entry, [...closure(entry)].filter((name) => !firstRouteChunks.has(name))]),
);
const users = new Map<string, number>();
for (const chunks of closures.values())
  for (const name of chunks) users.set(name, (users.get(name) ?? 0) + 1);
const sizes = new Map<string, number>();
const sizeOf = (name: string) => {
  if (!sizes.has(name)) sizes.set(name, gzipSize(join(assets, name)));
  return present(sizes.get(name));
};
/** What an entry is called: the names it exports (a feature's `pages` chunk exports its pages), else its file's name. */
function labelOf(file: string): string {
  const code = readFileSync(join(assets, file), 'utf8');
  const exported = [...code.matchAll(/export\s*\{([^}]*)\}/g)].at(-1)?.[1] ?? '';
  const names = exported
    .split(',')
    .map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1) ?? '',
    )
    .filter((name) => /^[A-Z]\w*$/.test(name));
  return names.length > 0 ? names.sort().join(', ') : basename(file).replace(/-[\w-]{8}\.m?js$/, '');
}

const failures: string[] = [];
if (firstRoute > FIRST_ROUTE_BUDGET_KB * 1024) {
  failures.push(`first route ${kb(firstRoute)} gzip > ${FIRST_ROUTE_BUDGET_KB} KB`);
}
console.log('');
console.log(
  `Lazy entries' own JS (gzip; budget ${ROUTE_BUDGET_KB} KB unless named), with the shared chunks they load:`,
);
const rows = lazyEntries.map((entry) => {
  const chunks = present(closures.get(entry));
  const own = chunks.filter((name) => users.get(name) === 1);
  const ownBytes = own.reduce((sum, name) => sum + sizeOf(name), 0);
  const sharedBytes = chunks
    .filter((name) => present(users.get(name)) > 1)
    .reduce((sum, name) => sum + sizeOf(name), 0);
  return { entry, label: labelOf(entry), ownBytes, sharedBytes, ownChunks: own.length };
});
for (const row of rows.sort((a, b) => b.ownBytes - a.ownBytes)) {
  const budget = ROUTE_ALLOWANCES_KB[row.label] ?? ROUTE_BUDGET_KB;
  const over = row.ownBytes > budget * 1024;
  if (over) failures.push(`${row.label} (${row.entry}): own JS ${kb(row.ownBytes)} gzip > ${budget} KB`);
  console.log(
    `  ${kb(row.ownBytes).padStart(9)} own (${row.ownChunks} chunk${row.ownChunks === 1 ? '' : 's'}) ` +
      `+ ${kb(row.sharedBytes).padStart(8)} shared  ${row.label}${budget === ROUTE_BUDGET_KB ? '' : ` (budget ${budget} KB)`}` +
      (over ? '  OVER BUDGET' : ''),
  );
}
const shared = [...users].filter(([, count]) => count > 1).sort((a, b) => sizeOf(b[0]) - sizeOf(a[0]));
const [largestShared, largestUsers] = shared[0] ?? ['(none)', 0];
console.log(
  `${lazyEntries.length} lazy entries; ${shared.length} shared chunks, the largest ${largestShared} ` +
    `${shared[0] ? kb(sizeOf(largestShared)) : ''} gzip, used by ${largestUsers}`,
);
if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('every budget met');
}
