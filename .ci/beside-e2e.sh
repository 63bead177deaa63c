#!/usr/bin/env bash
# Run beside the browser suite in CI (e2e/run.mjs, E2E_BESIDE), one vitest worker each so that the browsers keep the
# cores: the migration compatibility check — the previous release's server tests on PostgreSQL over today's migrations
# (docs/operations.md, "Rolling upgrades") — and the server suite on PostgreSQL + Redis but for its tests of processes
# and races (.ci/pg-suite.sh schema; those run after the browser suite, on a quiet machine). The check starts at once;
# the first half of the suite's part starts when the browser suite has ended (the file $E2E_SUITE_DONE appears:
# e2e/run.mjs) or when the check has, whichever comes first, and the second half when the browsers have ended and a
# core is free — run one after the other, the check outlasted the browsers by half an hour on
# the 2 vCPU AMD host and left a core idle all that time. All three run even when one fails; each part's time and
# output are printed, and the script fails if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
export REDIS_URL=redis://127.0.0.1:6379
export SECRET_KEY=ci-secret-key-0123456789abcdef
started=$SECONDS
at() { echo "== [$(( SECONDS - started )) s] $*"; }
compat_log=$(mktemp)
half_log=$(mktemp)
running() { kill -0 "$1" 2>/dev/null; }
suite_done() { [ -e "${E2E_SUITE_DONE:-/nonexistent}" ]; }
# how many of the check and the first half are still running
busy() { local n=0; running "$compat_pid" && n=$((n + 1)); running "$first" && n=$((n + 1)); echo "$n"; }
at "compat: the previous release's server suite on today's migrations"
node scripts/ops/drill.mjs compat --workers 1 > "$compat_log" 2>&1 &
compat_pid=$!
while running "$compat_pid" && ! suite_done; do sleep 5; done
if running "$compat_pid"; then
  at "the browser suite ended; the server suite on PostgreSQL + Redis (schema part, first half), beside compat"
else
  at "compat ended; the server suite on PostgreSQL + Redis (schema part, first half)"
fi
.ci/pg-suite.sh schema 1/2 &
first=$!
# The second half starts once two cores are free for it: the browser suite has ended and one of the two runs before it
# has (or both have). One worker alone after the browsers left the second core a third idle for 133 s (2026-12-05).
while [ "$(busy)" -gt 0 ] && { ! suite_done || [ "$(busy)" -eq 2 ]; }; do sleep 5; done
at "the server suite on PostgreSQL + Redis (schema part, second half)"
.ci/pg-suite.sh schema 2/2 > "$half_log" 2>&1
second=$?
at "schema part, second half, exited $second"
wait "$first"
schema=$?
at "schema part, first half, exited $schema; the second half's output:"
cat "$half_log"
wait "$compat_pid"
compat=$?
at "compat exited $compat; its output:"
cat "$compat_log"
rm -f "$compat_log" "$half_log"
[ "$compat" -eq 0 ] && [ "$schema" -eq 0 ] && [ "$second" -eq 0 ]
