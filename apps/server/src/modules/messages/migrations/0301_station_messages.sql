-- Station messages (站内消息) to end users (issue 7). A message goes to chosen users (one recipient row
-- each, read_at filled when read) or to all users: for the platform's "all" no rows are written up
-- front (the users registered by then see it; a row appears when a user reads it); an agent's "all" is
-- its subtree's users, written as rows.
CREATE TABLE station_messages (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  audience text NOT NULL CHECK (audience IN ('all', 'users')),
  -- Agent staff send within their subtree; NULL = the platform.
  scope_agent_id integer,
  recipient_count integer NOT NULL DEFAULT 0,
  admin_id integer,
  admin_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Withdrawn: users no longer see it.
  deleted_at timestamptz
);
CREATE INDEX station_messages_created_idx ON station_messages (created_at);

CREATE TABLE station_message_recipients (
  message_id bigint NOT NULL REFERENCES station_messages(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz,
  PRIMARY KEY (message_id, user_id)
);
CREATE INDEX station_message_recipients_user_idx ON station_message_recipients (user_id, message_id);
