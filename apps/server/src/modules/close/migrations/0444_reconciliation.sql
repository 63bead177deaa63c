-- Issue 50: reconciliation with the payment channels. One statement per channel and day (a new file replaces one
-- still open), and its lines and the platform's movements as matched pairs and exceptions, each resolved with a note.
CREATE TABLE recon_statements (
  id bigserial PRIMARY KEY,
  channel_id integer NOT NULL,
  day date NOT NULL,
  file_name text NOT NULL,
  lines integer NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reconciled')),
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (channel_id, day)
);
CREATE INDEX recon_statements_day ON recon_statements (day DESC, channel_id);

CREATE TABLE recon_items (
  id bigserial PRIMARY KEY,
  statement_id bigint NOT NULL REFERENCES recon_statements (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('matched', 'statement_only', 'platform_only', 'amount_diff')),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  line integer,
  st_time timestamptz,
  st_reference text,
  st_amount numeric(20, 2),
  order_no text,
  platform_amount numeric(20, 2),
  platform_time timestamptz,
  user_id integer,
  resolved_at timestamptz,
  resolved_by text,
  note text
);
CREATE INDEX recon_items_statement ON recon_items (statement_id, kind);
