-- Corporate actions (issue 62): dividends, bonus and transfer shares, splits, applied on the ex-date before the open.
CREATE TABLE corp_actions (
  id serial PRIMARY KEY,
  stock_id integer NOT NULL REFERENCES stocks(id),
  gid text NOT NULL,
  code text NOT NULL,
  stock_name text NOT NULL,
  record_date date NOT NULL,
  ex_date date NOT NULL,
  pay_date date,
  cash_per_share numeric(20, 6),
  bonus_per10 numeric(12, 4),
  transfer_per10 numeric(12, 4),
  split_ratio numeric(12, 6),
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'applied', 'cancelled')),
  source text NOT NULL DEFAULT 'entered' CHECK (source IN ('entered', 'imported')),
  file_name text,
  note text,
  created_by integer REFERENCES admins(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer REFERENCES admins(id) ON DELETE SET NULL,
  cancelled_at timestamptz,
  cancel_reason text,
  applied_at timestamptz,
  run_id integer,
  close_price numeric(20, 4),
  ref_price numeric(20, 4),
  CHECK (record_date < ex_date AND (pay_date IS NULL OR pay_date >= record_date)),
  CHECK (coalesce(cash_per_share, 0) > 0 OR coalesce(bonus_per10, 0) > 0 OR coalesce(transfer_per10, 0) > 0
         OR coalesce(split_ratio, 1) <> 1)
);
-- one live action per stock and ex-date: a duplicate or a conflicting one is refused
CREATE UNIQUE INDEX corp_actions_stock_ex_key ON corp_actions (stock_id, ex_date) WHERE status <> 'cancelled';
CREATE INDEX corp_actions_due_idx ON corp_actions (ex_date) WHERE status = 'scheduled';
CREATE INDEX corp_actions_ex_idx ON corp_actions (ex_date DESC, id DESC);

-- One run of the ex-date job or of "run now", and what it did.
CREATE TABLE corp_action_runs (
  id serial PRIMARY KEY,
  day date NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('job', 'manual')),
  admin_id integer REFERENCES admins(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  actions integer NOT NULL DEFAULT 0,
  positions integer NOT NULL DEFAULT 0,
  credited numeric(20, 2) NOT NULL DEFAULT 0,
  debited numeric(20, 2) NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX corp_action_runs_started_idx ON corp_action_runs (started_at DESC, id DESC);

-- A position's adjustment by one action, before and after: at most one per action and position (the run's checkpoint).
CREATE TABLE position_adjustments (
  id bigserial PRIMARY KEY,
  action_id integer NOT NULL REFERENCES corp_actions(id),
  run_id integer NOT NULL REFERENCES corp_action_runs(id),
  position_id integer NOT NULL REFERENCES positions(id),
  user_id integer NOT NULL REFERENCES users(id),
  agent_id integer,
  direction text NOT NULL,
  shares_before integer NOT NULL,
  shares_after integer NOT NULL,
  price_before numeric(20, 4) NOT NULL,
  price_after numeric(20, 4) NOT NULL,
  amount_before numeric(20, 2) NOT NULL,
  amount_after numeric(20, 2) NOT NULL,
  margin_before numeric(20, 2) NOT NULL,
  margin_after numeric(20, 2) NOT NULL,
  take_profit_before numeric(20, 4),
  take_profit_after numeric(20, 4),
  stop_loss_before numeric(20, 4),
  stop_loss_after numeric(20, 4),
  dividend numeric(20, 2) NOT NULL DEFAULT 0,
  tax numeric(20, 2) NOT NULL DEFAULT 0,
  fraction_shares numeric(20, 6) NOT NULL DEFAULT 0,
  fraction_cash numeric(20, 2) NOT NULL DEFAULT 0,
  cash numeric(20, 2) NOT NULL DEFAULT 0,
  unpaid numeric(20, 2) NOT NULL DEFAULT 0,
  ref_price numeric(20, 4) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (action_id, position_id)
);
CREATE INDEX position_adjustments_position_idx ON position_adjustments (position_id, id);
CREATE INDEX position_adjustments_agent_idx ON position_adjustments (agent_id, id DESC);
