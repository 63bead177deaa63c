-- Issue 51: the logs that grow without bound — admins' and users' sign-ins, SMS and push — become tables partitioned
-- by month of created_at (Asia/Shanghai months), so that a month past its retention is dropped whole (logs/retention.ts,
-- the `log-partitions` job) instead of deleted row by row, and a date range reads only its months. Each keeps a
-- default partition so that no insert ever fails for want of a month; the job creates the months ahead and moves any
-- row that reached the default into its month. The primary key becomes (id, created_at): a partitioned table's unique
-- keys must hold its partition key; ids stay unique by their sequence.

-- The partition of `tbl` for the month starting `m` (its rows in the default partition moved into it), if missing.
CREATE FUNCTION log_month_partition(tbl text, m date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  part text := tbl || '_p' || to_char(m, 'YYYYMM');
  lo timestamptz := (m::timestamp AT TIME ZONE 'Asia/Shanghai');
  hi timestamptz := ((m + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai');
BEGIN
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, tbl);
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE created_at >= $1 AND created_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved',
    tbl || '_default', part) USING lo, hi;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', tbl, part, lo, hi);
  RETURN true;
END $$;

-- The months of `tbl`'s rows that only its default partition holds, and the current month through `ahead` months after it.
CREATE FUNCTION log_partitions_ensure(tbl text, ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date;
  made integer := 0;
  this_month date := date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai')::date;
BEGIN
  -- months that only the default partition holds (rows written before their month existed)
  FOR m IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', created_at AT TIME ZONE ''Asia/Shanghai'')::date FROM %I', tbl || '_default') LOOP
    IF log_month_partition(tbl, m) THEN made := made + 1; END IF;
  END LOOP;
  FOR m IN SELECT generate_series(this_month::timestamp, this_month + make_interval(months => ahead), interval '1 month')::date LOOP
    IF log_month_partition(tbl, m) THEN made := made + 1; END IF;
  END LOOP;
  RETURN made;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['login_log', 'user_login_log', 'sms_log', 'push_log'] LOOP
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, t || '_unpartitioned');
    EXECUTE format('ALTER INDEX %I RENAME TO %I', t || '_pkey', t || '_unpartitioned_pkey');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)', t, t || '_unpartitioned');
    EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id, created_at)', t);
    EXECUTE format('ALTER SEQUENCE %I OWNED BY %I.id', t || '_id_seq', t);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', t || '_default', t);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', t || '_default', t || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', t || '_unpartitioned');
    PERFORM log_partitions_ensure(t, 3);
  END LOOP;
END $$;

CREATE INDEX login_log_username_idx ON login_log (username, created_at);
CREATE INDEX login_log_ip_idx ON login_log (ip, created_at);
CREATE INDEX login_log_created_idx ON login_log (created_at);
CREATE INDEX user_login_log_phone_idx ON user_login_log (phone, created_at);
CREATE INDEX user_login_log_ip_idx ON user_login_log (ip, created_at);
CREATE INDEX user_login_log_created_idx ON user_login_log (created_at);
CREATE INDEX sms_log_created_idx ON sms_log (created_at);
CREATE INDEX sms_log_phone_idx ON sms_log (phone, created_at);
CREATE INDEX push_log_created_idx ON push_log (created_at);
