-- New shares and new bonds (issue 23): the issues users subscribe to, and their subscriptions.
-- Status of a subscription: 1 pending allotment -> 2 not allotted / 3 allotted -> 4 paid -> 5 converted,
-- plus 6 forfeited (unpaid past the deadline) and 7 cancelled by the user while pending.
-- Money numeric(20,2), prices numeric(20,4).
CREATE TABLE newshare_issues (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('share', 'bond')),
  code text NOT NULL,
  name text NOT NULL,
  market text NOT NULL CHECK (market IN ('sh', 'sz', 'bj')),
  board text NOT NULL,
  -- bonds: the underlying stock's code
  underlying_code text,
  issue_price numeric(20,4) NOT NULL CHECK (issue_price > 0),
  pe_ratio numeric(20,2),
  issue_size bigint NOT NULL CHECK (issue_size > 0),
  lot_size integer NOT NULL CHECK (lot_size > 0),
  max_per_user bigint NOT NULL CHECK (max_per_user > 0),
  subscribe_type text NOT NULL CHECK (subscribe_type IN ('public', 'placement', 'rush')),
  subscribe_date date NOT NULL,
  allot_date date NOT NULL,
  pay_deadline date NOT NULL,
  listing_date date NOT NULL,
  shown boolean NOT NULL DEFAULT true,
  locked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, code),
  CHECK (subscribe_date <= allot_date AND allot_date <= pay_deadline AND pay_deadline <= listing_date),
  CHECK (max_per_user % lot_size = 0 AND max_per_user <= issue_size)
);
CREATE INDEX newshare_issues_dates_idx ON newshare_issues (kind, subscribe_date DESC);

CREATE TABLE newshare_subscriptions (
  id serial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  issue_id integer NOT NULL REFERENCES newshare_issues (id),
  user_id integer NOT NULL REFERENCES users (id),
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 7),
  applied_qty bigint NOT NULL CHECK (applied_qty > 0),
  allotted_qty bigint NOT NULL DEFAULT 0 CHECK (allotted_qty >= 0 AND allotted_qty <= applied_qty),
  -- money currently held frozen for this subscription
  frozen_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (frozen_amount >= 0),
  paid_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  position_id integer REFERENCES positions (id) ON DELETE SET NULL,
  created_by integer REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  allotted_at timestamptz,
  paid_at timestamptz,
  converted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX newshare_subscriptions_issue_idx ON newshare_subscriptions (issue_id, status);
CREATE INDEX newshare_subscriptions_user_idx ON newshare_subscriptions (user_id, created_at DESC);
CREATE INDEX newshare_subscriptions_status_idx ON newshare_subscriptions (status, created_at DESC);
