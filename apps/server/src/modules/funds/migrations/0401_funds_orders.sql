-- Funds, part 2: deposit orders and withdrawal requests. Balances move only through the ledger
-- (fund_records, reference = 'recharge:<id>' / 'withdraw:<id>'); these rows hold the workflow.

-- status: 0 pending, 1 success, 2 failed (rejected), 3 cancelled by the user
CREATE TABLE recharge_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  -- no cascade: a channel that deposits reference cannot be deleted (disable it instead)
  channel_id integer REFERENCES pay_channels(id),
  -- what the user saw when paying (type, names, payee, account, bank)
  channel_snapshot jsonb NOT NULL DEFAULT '{}'::jsonb,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  -- 'user' (trading app) or 'admin' (created in the console)
  source text NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'admin')),
  payer_name text NOT NULL DEFAULT '',
  receipt_image text,
  user_note text NOT NULL DEFAULT '',
  admin_note text NOT NULL DEFAULT '',
  reject_reason text,
  created_by_admin integer,
  reviewed_by integer,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recharge_orders_status_idx ON recharge_orders (status, id);
CREATE INDEX recharge_orders_user_idx ON recharge_orders (user_id, created_at);
CREATE INDEX recharge_orders_channel_idx ON recharge_orders (channel_id, created_at);
CREATE INDEX recharge_orders_created_idx ON recharge_orders (created_at);

-- status: 0 pending (amount + fee held from the balances), 1 paid, 2 rejected (refunded), 3 cancelled by the user (refunded)
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  -- the bank card at request time; the number sealed like user_banks.card_no_sealed
  bank_name text NOT NULL,
  bank_branch text NOT NULL DEFAULT '',
  holder_name text NOT NULL,
  card_no_sealed text NOT NULL,
  card_last4 text NOT NULL,
  user_note text NOT NULL DEFAULT '',
  admin_note text NOT NULL DEFAULT '',
  reject_reason text,
  -- the channel the payout went through (optional)
  payout_channel_id integer REFERENCES pay_channels(id),
  reviewed_by integer,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_created_idx ON withdrawals (created_at);
