-- Foundation: admin accounts, roles, sessions, logs, site configuration.
CREATE TABLE admin_roles (
  id serial PRIMARY KEY,
  code text UNIQUE,
  name text NOT NULL,
  describe text NOT NULL DEFAULT '',
  builtin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_role_permissions (
  role_id integer NOT NULL REFERENCES admin_roles(id) ON DELETE CASCADE,
  permission_key text NOT NULL,
  actions text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (role_id, permission_key)
);

CREATE TABLE admins (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  role_id integer NOT NULL REFERENCES admin_roles(id),
  agent_id integer,
  locked boolean NOT NULL DEFAULT false,
  totp_secret text,
  totp_enabled boolean NOT NULL DEFAULT false,
  totp_last_step bigint,
  chat_enabled boolean NOT NULL DEFAULT false,
  avatar text NOT NULL DEFAULT '',
  lang text,
  phone text,
  email text,
  site_style jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_login_at timestamptz,
  last_login_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
  id bigserial PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text
);
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id) WHERE revoked_at IS NULL;

CREATE TABLE login_log (
  id bigserial PRIMARY KEY,
  admin_id integer,
  username text NOT NULL,
  ip text,
  user_agent text,
  result text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_username_idx ON login_log (username, created_at);
CREATE INDEX login_log_ip_idx ON login_log (ip, created_at);
CREATE INDEX login_log_created_idx ON login_log (created_at);

CREATE TABLE operation_log (
  id bigserial PRIMARY KEY,
  admin_id integer,
  admin_name text,
  module text NOT NULL,
  action text NOT NULL,
  method text NOT NULL,
  target_id text,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  user_agent text,
  result text NOT NULL,
  status integer NOT NULL,
  msg text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_created_idx ON operation_log (created_at);
CREATE INDEX operation_log_admin_idx ON operation_log (admin_id, created_at);

CREATE TABLE site_config (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
