-- Block trades (issue 22): products offered at a discount on the live price (or a fixed price) to users who
-- know the trade key, inside a subscription window; the users' requests wait for review like buys do.
CREATE TABLE block_products (
  id serial PRIMARY KEY,
  stock_id integer NOT NULL REFERENCES stocks (id),
  gid text NOT NULL,
  code text NOT NULL,
  stock_name text NOT NULL,
  price_mode text NOT NULL CHECK (price_mode IN ('discount', 'fixed')),
  discount numeric(6,4) CHECK (discount > 0 AND discount <= 1.5),
  fixed_price numeric(20,4) CHECK (fixed_price > 0),
  min_shares integer NOT NULL CHECK (min_shares > 0 AND min_shares % 100 = 0),
  max_shares integer NOT NULL CHECK (max_shares >= min_shares AND max_shares % 100 = 0),
  total_shares integer NOT NULL CHECK (total_shares >= min_shares AND total_shares % 100 = 0),
  left_shares integer NOT NULL CHECK (left_shares >= 0 AND left_shares <= total_shares),
  -- the trade key, hashed (argon2): never shown back
  key_hash text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  shown boolean NOT NULL DEFAULT true,
  locked boolean NOT NULL DEFAULT false,
  lock_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK ((price_mode = 'discount') = (discount IS NOT NULL) AND (price_mode = 'fixed') = (fixed_price IS NOT NULL))
);
CREATE INDEX block_products_window_idx ON block_products (ends_at DESC);

CREATE TABLE block_requests (
  id serial PRIMARY KEY,
  request_no text NOT NULL UNIQUE,
  product_id integer NOT NULL REFERENCES block_products (id),
  user_id integer NOT NULL REFERENCES users (id),
  gid text NOT NULL,
  code text NOT NULL,
  stock_name text NOT NULL,
  shares integer NOT NULL CHECK (shares > 0),
  price numeric(20,4) NOT NULL,
  amount numeric(20,2) NOT NULL,
  fee numeric(20,2) NOT NULL DEFAULT 0,
  hold numeric(20,2) NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  approved_shares integer CHECK (approved_shares > 0),
  fill_price numeric(20,4),
  position_id integer REFERENCES positions (id),
  reason text,
  reviewed_by integer REFERENCES admins (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX block_requests_pending_idx ON block_requests (created_at) WHERE status = 'pending';
CREATE INDEX block_requests_product_idx ON block_requests (product_id, status);
CREATE INDEX block_requests_user_idx ON block_requests (user_id, created_at DESC);
CREATE INDEX block_requests_created_idx ON block_requests (created_at DESC);

-- Wrong trade keys, counted per user per hour (a user may guess only a few times).
CREATE TABLE block_key_failures (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  product_id integer NOT NULL REFERENCES block_products (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX block_key_failures_user_idx ON block_key_failures (user_id, at);
