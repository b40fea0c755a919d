/**
 * `npm run bench:bundle` — what the first visit costs (goal: first-route JS ≤ 150 KB gzip) and how
 * big the precache is (goal ≤ 1.5 MB, notes/performance-and-reliability.md P6).
 *
 * "First route" is measured, not guessed from file names: real Chromium loads `/` from the built
 * `dist/` and every JavaScript file it fetches until the network is idle is counted at its gzip
 * size (level 9, what a production server sends at most). Prints figures; asserts nothing.
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
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml',
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
const scripts = new Set<string>();
try {
  const page = await browser.newPage({ serviceWorkers: 'block' });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.m?js$/.test(url.pathname)) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
} finally {
  await browser.close();
  server.close();
}

let firstRoute = 0;
console.log('First route (/) JavaScript, gzip:');
for (const path of [...scripts].sort()) {
  const size = gzipSize(fileFor(path));
  firstRoute += size;
  console.log(`  ${kb(size).padStart(10)}  ${path}`);
}
console.log(`first-route JS: ${kb(firstRoute)} gzip (goal ≤ 150 KB) — ${(firstRoute / (150 * 1024)).toFixed(2)}× budget`);

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
console.log(`precache: ${precached.length} entries, ${kb(precacheRaw)} raw, ${kb(precacheGzip)} gzip (goal ≤ 1.5 MB)`);
