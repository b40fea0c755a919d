/**
 * `npm run bench:bundle` — what the first visit costs (goal: first-route JS ≤ 150 KB gzip) and how
 * big the precache is (goal ≤ 1.5 MB, notes/performance-and-reliability.md P6).
 *
 * "First route" is measured, not guessed from file names: real Chromium loads `/` from the built
 * `dist/`, and every JavaScript file it requests until the route's heading is painted counts
 * towards the budget at its gzip size (level 9). What loads afterwards, in idle time (the service
 * worker registration, for instance), is listed and totalled apart: it costs bandwidth but does not
 * delay the first paint. Prints figures; asserts nothing.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dist = join(import.meta.dirname, '..', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first');
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
