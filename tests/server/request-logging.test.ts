/**
 * The request log (issue 24): one line per request at `info`, error lines as before, and every
 * line on disk once the app has closed or the process has exited, although the destination
 * writes asynchronously (server/logging.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyPluginCallback } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, buildTestApp } from './helpers';
import { present } from '../../src/test/present';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message: string };
}

const run = promisify(execFile);
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'fieldmark-log-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function readLines(file: string): Promise<LogLine[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

/** A route that fails the way a handler bug does, so the error line can be looked for. */
const failingRoute: FastifyPluginCallback = (app, _options, done) => {
  app.get('/test-only/fails', () => {
    throw new Error('handler broke');
  });
  done();
};

describe('request log', () => {
  it('writes one line per request at info, keeps error lines, and has them all on disk after close', async () => {
    const logFile = join(folder, 'server.log');
    const t = await buildTestApp({ logLevel: 'info', logFile }, { plugins: [failingRoute] });
    const requests = 40;
    for (let i = 0; i < requests; i++) {
      expect((await t.app.inject({ method: 'GET', url: api('/health') })).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: api('/verify_email?token=secret-value&x=1') });
    expect((await t.app.inject({ method: 'GET', url: '/test-only/fails' })).statusCode).toBe(500);
    // Megabytes still queued when close is called: the close must wait for them to be written.
    for (let i = 0; i < 20_000; i++) t.app.log.info({ i }, 'filler');
    await t.app.close();
    const lines = await readLines(logFile);
    await t.close();

    expect(lines.filter((line) => line.msg === 'filler')).toHaveLength(20_000);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = lines.filter((line) => line.msg === 'request completed');
    // Every request's line is there once the close has returned, none twice.
    expect(completed).toHaveLength(requests + 2);
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(requests + 2);
    const health = present(completed[0], 'the health check line');
    expect(health).toMatchObject({ level: 30, method: 'GET', url: api('/health'), statusCode: 200 });
    expect(typeof health.responseTime).toBe('number');
    const verify = present(completed[requests], 'the verify line');
    expect(verify.url).toBe(api('/verify_email?token=[redacted]&x=1'));
    expect(JSON.stringify(lines)).not.toContain('secret-value');

    // Fastify's own error line for a handler's error (which `disableRequestLogging` would drop)
    // is still written, before the request's one line.
    const failed = lines.filter(
      (line) => line.reqId === present(completed[requests + 1], 'the failed line').reqId,
    );
    expect(failed.map((line) => line.msg)).toEqual(['handler broke', 'request completed']);
    expect(failed[0]).toMatchObject({ level: 50, err: { message: 'handler broke' } });
    expect(failed[1]).toMatchObject({ url: '/test-only/fails', statusCode: 500 });
  });

  it('loses no line when the process exits right after logging', async () => {
    const logFile = join(folder, 'exit.log');
    // A process that logs through the server's destination and exits at once, with no close: the
    // lines are still queued in memory then, and pino's exit hook must write them.
    const script = [
      `import pino from 'pino';`,
      `import { openLogDestination } from ${JSON.stringify(join(process.cwd(), 'server/logging.ts'))};`,
      `const log = pino(openLogDestination(${JSON.stringify(logFile)}));`,
      `for (let i = 0; i < 2000; i++) log.info({ i }, 'line');`,
      `process.exit(0);`,
    ].join('\n');
    await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
    });
    const lines = await readLines(logFile);
    expect(lines).toHaveLength(2000);
    expect(lines.at(-1)).toMatchObject({ msg: 'line', i: 1999 });
  });
});
