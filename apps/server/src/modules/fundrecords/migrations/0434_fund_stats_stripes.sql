-- The platform-wide summaries fund_stats_day and fund_stats_hour have one row per period, type and owner (and
-- account type): every posting of a type in the same hour updated the same row, which stays locked until its
-- transaction commits — concurrent buys (one hold each) queued on it, each waiting for the one before to flush its
-- commit (bench/positions B1: sessions waiting on Lock:transactionid in the fund_records insert, ≈ 350 buys/s).
-- Each period's totals are now spread over up to eight stripes, a transaction's rows going to the stripe of its
-- transaction id (so concurrent transactions, whose ids are consecutive, rarely meet, and one transaction's rows
-- stay together in key order: no new deadlocks). Every reader sums (the totals, the deep-page skip, the analysis,
-- ledger:verify); a stripe's own figures mean nothing alone. The per-agent summaries (fund_stats, fund_stats_all)
-- are left as they are: their rows are shared by one agent's users only.
ALTER TABLE fund_stats_day ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE fund_stats_day ALTER COLUMN stripe SET DEFAULT (txid_current() % 8)::smallint;
ALTER TABLE fund_stats_day DROP CONSTRAINT fund_stats_day_pkey;
ALTER TABLE fund_stats_day ADD PRIMARY KEY (day, type, owner, stripe);

ALTER TABLE fund_stats_hour ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE fund_stats_hour ALTER COLUMN stripe SET DEFAULT (txid_current() % 8)::smallint;
ALTER TABLE fund_stats_hour DROP CONSTRAINT fund_stats_hour_pkey;
ALTER TABLE fund_stats_hour ADD PRIMARY KEY (hour, type, owner, account_type, stripe);

-- The trigger functions as in 0202 (fund_stats, fund_stats_day) and 0432 (fund_stats_hour), the conflict key
-- with the stripe; the stripe itself comes from the column's default. The rebuild (rebuild_user_stats) inserts
-- one row per key, in the stripe of its own transaction.
CREATE OR REPLACE FUNCTION fund_stats_ins() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
  ON CONFLICT (day, type, owner, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fund_stats_del() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
  ON CONFLICT (day, type, owner, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fund_stats_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
  ON CONFLICT (day, type, owner, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION fund_stats_hour_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, count(*),
           coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM new_rows f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, -count(*),
           -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM old_rows f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSE
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT hour, type, owner, account_type, sum(n), sum(ai), sum(ao) FROM (
      SELECT fund_hour(f.created_at) AS hour, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
             coalesce(u.account_type, 0)::smallint AS account_type, -1 AS n,
             -CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END AS ai, -CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END AS ao
      FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
      UNION ALL
      SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, 1,
             CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END, CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END
      FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  END IF;
  RETURN NULL;
END $$;
