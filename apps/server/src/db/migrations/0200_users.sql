-- Users and agents (issue 5): agents (a tree), end users, bank cards, app sessions, uploads and the ledger
-- (fund_records). Money is numeric; balances never go below zero (the ledger refuses first, the CHECKs
-- are the last line of defence).

CREATE TABLE agents (
  id serial PRIMARY KEY,
  name text NOT NULL,
  real_name text NOT NULL DEFAULT '',
  phone text NOT NULL,
  password_hash text NOT NULL,
  invite_code text NOT NULL UNIQUE,
  parent_id integer REFERENCES agents(id),
  -- 1 for a top agent, parent's level + 1 below.
  level integer NOT NULL DEFAULT 1 CHECK (level >= 1),
  -- Ids from the root down to this agent itself: the subtree of X is `path @> ARRAY[X]`.
  path integer[] NOT NULL,
  -- Commission shares as fractions (0.300000 = 30 %): trading fees, deferral fees, profit share.
  fee_rate numeric(10,6) NOT NULL DEFAULT 0 CHECK (fee_rate >= 0 AND fee_rate <= 1),
  deferral_rate numeric(10,6) NOT NULL DEFAULT 0 CHECK (deferral_rate >= 0 AND deferral_rate <= 1),
  profit_rate numeric(10,6) NOT NULL DEFAULT 0 CHECK (profit_rate >= 0 AND profit_rate <= 1),
  balance numeric(20,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  locked boolean NOT NULL DEFAULT false,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX agents_phone_uq ON agents (phone) WHERE deleted_at IS NULL;
CREATE INDEX agents_parent_idx ON agents (parent_id);
CREATE INDEX agents_path_idx ON agents USING gin (path);

CREATE TABLE users (
  id serial PRIMARY KEY,
  phone text NOT NULL,
  password_hash text NOT NULL,
  nick_name text NOT NULL DEFAULT '',
  real_name text,
  -- The ID number is sealed (AES-256-GCM with SECRET_KEY); the masked copy is for lists.
  id_number_sealed text,
  id_number_masked text,
  -- 0 real, 1 simulated
  account_type smallint NOT NULL DEFAULT 0 CHECK (account_type IN (0, 1)),
  agent_id integer REFERENCES agents(id),
  referrer_id integer REFERENCES users(id),
  -- equity, free cash, held (subscriptions, orders, withdrawals in flight)
  user_amt numeric(20,2) NOT NULL DEFAULT 0 CHECK (user_amt >= 0),
  enable_amt numeric(20,2) NOT NULL DEFAULT 0 CHECK (enable_amt >= 0),
  frozen_amt numeric(20,2) NOT NULL DEFAULT 0 CHECK (frozen_amt >= 0),
  trade_locked boolean NOT NULL DEFAULT false,
  login_locked boolean NOT NULL DEFAULT false,
  -- 0 none, 1 pending, 2 approved, 3 rejected
  real_state smallint NOT NULL DEFAULT 0 CHECK (real_state IN (0, 1, 2, 3)),
  real_reject_reason text,
  real_submitted_at timestamptz,
  real_reviewed_at timestamptz,
  real_reviewed_by integer,
  id_front text,
  id_back text,
  reg_time timestamptz NOT NULL DEFAULT now(),
  reg_ip text,
  -- layering tier (layering_tiers, owned by the channels domain); pinned = not moved by the recompute job
  layering_id integer,
  layering_pinned boolean NOT NULL DEFAULT false,
  online boolean NOT NULL DEFAULT false,
  last_login_at timestamptz,
  last_login_ip text,
  remark text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- text_pattern_ops: the same index serves `phone = $1` and the list's prefix search `phone LIKE '138%'`.
CREATE UNIQUE INDEX users_phone_uq ON users (phone text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX users_agent_idx ON users (agent_id, id) WHERE deleted_at IS NULL;
CREATE INDEX users_real_name_idx ON users (real_name text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX users_reg_time_idx ON users (reg_time) WHERE deleted_at IS NULL;
CREATE INDEX users_layering_idx ON users (layering_id) WHERE deleted_at IS NULL;
CREATE INDEX users_pending_real_idx ON users (agent_id) WHERE real_state = 1 AND deleted_at IS NULL;
CREATE INDEX users_referrer_idx ON users (referrer_id) WHERE referrer_id IS NOT NULL;

CREATE TABLE user_banks (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  bank_name text NOT NULL,
  branch text NOT NULL DEFAULT '',
  -- full number sealed; lists show only the last four digits
  card_no_sealed text NOT NULL,
  card_last4 text NOT NULL,
  holder_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_banks_user_idx ON user_banks (user_id);

-- Trading-app sessions (`usertoken`): only a hash of the token is stored.
CREATE TABLE user_sessions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  token_hash text NOT NULL UNIQUE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE user_login_log (
  id bigserial PRIMARY KEY,
  user_id integer,
  phone text NOT NULL,
  ip text,
  user_agent text,
  result text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_login_log_phone_idx ON user_login_log (phone, created_at);
CREATE INDEX user_login_log_ip_idx ON user_login_log (ip, created_at);

-- Uploaded images (ID photos): kept in the database so that every instance serves them.
CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  uploaded_by_admin integer,
  uploaded_by_user integer,
  -- the end user the file belongs to (agent staff see files of their subtree's users only)
  user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The ledger: one row per balance change, written only by apps/server/src/ledger. A user's row
-- (user_id set) moves equity/free cash/held by the *_delta columns; an agent's row (agent_id set)
-- moves the agent balance, recorded in enable_delta / enable_amt_after (user_amt_* mirror it, frozen 0).
CREATE TABLE fund_records (
  id bigserial PRIMARY KEY,
  user_id integer REFERENCES users(id),
  agent_id integer REFERENCES agents(id),
  type text NOT NULL,
  amount numeric(20,2) NOT NULL,
  equity_delta numeric(20,2) NOT NULL DEFAULT 0,
  enable_delta numeric(20,2) NOT NULL DEFAULT 0,
  frozen_delta numeric(20,2) NOT NULL DEFAULT 0,
  user_amt_after numeric(20,2) NOT NULL,
  enable_amt_after numeric(20,2) NOT NULL,
  frozen_amt_after numeric(20,2) NOT NULL,
  reference text,
  admin_id integer,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (agent_id IS NULL))
);
CREATE INDEX fund_records_user_idx ON fund_records (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX fund_records_agent_idx ON fund_records (agent_id, id) WHERE agent_id IS NOT NULL;
CREATE INDEX fund_records_type_idx ON fund_records (type, id);
CREATE INDEX fund_records_created_idx ON fund_records (created_at);
CREATE INDEX fund_records_reference_idx ON fund_records (reference) WHERE reference IS NOT NULL;
