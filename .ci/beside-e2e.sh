#!/usr/bin/env bash
# Run beside the browser suite in CI (e2e/run.mjs, E2E_BESIDE), one vitest worker each so that the browser keeps a
# core: the migration compatibility check — the previous release's server tests on PostgreSQL over today's migrations
# (docs/operations.md, "Rolling upgrades") — then the server suite on PostgreSQL + Redis but for its tests of
# processes and races (.ci/pg-suite.sh schema; those run after the browser suite, on a quiet machine). Both run even
# when the first fails; each part's time is printed, and the script fails if either did.
set -uo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
export REDIS_URL=redis://127.0.0.1:6379
export SECRET_KEY=ci-secret-key-0123456789abcdef
started=$SECONDS
echo "== [0 s] compat: the previous release's server suite on today's migrations"
node scripts/ops/drill.mjs compat --workers 1
compat=$?
echo "== [$(( SECONDS - started )) s] compat exited $compat; the server suite on PostgreSQL + Redis (schema part)"
.ci/pg-suite.sh schema
schema=$?
echo "== [$(( SECONDS - started )) s] server suite (schema part) exited $schema"
[ "$compat" -eq 0 ] && [ "$schema" -eq 0 ]
