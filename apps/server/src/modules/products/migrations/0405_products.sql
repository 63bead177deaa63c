-- Products (issue 20): stock products, index products, and the quote snapshot the market module keeps.
CREATE TABLE stocks (
  id serial PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  name text NOT NULL,
  market text NOT NULL CHECK (market IN ('sh', 'sz', 'bj')),
  gid text NOT NULL UNIQUE,
  board text NOT NULL CHECK (board IN ('main', 'star', 'chinext', 'bj')),
  -- pinyin initials of the name, upper case (GZMT for 贵州茅台), for the pickers' search
  pinyin text NOT NULL DEFAULT '',
  st boolean NOT NULL DEFAULT false,
  spread_rate numeric(10,6) NOT NULL DEFAULT 0 CHECK (spread_rate >= 0 AND spread_rate <= 1),
  shown boolean NOT NULL DEFAULT true,
  locked boolean NOT NULL DEFAULT false,
  lock_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (market, code)
);
CREATE INDEX stocks_code_idx ON stocks (code text_pattern_ops);
CREATE INDEX stocks_pinyin_idx ON stocks (pinyin text_pattern_ops);

CREATE TABLE index_products (
  id serial PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[0-9]{6}$'),
  market text NOT NULL CHECK (market IN ('sh', 'sz', 'bj')),
  gid text NOT NULL UNIQUE,
  name text NOT NULL,
  home_shown boolean NOT NULL DEFAULT false,
  list_shown boolean NOT NULL DEFAULT true,
  tradable boolean NOT NULL DEFAULT false,
  margin_per_lot numeric(20,4) NOT NULL DEFAULT 0 CHECK (margin_per_lot >= 0),
  fee_per_lot numeric(20,4) NOT NULL DEFAULT 0 CHECK (fee_per_lot >= 0),
  value_per_point numeric(20,4) NOT NULL DEFAULT 0 CHECK (value_per_point >= 0),
  min_lots integer NOT NULL DEFAULT 1 CHECK (min_lots >= 1),
  max_lots integer NOT NULL DEFAULT 100 CHECK (max_lots >= min_lots),
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The latest quote of each symbol (stocks and indices), written by the market module on each tick so
-- that lists can sort and filter on prices in SQL. Prices numeric(20,4); turnover in yuan.
CREATE TABLE quotes (
  gid text PRIMARY KEY,
  last numeric(20,4) NOT NULL,
  prev_close numeric(20,4) NOT NULL,
  open numeric(20,4),
  high numeric(20,4),
  low numeric(20,4),
  change_pct numeric(10,4) NOT NULL DEFAULT 0,
  volume bigint NOT NULL DEFAULT 0,
  turnover numeric(24,2) NOT NULL DEFAULT 0,
  stale boolean NOT NULL DEFAULT false,
  quoted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_change_pct_idx ON quotes (change_pct);

-- The index page's permission key is `index` (issue 20), as its route /product/index.
UPDATE admin_role_permissions p SET permission_key = 'index'
WHERE permission_key = 'indexproduct'
  AND NOT EXISTS (SELECT 1 FROM admin_role_permissions q WHERE q.role_id = p.role_id AND q.permission_key = 'index');
DELETE FROM admin_role_permissions WHERE permission_key = 'indexproduct';

-- Agent staff and support read products (the built-in grants of a database made before this migration).
INSERT INTO admin_role_permissions (role_id, permission_key, actions)
SELECT r.id, k.key, ARRAY['query', 'get']
FROM admin_roles r CROSS JOIN (VALUES ('shares'), ('index')) AS k(key)
WHERE r.builtin AND r.code IN ('agent', 'support')
ON CONFLICT (role_id, permission_key) DO NOTHING;
