-- Trading (issue 21): orders (buys waiting for review, sells), their status history, positions and the
-- debts left when a loss exceeded margin and free cash. Money numeric(20,2), prices numeric(20,4).
CREATE SEQUENCE trade_no_seq;

CREATE TABLE positions (
  id serial PRIMARY KEY,
  position_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id),
  stock_id integer REFERENCES stocks (id) ON DELETE SET NULL,
  gid text NOT NULL,
  code text NOT NULL,
  stock_name text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  shares integer NOT NULL CHECK (shares > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  buy_price numeric(20,4) NOT NULL CHECK (buy_price > 0),
  buy_amount numeric(20,2) NOT NULL,
  margin numeric(20,2) NOT NULL CHECK (margin >= 0),
  buy_fee numeric(20,2) NOT NULL DEFAULT 0,
  spread numeric(20,2) NOT NULL DEFAULT 0,
  deferral_fee numeric(20,2) NOT NULL DEFAULT 0,
  deferral_days integer NOT NULL DEFAULT 0,
  -- the last Shanghai day whose deferral fee was charged (the daily job charges each day once)
  deferral_through date,
  take_profit numeric(20,4),
  stop_loss numeric(20,4),
  locked boolean NOT NULL DEFAULT false,
  lock_reason text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  sell_price numeric(20,4),
  sell_fee numeric(20,2),
  stamp_duty numeric(20,2),
  pnl numeric(20,2),
  net_pnl numeric(20,2),
  close_kind text CHECK (close_kind IN ('sell', 'admin', 'force', 'take_profit', 'stop_loss')),
  close_reason text,
  closed_by integer REFERENCES admins (id) ON DELETE SET NULL,
  source text NOT NULL DEFAULT 'buy' CHECK (source IN ('buy', 'admin')),
  created_by integer REFERENCES admins (id) ON DELETE SET NULL,
  note text,
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX positions_user_idx ON positions (user_id, status);
CREATE INDEX positions_open_gid_idx ON positions (gid) WHERE status = 'open';
CREATE INDEX positions_opened_idx ON positions (opened_at DESC);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('buy', 'sell')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  user_id integer NOT NULL REFERENCES users (id),
  stock_id integer REFERENCES stocks (id) ON DELETE SET NULL,
  gid text NOT NULL,
  code text NOT NULL,
  stock_name text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  shares integer NOT NULL CHECK (shares > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  price numeric(20,4) NOT NULL,
  amount numeric(20,2) NOT NULL,
  margin numeric(20,2) NOT NULL DEFAULT 0,
  fee numeric(20,2) NOT NULL DEFAULT 0,
  spread numeric(20,2) NOT NULL DEFAULT 0,
  hold numeric(20,2) NOT NULL DEFAULT 0,
  take_profit numeric(20,4),
  stop_loss numeric(20,4),
  position_id integer REFERENCES positions (id),
  fill_price numeric(20,4),
  reason text,
  reviewed_by integer REFERENCES admins (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_pending_idx ON orders (kind, created_at) WHERE status = 'pending';
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_created_idx ON orders (created_at DESC);
-- one pending sell per position
CREATE UNIQUE INDEX orders_one_pending_sell ON orders (position_id) WHERE kind = 'sell' AND status = 'pending';

CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id),
  status text NOT NULL,
  admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
  note text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- What no balance could cover, owed by the user: a loss beyond the margin and the free cash at a close
-- (`loss`, one per position), or a day's deferral fee larger than the free cash (`deferral`, one per day).
CREATE TABLE trading_debts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  position_id integer NOT NULL REFERENCES positions (id),
  kind text NOT NULL DEFAULT 'loss' CHECK (kind IN ('loss', 'deferral')),
  day date,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  settled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trading_debts_user_idx ON trading_debts (user_id);
CREATE UNIQUE INDEX trading_debts_once ON trading_debts (position_id, kind, coalesce(day, '1970-01-01'));

-- The end-of-day snapshot of open positions (one row per position per trading day).
CREATE TABLE position_snapshots (
  day date NOT NULL,
  position_id integer NOT NULL REFERENCES positions (id),
  user_id integer NOT NULL,
  last numeric(20,4),
  pnl numeric(20,2),
  margin numeric(20,2) NOT NULL,
  PRIMARY KEY (day, position_id)
);
