-- The ex-rights adjustments the quote service made to a symbol's quote (issue 62): one row per corporate action, written
-- in the transaction that stores the adjusted quote, so that a new leader neither repeats nor loses one. The
-- corporate-actions run waits for its action's row before adjusting positions (prices and positions go ex together).
CREATE TABLE quote_ex_rights (
  action_id integer PRIMARY KEY,
  gid text NOT NULL,
  day date NOT NULL,
  -- the previous close before the adjustment (null: the vendor's previous close was already ex-rights)
  close_price numeric(20, 4),
  ref_price numeric(20, 4) NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
