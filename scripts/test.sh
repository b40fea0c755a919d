#!/usr/bin/env bash
# `npm test`: every check the project has, in the order a failure is cheapest to find.
# typecheck → lint → unit + server tests on PGlite, beside them the server suite again on PostgreSQL
# when TEST_DATABASE_URL/DATABASE_URL is set → production build → bundle budgets → end-to-end in real Chromium.
# Ends with one plain line "N passed, N failed" (CI reads it) and a non-zero exit on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.tmp/test-reports
rm -rf "$reports"; mkdir -p "$reports"
checks_passed=0; checks_failed=0
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
check() { # a whole command counted as one check (typecheck, lint, build)
  local name=$1; shift
  step "$name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); echo "!! $name failed"; fi
}

# The three static checks side by side (each leaves a core idle part of the time): their output is
# kept apart and printed in order once all three are done.
static_check() { # name, then the command; started in the background, its log in $reports
  local name=$1; shift
  ("$@" >"$reports/$name.log" 2>&1; echo $? >"$reports/$name.rc") &
}
static_check typecheck npx tsc -p tsconfig.json --noEmit
static_check lint npx eslint . --max-warnings=0
static_check format npx prettier --check . --log-level warn
wait
for name in typecheck lint format; do
  check "$name" bash -c 'cat "$1"; exit "$(cat "$2")"' _ "$reports/$name.log" "$reports/$name.rc"
done

step "unit + server tests (PGlite, and PostgreSQL when set)"
# Side by side. The PGlite server and fault files run one at a time (PGlite works in-process), so
# that run keeps one core; the unit run takes the other, and when it ends the PostgreSQL run
# (its database works in its own processes) takes that core for the rest of the PGlite run.
npx vitest run --project server --project faults --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest-pglite.json" >"$reports/server-pglite.log" 2>&1 &
server_run=$!
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$reports/vitest-unit.json" || true

pg_url=${TEST_DATABASE_URL:-${DATABASE_URL:-}}
if [ -n "$pg_url" ]; then
  FIELDMARK_TEST_DB=postgres TEST_DATABASE_URL="$pg_url" npx vitest run --project server \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json" \
    >"$reports/server-postgres.log" 2>&1 || true
fi
wait "$server_run" || true
echo; echo "-- server and fault tests (PGlite):"; cat "$reports/server-pglite.log"
if [ -n "$pg_url" ]; then
  echo; echo "-- server tests (PostgreSQL):"; cat "$reports/server-postgres.log"
else
  echo "(TEST_DATABASE_URL/DATABASE_URL not set: the server suite ran on PGlite only)"
fi

check build npx vite build
# The first route ≤ 150 KB gzip and each lazy route's own JS within its budget (issue 24), on that build.
check "bundle budgets" npx tsx bench/bundle.ts

step "end-to-end (Chromium)"
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  # The product's own start-up path: embedded PGlite in a fresh DATA_DIR, as `npm start` runs it.
  env -u DATABASE_URL E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
    npx playwright test --reporter=list,json || true
else
  echo "!! no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (apt-get install chromium, or set CHROMIUM_PATH)"
  checks_failed=$((checks_failed + 1))
fi

node scripts/summarize-tests.mjs "$reports" "$checks_passed" "$checks_failed"
