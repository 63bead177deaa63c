-- Funds, summaries part 3 (bench/user-list): fund_stats_day per hour, so that the partial first and last
-- days of a time range read their whole hours here and only the partial hours from fund_records, and deep
-- pages of the fund-record list skip whole hours (db/days.ts). Hours start with UTC's (as Shanghai's do).
-- Kept by triggers of their own in the writing transaction, like the other summaries; exact.
CREATE TABLE fund_stats_hour (
  hour timestamptz NOT NULL,
  type text NOT NULL,
  owner char(1) NOT NULL,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (hour, type, owner)
);

-- the hour of a record: truncated in UTC whatever the session's time zone
CREATE FUNCTION fund_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
$$ SELECT date_trunc('hour', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;

INSERT INTO fund_stats_hour (hour, type, owner, n, amount_in, amount_out)
SELECT fund_hour(created_at), type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END, count(*),
       coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
FROM fund_records GROUP BY 1, 2, 3;
ANALYZE fund_stats_hour;

-- The signed totals of the rows inserted (+), deleted (-) or updated (both) in one statement, added in key
-- order (no deadlocks between writers). A trigger sees only the transition tables it declares: one query
-- per operation.
CREATE FUNCTION fund_stats_hour_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, n, amount_in, amount_out)
    SELECT fund_hour(created_at), type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END, count(*),
           coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, type, owner) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, n, amount_in, amount_out)
    SELECT fund_hour(created_at), type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END, -count(*),
           -coalesce(sum(amount) FILTER (WHERE amount > 0), 0), -coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (hour, type, owner) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSE
    INSERT INTO fund_stats_hour AS s (hour, type, owner, n, amount_in, amount_out)
    SELECT hour, type, owner, sum(n), sum(ai), sum(ao) FROM (
      SELECT fund_hour(created_at) AS hour, type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END AS owner, -1 AS n,
             -CASE WHEN amount > 0 THEN amount ELSE 0 END AS ai, -CASE WHEN amount < 0 THEN amount ELSE 0 END AS ao
      FROM old_rows
      UNION ALL
      SELECT fund_hour(created_at), type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END, 1,
             CASE WHEN amount > 0 THEN amount ELSE 0 END, CASE WHEN amount < 0 THEN amount ELSE 0 END
      FROM new_rows
    ) x
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (hour, type, owner) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER fund_records_hour_ins AFTER INSERT ON fund_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_hour_apply();
CREATE TRIGGER fund_records_hour_upd AFTER UPDATE ON fund_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_hour_apply();
CREATE TRIGGER fund_records_hour_del AFTER DELETE ON fund_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_hour_apply();

-- rebuild_user_stats() (after a bulk load with the triggers disabled) as in 0206, plus the hours
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
  DELETE FROM fund_stats_hour;
  INSERT INTO fund_stats_hour (hour, type, owner, n, amount_in, amount_out)
  SELECT fund_hour(created_at), type, CASE WHEN user_id IS NULL THEN 'a' ELSE 'u' END, count(*),
         coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
  FROM fund_records GROUP BY 1, 2, 3;
END $$;
ALTER FUNCTION rebuild_user_stats() SET search_path FROM CURRENT;
