-- Users, part 3 (bench/user-list): what the list plans need at 1,000,000 users / 5,000,000 fund records.
--
-- * fund_records.owner_agent_id: the agent a record belongs to for scoping (the user's current agent, or
--   the agent of an agent record), written by the ledger and kept when a user changes agent, so that an
--   agent subtree filters fund records on an indexed column instead of joining users row by row.
-- * fund_stats reads its agent from owner_agent_id; moving a user re-labels their records and the
--   fund_records update trigger moves the totals.
-- * fund_stats_day: the same totals without agent and account type (a few rows a day) for unscoped lists.
-- * A user's account type never changes (the summaries rely on it).

ALTER TABLE fund_records ADD COLUMN owner_agent_id integer;
-- (labelling existing rows changes no total: fund_stats already used the user's agent)
ALTER TABLE fund_records DISABLE TRIGGER fund_records_stats_upd;
UPDATE fund_records f SET owner_agent_id = u.agent_id
FROM users u WHERE u.id = f.user_id AND f.user_id IS NOT NULL AND u.agent_id IS NOT NULL;
UPDATE fund_records SET owner_agent_id = agent_id WHERE agent_id IS NOT NULL;
ALTER TABLE fund_records ENABLE TRIGGER fund_records_stats_upd;
CREATE INDEX fund_records_owner_agent_idx ON fund_records (owner_agent_id, id) WHERE owner_agent_id IS NOT NULL;
-- deep pages of the default (end users') list: an index-only scan
CREATE INDEX fund_records_user_rows_idx ON fund_records (id) WHERE user_id IS NOT NULL;

-- users by agent, deleted ones included (their records stay visible in the agent's scope)
DROP INDEX users_agent_idx;
CREATE INDEX users_agent_idx ON users (agent_id, id);
-- deep pages of the user list: an index-only scan
CREATE INDEX users_live_idx ON users (id) WHERE deleted_at IS NULL;

CREATE TABLE fund_stats_day (
  day date NOT NULL,
  type text NOT NULL,
  owner char(1) NOT NULL,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (day, type, owner)
);
INSERT INTO fund_stats_day (day, type, owner, n, amount_in, amount_out)
SELECT day, type, owner, sum(n), sum(amount_in), sum(amount_out) FROM fund_stats GROUP BY 1, 2, 3;

-- The fund_records triggers add the signed totals of the rows inserted (+), deleted (-) or updated
-- (both) to fund_stats and fund_stats_day in one statement, in key order (no deadlocks between writers).
CREATE OR REPLACE FUNCTION fund_stats_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d (day, type, owner, agent_id, account_type, n, amount_in, amount_out) AS (
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
           coalesce(f.owner_agent_id, 0), coalesce(u.account_type, 0)::smallint, count(*),
           coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    GROUP BY 1, 2, 3, 4, 5
  ),
  s1 AS (
    INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
    SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
    RETURNING 1
  )
  INSERT INTO fund_stats_day AS s (day, type, owner, n, amount_in, amount_out)
  SELECT day, type, owner, sum(n), sum(amount_in), sum(amount_out) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount_in) <> 0 OR sum(amount_out) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, type, owner) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fund_stats_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d (day, type, owner, agent_id, account_type, n, amount_in, amount_out) AS (
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
           coalesce(f.owner_agent_id, 0), coalesce(u.account_type, 0)::smallint, -count(*),
           -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
    GROUP BY 1, 2, 3, 4, 5
  ),
  s1 AS (
    INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
    SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
    RETURNING 1
  )
  INSERT INTO fund_stats_day AS s (day, type, owner, n, amount_in, amount_out)
  SELECT day, type, owner, sum(n), sum(amount_in), sum(amount_out) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount_in) <> 0 OR sum(amount_out) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, type, owner) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fund_stats_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d (day, type, owner, agent_id, account_type, n, amount_in, amount_out) AS (
    SELECT day, type, owner, agent_id, account_type, sum(n), sum(ai), sum(ao) FROM (
      SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
             coalesce(f.owner_agent_id, 0) AS agent_id, coalesce(u.account_type, 0)::smallint AS account_type, -1 AS n,
             -CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END AS ai, -CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END AS ao
      FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
      UNION ALL
      SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
             coalesce(f.owner_agent_id, 0), coalesce(u.account_type, 0)::smallint, 1,
             CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END, CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END
      FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    ) x
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0
  ),
  s1 AS (
    INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
    SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
    RETURNING 1
  )
  INSERT INTO fund_stats_day AS s (day, type, owner, n, amount_in, amount_out)
  SELECT day, type, owner, sum(n), sum(amount_in), sum(amount_out) FROM d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount_in) <> 0 OR sum(amount_out) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, type, owner) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

-- Users: counts as before; a user who changes agent re-labels their fund records (the fund_records
-- update trigger then moves the totals); the account type is fixed.
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
