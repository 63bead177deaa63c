-- Issue 49: a trail no one can quietly change. Every finished operation-log row is sealed into one hash chain:
-- `seq` its place, `prev_hash` the previous link's hash, `hash` = sha256 over the previous hash and the row's content
-- (http/chain.ts linkHash). Rows are sealed one at a time under an advisory lock, so instances never fork the chain.
-- `audit_chain_head` holds the last link (a row cut from the end is noticed) and where the chain now starts: a deletion
-- through /admin/log/delete.do removes a prefix of the chain, and its own sealed log row is the tombstone naming it.
ALTER TABLE operation_log ADD COLUMN seq bigint;
ALTER TABLE operation_log ADD COLUMN prev_hash text;
ALTER TABLE operation_log ADD COLUMN hash text;
CREATE UNIQUE INDEX operation_log_seq ON operation_log (seq);
CREATE INDEX operation_log_unsealed ON operation_log (id) WHERE seq IS NULL;

CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL,
  first_seq bigint NOT NULL,
  first_prev text NOT NULL
);
INSERT INTO audit_chain_head (id, seq, hash, first_seq, first_prev) VALUES (1, 0, '', 1, '');
