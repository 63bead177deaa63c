-- Contracts (domain `agreements`) and messaging (issue 24): templates with versions, users' contracts with the
-- exact text signed, message templates, sends run as jobs with a delivery row per recipient, app push devices.
CREATE TABLE agreement_templates (
  id serial PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('account', 'financing', 'risk', 'other')),
  -- sanitised on the way in (lib/rich-text.ts)
  body text NOT NULL,
  -- bumped by an edit once some user signed the current version (their text is kept on their contract)
  version integer NOT NULL DEFAULT 1,
  enabled boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- one default template per kind
CREATE UNIQUE INDEX agreement_templates_default_idx ON agreement_templates (kind) WHERE is_default AND deleted_at IS NULL;

CREATE TABLE agreement_template_versions (
  template_id integer NOT NULL REFERENCES agreement_templates (id),
  version integer NOT NULL,
  name text NOT NULL,
  body text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (template_id, version)
);

CREATE TABLE user_agreements (
  id bigserial PRIMARY KEY,
  template_id integer NOT NULL REFERENCES agreement_templates (id),
  user_id integer NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'assigned' CHECK (status IN ('assigned', 'pushed', 'signed', 'approved', 'rejected')),
  assigned_by text,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  pushed_at timestamptz,
  -- at signing: the template version, the exact text rendered for the user, its SHA-256, the signature image
  version integer,
  body text,
  body_hash text,
  signature_key text,
  signed_at timestamptz,
  sign_ip text,
  reviewed_by text,
  reviewed_at timestamptz,
  reject_reason text,
  UNIQUE (template_id, user_id)
);
CREATE INDEX user_agreements_status_idx ON user_agreements (status, id);
CREATE INDEX user_agreements_user_idx ON user_agreements (user_id);

CREATE TABLE msg_templates (
  id serial PRIMARY KEY,
  name text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('station', 'sms', 'push')),
  title text NOT NULL,
  content text NOT NULL,
  lang text NOT NULL DEFAULT 'zh-CN',
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE message_sends (
  id bigserial PRIMARY KEY,
  template_id integer REFERENCES msg_templates (id) ON DELETE SET NULL,
  template_name text,
  channel text NOT NULL CHECK (channel IN ('station', 'sms', 'push')),
  title text NOT NULL,
  content text NOT NULL,
  audience jsonb NOT NULL,
  audience_label text NOT NULL,
  -- agent staff's sends reach only their subtree, whenever the job runs
  scope_agent_id integer,
  status text NOT NULL CHECK (status IN ('scheduled', 'queued', 'running', 'done', 'cancelled', 'failed')),
  scheduled_at timestamptz NOT NULL DEFAULT now(),
  total integer NOT NULL DEFAULT 0,
  -- recipients written so far, and of them the failed ones and (push) those without a device
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  no_device integer NOT NULL DEFAULT 0,
  -- the job's place: users are taken in id order after this one; a retry walks the failed deliveries again
  cursor integer NOT NULL DEFAULT 0,
  retrying boolean NOT NULL DEFAULT false,
  station_message_id bigint,
  error text,
  admin_id integer,
  admin_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX message_sends_due_idx ON message_sends (scheduled_at) WHERE status IN ('scheduled', 'queued', 'running');

CREATE TABLE message_deliveries (
  send_id bigint NOT NULL REFERENCES message_sends (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  status text NOT NULL CHECK (status IN ('sent', 'failed', 'no_device')),
  error text,
  attempts integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (send_id, user_id)
);
CREATE INDEX message_deliveries_failed_idx ON message_deliveries (send_id, user_id) WHERE status = 'failed';

CREATE TABLE user_devices (
  user_id integer NOT NULL REFERENCES users (id),
  platform text NOT NULL CHECK (platform IN ('ios', 'android')),
  token text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, token)
);

-- a send's station message is one row; each recipient's text (variables filled) rides on their recipient row
ALTER TABLE station_message_recipients ADD COLUMN title text, ADD COLUMN content text;

-- agents may send to and assign contracts within their subtree; support reviews nothing but reads contracts
INSERT INTO admin_role_permissions (role_id, permission_key, actions)
SELECT r.id, k.key, ARRAY['query', 'get', 'add']
FROM admin_roles r CROSS JOIN (VALUES ('push'), ('contract')) AS k (key)
WHERE r.builtin AND r.code = 'agent'
ON CONFLICT DO NOTHING;
