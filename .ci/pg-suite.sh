#!/usr/bin/env bash
# The server suite on PostgreSQL + Redis in two parts (CI, issue 64):
#   schema — every file but those below, one vitest worker: run beside the browser suite (.ci/beside-e2e.sh), where it
#            fills the core the browser leaves idle; `schema k/n` runs the k-th of n parts of those files;
#   timing — the tests of processes and races (two instances racing, crashes, the server's start, stop and workers,
#            the simulated traffic, any file using the race kit) and the ledger's 200 concurrent postings, two workers: run on a quiet machine after
#            the browser suite, since their windows and connection timeouts are what a loaded machine would break.
# Together they are exactly `npm run test:server` on PostgreSQL: the timing list (scripts/ops/timing-tests.mjs) and every file but it.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
# the list (scripts/ops/timing-tests.mjs), which the migration compatibility check leaves out of the previous release
mapfile -t TIMING < <(node ../../scripts/ops/timing-tests.mjs .)
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export SECRET_KEY=${SECRET_KEY:-ci-secret-key-0123456789abcdef}
case "${1:-}" in
  schema)
    # every file but those (vitest's --exclude does not reach into the config's projects: the files are named instead);
    # `schema k/n`: every n-th of them from the k-th, in name order (.ci/beside-e2e.sh runs two halves side by side
    # once the browser suite has left the cores)
    skip=$(printf '%s|' "${TIMING[@]}")
    mapfile -t files < <(npx vitest list --filesOnly | sed 's/^\[[a-z]*\] //' | grep -vE "^(${skip%|})" | sort -u)
    if [[ "${2:-}" =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]]; then
      k=${BASH_REMATCH[1]} n=${BASH_REMATCH[2]} part=()
      for i in "${!files[@]}"; do (( i % n == k - 1 )) && part+=("${files[$i]}"); done
      files=("${part[@]}")
    fi
    exec npx vitest run --maxWorkers 1 "${files[@]}"
    ;;
  timing)
    exec npx vitest run "${TIMING[@]}"
    ;;
  *)
    echo "usage: .ci/pg-suite.sh schema [k/n]|timing" >&2
    exit 2
    ;;
esac
