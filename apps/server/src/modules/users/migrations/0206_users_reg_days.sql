-- Users, part 7 (bench/user-list): live users per Asia/Shanghai registration day, kept by the users
-- triggers in the writing transaction like user_counts (exact), so that a registration-time filter counts
-- its whole days here and reads only the partial first and last days from the users, and a deep page of
-- the unfiltered list skips whole days instead of walking 50,000 index entries (db/days.ts).
CREATE TABLE user_reg_days (
  day date PRIMARY KEY,
  n bigint NOT NULL
);
INSERT INTO user_reg_days (day, n)
SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM users WHERE deleted_at IS NULL GROUP BY 1;

CREATE OR REPLACE FUNCTION user_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS c (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), count(*)
  FROM new_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (agent_id, account_type, real_state, login_locked, trade_locked, layering_id) DO UPDATE SET n = c.n + excluded.n;

  INSERT INTO user_reg_days AS r (day, n)
  SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET n = r.n + excluded.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION user_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS c (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), -count(*)
  FROM old_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (agent_id, account_type, real_state, login_locked, trade_locked, layering_id) DO UPDATE SET n = c.n + excluded.n;

  INSERT INTO user_reg_days AS r (day, n)
  SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET n = r.n + excluded.n;
  RETURN NULL;
END $$;

-- As in 0202, plus the registration days of users deleted, restored or (in maintenance) re-dated.
CREATE OR REPLACE FUNCTION user_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows nw ON nw.id = o.id WHERE o.account_type <> nw.account_type) THEN
    RAISE EXCEPTION 'a user''s account type cannot change';
  END IF;
  INSERT INTO user_counts AS c (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT a, t, r, l, tl, ly, sum(d) FROM (
    SELECT coalesce(agent_id, 0) AS a, account_type AS t, real_state AS r, login_locked AS l, trade_locked AS tl, coalesce(layering_id, 0) AS ly, -1 AS d
    FROM old_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), 1
    FROM new_rows WHERE deleted_at IS NULL
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (agent_id, account_type, real_state, login_locked, trade_locked, layering_id) DO UPDATE SET n = c.n + excluded.n;

  INSERT INTO user_reg_days AS r (day, n)
  SELECT day, sum(d) FROM (
    SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date AS day, -1 AS d FROM old_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date, 1 FROM new_rows WHERE deleted_at IS NULL
  ) x
  GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET n = r.n + excluded.n;

  UPDATE fund_records f SET owner_agent_id = m.to_agent
  FROM (SELECT nw.id, nw.agent_id AS to_agent FROM old_rows o JOIN new_rows nw ON nw.id = o.id
        WHERE o.agent_id IS DISTINCT FROM nw.agent_id) m
  WHERE f.user_id = m.id AND f.owner_agent_id IS DISTINCT FROM m.to_agent;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION rebuild_user_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, fund_records IN SHARE MODE;
  DELETE FROM user_counts;
  INSERT INTO user_counts (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), count(*)
  FROM users WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM user_reg_days;
  INSERT INTO user_reg_days (day, n)
  SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM users WHERE deleted_at IS NULL GROUP BY 1;
  DELETE FROM fund_stats;
  INSERT INTO fund_stats (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
         coalesce(f.owner_agent_id, 0), coalesce(u.account_type, 0)::smallint, count(*),
         coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
  GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM fund_stats_day;
  INSERT INTO fund_stats_day (day, type, owner, n, amount_in, amount_out)
  SELECT day, type, owner, sum(n), sum(amount_in), sum(amount_out) FROM fund_stats GROUP BY 1, 2, 3;
END $$;

-- (CREATE OR REPLACE resets the functions' settings: keep 0205's fixed search_path)
ALTER FUNCTION user_counts_ins() SET search_path FROM CURRENT;
ALTER FUNCTION user_counts_del() SET search_path FROM CURRENT;
ALTER FUNCTION user_counts_upd() SET search_path FROM CURRENT;
ALTER FUNCTION rebuild_user_stats() SET search_path FROM CURRENT;

-- A fund-record total filtered on a type reads the partial days of its time range from the records of
-- that type only, index-only (the type list's order and its export keep using the same index).
DROP INDEX fund_records_type_idx;
CREATE INDEX fund_records_type_idx ON fund_records (type, created_at, id) INCLUDE (amount, user_id, owner_agent_id);
