-- Issue 49: dual control. A rule per guarded operation (rules are data), and the requests held for a second
-- administrator. One pending request per operation and target (a second is refused naming the first).
CREATE TABLE approval_rules (
  operation text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT false,
  threshold numeric(20, 2) CHECK (threshold IS NULL OR threshold >= 0),
  expires_hours integer NOT NULL DEFAULT 24 CHECK (expires_hours BETWEEN 1 AND 168),
  updated_at timestamptz,
  updated_by text
);

CREATE TABLE approval_requests (
  id bigserial PRIMARY KEY,
  operation text NOT NULL,
  target text NOT NULL,
  path text NOT NULL,
  input jsonb NOT NULL,
  amount numeric(20, 2),
  summary jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'failed', 'cancelled')),
  maker_id integer NOT NULL,
  maker_name text NOT NULL,
  lang text NOT NULL,
  claimed_at timestamptz,
  checker_id integer,
  checker_name text,
  note text,
  reason jsonb,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  expires_at timestamptz NOT NULL,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (operation, target) WHERE status = 'pending';
CREATE INDEX approval_requests_status ON approval_requests (status, id);
CREATE INDEX approval_requests_maker ON approval_requests (maker_id, id);
