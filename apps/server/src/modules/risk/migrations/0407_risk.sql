-- Risk settings (issue 21): stock risk, product configuration and index risk as whole JSON documents
-- (validated by contracts/risk.ts on every save), each with a version that a save must name; and the
-- spread rules, one row each.
CREATE TABLE risk_settings (
  key text PRIMARY KEY CHECK (key IN ('stock', 'product', 'index')),
  value jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_by integer REFERENCES admins (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE spread_rules (
  id serial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('change_pct', 'amount', 'code_prefix', 'price')),
  -- band [range_start, range_end) for change %, amount and price rules; prefix for code-prefix rules
  range_start numeric(20,4),
  range_end numeric(20,4),
  prefix text CHECK (prefix ~ '^[0-9]{1,6}$'),
  rate_pct numeric(10,4) NOT NULL CHECK (rate_pct >= 0 AND rate_pct <= 100),
  enabled boolean NOT NULL DEFAULT true,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'code_prefix' AND prefix IS NOT NULL) OR (type <> 'code_prefix' AND range_start IS NOT NULL AND range_end IS NOT NULL AND range_start < range_end))
);
