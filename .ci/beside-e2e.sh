#!/usr/bin/env bash
# Run beside the browser suite in CI (e2e/run.mjs, E2E_BESIDE): the migration compatibility check — the previous
# release's server tests on PostgreSQL over today's migrations (docs/operations.md, "Rolling upgrades"). One vitest
# worker, so that the browser suite keeps a core.
set -euo pipefail
cd "$(dirname "$0")/.."
DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
REDIS_URL=redis://127.0.0.1:6379 \
SECRET_KEY=ci-secret-key-0123456789abcdef \
  node scripts/ops/drill.mjs compat --workers 1
