-- Funds, part 1: payment channels, layering tiers and their channel links, pay settings.
CREATE TABLE pay_channels (
  id serial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('bank', 'alipay', 'wechat', 'usdt', 'gateway')),
  name text NOT NULL,
  display_name text NOT NULL,
  payee_name text NOT NULL DEFAULT '',
  account text NOT NULL DEFAULT '',
  bank_name text NOT NULL DEFAULT '',
  bank_branch text NOT NULL DEFAULT '',
  qr_image text NOT NULL DEFAULT '',
  min_amount numeric(20,2) CHECK (min_amount >= 0),
  max_amount numeric(20,2) CHECK (max_amount > 0),
  daily_cap numeric(20,2) CHECK (daily_cap > 0),
  gateway_url text NOT NULL DEFAULT '',
  -- secrets, sealed with the server's SECRET_KEY (AES-256-GCM); never returned in full
  merchant_code_sealed text,
  merchant_key_sealed text,
  shown boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  withdrawable boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_amount IS NULL OR max_amount IS NULL OR min_amount <= max_amount)
);
CREATE INDEX pay_channels_sort_idx ON pay_channels (sort, id);

CREATE TABLE layering_tiers (
  id serial PRIMARY KEY,
  layering_name text NOT NULL,
  pay_nums integer CHECK (pay_nums >= 0),
  pay_money numeric(20,2) CHECK (pay_money >= 0),
  withdrawal_money numeric(20,2) CHECK (withdrawal_money >= 0),
  withdrawal_nums integer CHECK (withdrawal_nums >= 0),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX layering_tiers_name_uq ON layering_tiers (lower(layering_name));
CREATE UNIQUE INDEX layering_tiers_default_uq ON layering_tiers (is_default) WHERE is_default;

-- channelLayeringPidId is this table's id.
CREATE TABLE channel_layering (
  id serial PRIMARY KEY,
  layering_id integer NOT NULL REFERENCES layering_tiers(id) ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES pay_channels(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (layering_id, channel_id)
);
CREATE INDEX channel_layering_channel_idx ON channel_layering (channel_id);

-- One row: the site-wide deposit and withdrawal rules (/allsetting/paysetting).
CREATE TABLE pay_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  min_recharge numeric(20,2) NOT NULL DEFAULT 100 CHECK (min_recharge > 0),
  min_withdraw numeric(20,2) NOT NULL DEFAULT 100 CHECK (min_withdraw > 0),
  withdraw_fee_percent numeric(10,6) NOT NULL DEFAULT 0 CHECK (withdraw_fee_percent >= 0 AND withdraw_fee_percent <= 100),
  withdraw_fee_fixed numeric(20,2) NOT NULL DEFAULT 0 CHECK (withdraw_fee_fixed >= 0),
  withdraw_start text NOT NULL DEFAULT '09:00',
  withdraw_end text NOT NULL DEFAULT '22:00',
  max_open_recharge_per_hour integer NOT NULL DEFAULT 3 CHECK (max_open_recharge_per_hour > 0),
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO pay_settings (id) VALUES (1);
