// Adds up the JSON reports of vitest and Playwright plus the whole-command checks into the one
// closing line CI reads: "N passed, N failed, N skipped". A missing report means that runner
// crashed before reporting, which counts as a failure rather than silently as nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [reportsDir, checksPassed, checksFailed] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);
let skipped = 0;

const expected = ['vitest-unit.json', 'vitest-pglite.json', 'playwright.json'];
if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) expected.push('vitest-postgres.json');
for (const name of expected) {
  if (!existsSync(join(reportsDir, name))) {
    console.log(`!! ${name} is missing: that runner did not finish`);
    failed += 1;
  }
}

// Only the runners' JSON reports: npm test keeps other logs (the static checks') in the same folder.
for (const name of readdirSync(reportsDir).filter((file) => file.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(reportsDir, name), 'utf8'));
  if (name.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that fails to load has no tests but is still a failure.
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  } else if (name.startsWith('playwright')) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    failed += (report.errors ?? []).length;
  }
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
