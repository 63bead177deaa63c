#!/usr/bin/env bash
# Run beside the browser suite in CI (e2e/run.mjs, E2E_BESIDE), while the browser leaves the CPU partly idle, one
# vitest worker at a time so that the browser suite keeps a core (issue 64: CI's phases in parallel, nothing skipped):
# 1. the migration compatibility check — the previous release's server tests on PostgreSQL over today's migrations
#    (docs/operations.md, "Rolling upgrades");
# 2. the server suite on PostgreSQL + Redis (it ran after the browser suite before: ≈ 5.5 min of CI).
# Each prints its time; the server suite's full output is in e2e/beside-server.log, its failures repeated here.
set -uo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
export REDIS_URL=redis://127.0.0.1:6379
export SECRET_KEY=ci-secret-key-0123456789abcdef

t=$SECONDS
node scripts/ops/drill.mjs compat --workers 1
compat=$?
echo "== beside: compatibility check exit $compat after $((SECONDS - t)) s"

t=$SECONDS
(cd apps/server && npx vitest run --maxWorkers 1) > e2e/beside-server.log 2>&1
server=$?
echo "== beside: server suite on PostgreSQL + Redis exit $server after $((SECONDS - t)) s"
grep -E "FAIL|Test Files|Tests  " e2e/beside-server.log | tail -12

exit $((compat != 0 || server != 0))
