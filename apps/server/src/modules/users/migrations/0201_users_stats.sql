-- Users, part 2: exact summary tables so that the user list's total and the fund-record list's totals
-- do not scan millions of rows (bench/user-list), kept by statement-level triggers in the same
-- transaction as the change (so they are exact, never estimates), plus indexes the list plans need.
-- verifyUserStats() (apps/server/src/ledger/verify.ts) proves them against the base tables.

-- Live (not deleted) users per combination of the list's coarse filters.
CREATE TABLE user_counts (
  agent_id integer NOT NULL,      -- 0 = no agent
  account_type smallint NOT NULL,
  real_state smallint NOT NULL,
  login_locked boolean NOT NULL,
  trade_locked boolean NOT NULL,
  layering_id integer NOT NULL,   -- 0 = no tier
  n bigint NOT NULL,
  PRIMARY KEY (agent_id, account_type, real_state, login_locked, trade_locked, layering_id)
);

-- Fund records per Asia/Shanghai day, type, owner ('u' user record, 'a' agent record), agent (the
-- user's current agent, or the agent itself; 0 = none) and account type (0 for agent records).
CREATE TABLE fund_stats (
  day date NOT NULL,
  type text NOT NULL,
  owner char(1) NOT NULL,
  agent_id integer NOT NULL,
  account_type smallint NOT NULL,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (day, type, owner, agent_id, account_type)
);
CREATE INDEX fund_stats_agent_idx ON fund_stats (agent_id);

-- Rows are added in key order (ORDER BY) so that concurrent statements lock counter rows in the same
-- order and cannot deadlock; groups that net to zero are skipped.
CREATE FUNCTION user_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS c (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), count(*)
  FROM new_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (agent_id, account_type, real_state, login_locked, trade_locked, layering_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION user_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_counts AS c (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), -count(*)
  FROM old_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (agent_id, account_type, real_state, login_locked, trade_locked, layering_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION user_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

  -- A user who changed agent (or account type) takes the totals of their fund records along.
  INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT day, type, 'u', agent_id, account_type, sum(n), sum(amount_in), sum(amount_out) FROM (
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type, m.from_agent AS agent_id, m.from_type AS account_type,
           -count(*) AS n, -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0) AS amount_in, -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0) AS amount_out
    FROM fund_records f JOIN (
      SELECT o.id, coalesce(o.agent_id, 0) AS from_agent, o.account_type AS from_type, coalesce(nw.agent_id, 0) AS to_agent, nw.account_type AS to_type
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      WHERE coalesce(o.agent_id, 0) <> coalesce(nw.agent_id, 0) OR o.account_type <> nw.account_type
    ) m ON f.user_id = m.id
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, m.to_agent, m.to_type,
           count(*), coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM fund_records f JOIN (
      SELECT o.id, coalesce(nw.agent_id, 0) AS to_agent, nw.account_type AS to_type
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      WHERE coalesce(o.agent_id, 0) <> coalesce(nw.agent_id, 0) OR o.account_type <> nw.account_type
    ) m ON f.user_id = m.id
    GROUP BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 4, 5 HAVING sum(n) <> 0 OR sum(amount_in) <> 0 OR sum(amount_out) <> 0 ORDER BY 1, 2, 4, 5
  ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE TRIGGER users_counts_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_ins();
CREATE TRIGGER users_counts_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_upd();
CREATE TRIGGER users_counts_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_del();

-- Fund records: inserted rows add, deleted rows subtract, an update does both.

CREATE FUNCTION fund_stats_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
         coalesce(f.agent_id, u.agent_id, 0), coalesce(u.account_type, 0)::smallint, count(*),
         coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE FUNCTION fund_stats_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
         coalesce(f.agent_id, u.agent_id, 0), coalesce(u.account_type, 0)::smallint, -count(*),
         -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE FUNCTION fund_stats_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fund_stats AS s (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT day, type, owner, agent_id, account_type, sum(n), sum(ai), sum(ao) FROM (
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
           coalesce(f.agent_id, u.agent_id, 0) AS agent_id, coalesce(u.account_type, 0)::smallint AS account_type, -1 AS n,
           -CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END AS ai, -CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END AS ao
    FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
    UNION ALL
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
           coalesce(f.agent_id, u.agent_id, 0), coalesce(u.account_type, 0)::smallint, 1,
           CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END, CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END
    FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
  ) x
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, type, owner, agent_id, account_type) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE TRIGGER fund_records_stats_ins AFTER INSERT ON fund_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_ins();
CREATE TRIGGER fund_records_stats_upd AFTER UPDATE ON fund_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_upd();
CREATE TRIGGER fund_records_stats_del AFTER DELETE ON fund_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_del();

-- Rebuilds both summary tables from the base tables (after a bulk load with the triggers disabled).
CREATE FUNCTION rebuild_user_stats() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users, fund_records IN SHARE MODE;
  DELETE FROM user_counts;
  INSERT INTO user_counts (agent_id, account_type, real_state, login_locked, trade_locked, layering_id, n)
  SELECT coalesce(agent_id, 0), account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0), count(*)
  FROM users WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM fund_stats;
  INSERT INTO fund_stats (day, type, owner, agent_id, account_type, n, amount_in, amount_out)
  SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END,
         coalesce(f.agent_id, u.agent_id, 0), coalesce(u.account_type, 0)::smallint, count(*),
         coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
  GROUP BY 1, 2, 3, 4, 5;
END $$;

-- Indexes of the list plans (bench/user-list).
CREATE INDEX users_online_idx ON users (id) WHERE online AND deleted_at IS NULL;
CREATE INDEX fund_records_admin_idx ON fund_records (admin_id, id) WHERE admin_id IS NOT NULL;
