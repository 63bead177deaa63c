-- Admin accounts, roles, registration, account settings, SMS / push logs and scheduled tasks (issue 7).

-- Registration requests are admin rows with status 'pending' (locked) until the super-user activates them;
-- a request not activated before expires_at (24 h) has lapsed.
ALTER TABLE admins ADD COLUMN status text NOT NULL DEFAULT 'active';
ALTER TABLE admins ADD COLUMN expires_at timestamptz;
ALTER TABLE admins ADD COLUMN activated_at timestamptz;
ALTER TABLE admins ADD COLUMN activated_by integer;
-- Authenticator enrolment: the secret issued by getGoole.do, sealed, until a code from it enables it.
-- totp_secret (foundation) holds the sealed active secret from now on.
ALTER TABLE admins ADD COLUMN totp_pending_secret text;
ALTER TABLE admins ADD COLUMN password_changed_at timestamptz;
CREATE INDEX admins_pending_idx ON admins (expires_at) WHERE status = 'pending';

CREATE UNIQUE INDEX admin_roles_name_idx ON admin_roles (name);

-- Avatars live in the database so that every instance serves them (no shared disk needed).
CREATE TABLE admin_avatars (
  admin_id integer PRIMARY KEY REFERENCES admins(id) ON DELETE CASCADE,
  mime text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every SMS the platform sent through its provider.
CREATE TABLE sms_log (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  kind text NOT NULL,
  content text NOT NULL,
  provider text NOT NULL,
  result text NOT NULL,
  error text,
  provider_ref text,
  admin_id integer,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_log_created_idx ON sms_log (created_at);
CREATE INDEX sms_log_phone_idx ON sms_log (phone, created_at);

-- SMS verification codes (only a hash is kept).
CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  ip text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, purpose, created_at);
CREATE INDEX sms_codes_ip_idx ON sms_codes (ip, created_at);

-- Every push the platform sent through its push provider.
CREATE TABLE push_log (
  id bigserial PRIMARY KEY,
  platform text NOT NULL,
  target text NOT NULL,
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  provider text NOT NULL,
  result text NOT NULL,
  error text,
  admin_id integer,
  user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_log_created_idx ON push_log (created_at);

-- APNs token-auth settings (one row); the .p8 key is sealed with SECRET_KEY.
CREATE TABLE ios_push_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  key_id text NOT NULL,
  team_id text NOT NULL,
  bundle_id text NOT NULL,
  production boolean NOT NULL DEFAULT false,
  key_sealed text,
  key_fingerprint text,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Scheduled tasks: one row per registered job (schedule may be overridden), and the run history.
CREATE TABLE scheduled_tasks (
  key text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT true,
  schedule text NOT NULL,
  next_run_at timestamptz,
  last_run_at timestamptz,
  last_finished_at timestamptz,
  last_result text,
  last_error text,
  last_duration_ms integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE scheduled_task_runs (
  id bigserial PRIMARY KEY,
  task_key text NOT NULL,
  trigger text NOT NULL,
  admin_id integer,
  admin_name text,
  instance text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  duration_ms integer,
  result text NOT NULL DEFAULT 'running',
  error text,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX scheduled_task_runs_task_idx ON scheduled_task_runs (task_key, started_at);
CREATE INDEX scheduled_task_runs_started_idx ON scheduled_task_runs (started_at);
CREATE INDEX scheduled_task_runs_running_idx ON scheduled_task_runs (task_key) WHERE result = 'running';
