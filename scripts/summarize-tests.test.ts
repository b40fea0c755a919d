import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The closing line CI reads comes from this script; a stray file in the reports folder once made
// it throw after a fully green run (the static checks' logs sit there too).
const script = join(__dirname, 'summarize-tests.mjs');
let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function summarize(files: Record<string, string>, checksPassed = 3, checksFailed = 0) {
  dir = mkdtempSync(join(tmpdir(), 'summary-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  try {
    const out = execFileSync(process.execPath, [script, dir, String(checksPassed), String(checksFailed)], {
      encoding: 'utf8',
      env: { ...process.env, TEST_DATABASE_URL: '', DATABASE_URL: '' },
    });
    return { code: 0, out };
  } catch (error) {
    const failure = error as { status: number; stdout: string };
    return { code: failure.status, out: failure.stdout };
  }
}

const vitest = (passed: number, failed: number) =>
  JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 1, testResults: [] });
const playwright = (expected: number, unexpected: number) =>
  JSON.stringify({ stats: { expected, flaky: 0, unexpected, skipped: 0 } });

describe('summarize-tests', () => {
  it('adds the reports and the checks, ignoring the logs beside them', () => {
    const result = summarize({
      'vitest-unit.json': vitest(6, 0),
      'vitest-pglite.json': vitest(4, 0),
      'playwright.json': playwright(4, 0),
      'typecheck.log': '',
      'server-pglite.log': '',
      'typecheck.rc': '0\n',
    });
    expect(result.out).toContain('17 passed, 0 failed, 2 skipped');
    expect(result.code).toBe(0);
  });

  it('fails when a runner failed or left no report', () => {
    const failing = summarize({
      'vitest-unit.json': vitest(6, 0),
      'vitest-pglite.json': vitest(4, 2),
      'playwright.json': playwright(4, 0),
    });
    expect(failing.out).toContain('17 passed, 2 failed');
    expect(failing.code).toBe(1);
    rmSync(dir, { recursive: true, force: true });
    const missing = summarize({ 'vitest-pglite.json': vitest(10, 0) });
    expect(missing.out).toContain('vitest-unit.json is missing');
    expect(missing.out).toContain('playwright.json is missing');
    expect(missing.code).toBe(1);
  });
});
