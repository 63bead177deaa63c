-- Issue 47: a retried POST never acts twice. One row per (principal, Idempotency-Key): claimed as 'running' before
-- the call runs, marked 'committed' inside the transaction that commits the call's change (so the mark commits or
-- rolls back with it), and 'done' with the answer's bytes once the answer is known. Rows older than 24 h are
-- purged by the idempotency-cleanup job and never replayed.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'committed', 'done')),
  http_status integer,
  response text,
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
