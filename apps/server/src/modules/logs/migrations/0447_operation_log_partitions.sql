-- Issue 51: the operation log is partitioned by month of created_at like the other logs (0446), so that a month past
-- RETAIN_OPERATION_LOG_MONTHS is dropped whole. It is also the hash chain of issue 49, so a month goes only when it
-- is a prefix of the chain (logs/retention.ts: every row of the months dropped comes before every row kept), and
-- the chain's start moves past it with a checkpoint (audit_chain_cuts) and a sealed row of the log naming the range.
-- A partitioned table's unique keys must hold created_at: the key becomes (id, created_at), and `seq` keeps a plain
-- index — seals are given one at a time under the chain's advisory lock, and a repeated seq breaks verifyChain's walk.
DROP INDEX operation_log_created_idx;
DROP INDEX operation_log_admin_idx;
DROP INDEX operation_log_seq;
DROP INDEX operation_log_unsealed;
ALTER TABLE operation_log RENAME TO operation_log_unpartitioned;
ALTER INDEX operation_log_pkey RENAME TO operation_log_unpartitioned_pkey;
CREATE TABLE operation_log (LIKE operation_log_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at);
ALTER TABLE operation_log ADD PRIMARY KEY (id, created_at);
ALTER SEQUENCE operation_log_id_seq OWNED BY operation_log.id;
CREATE TABLE operation_log_default PARTITION OF operation_log DEFAULT;
INSERT INTO operation_log_default SELECT * FROM operation_log_unpartitioned;
DROP TABLE operation_log_unpartitioned;
SELECT log_partitions_ensure('operation_log', 3);

CREATE INDEX operation_log_created_idx ON operation_log (created_at);
CREATE INDEX operation_log_admin_idx ON operation_log (admin_id, created_at);
CREATE INDEX operation_log_seq ON operation_log (seq);
CREATE INDEX operation_log_unsealed ON operation_log (id) WHERE seq IS NULL;

-- What each removal of the chain's oldest rows left behind: the range of links removed, the last one's hash (where the
-- chain now starts from) and why — `retention` (the log-partitions job, whole months) or `delete` (/admin/log/delete.do).
CREATE TABLE audit_chain_cuts (
  id serial PRIMARY KEY,
  from_seq bigint NOT NULL,
  to_seq bigint NOT NULL,
  last_hash text NOT NULL,
  rows_removed bigint NOT NULL,
  reason text NOT NULL,
  months text,
  created_at timestamptz NOT NULL DEFAULT now()
);
