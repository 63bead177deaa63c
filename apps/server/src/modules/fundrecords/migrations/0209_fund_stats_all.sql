-- Funds, summaries part 4 (bench/user-list): fund_stats without the day, that is all-time totals per agent,
-- type, owner and account type. A list without a time range (agent staff's first page above all) sums a few
-- rows per agent here instead of one per agent and day in fund_stats. Kept by triggers of its own in the
-- writing transaction, like the other summaries; exact, and checked by ledger:verify.
CREATE TABLE fund_stats_all (
  agent_id integer NOT NULL,      -- 0 = none
  type text NOT NULL,
  owner char(1) NOT NULL,
  account_type smallint NOT NULL, -- 0 for agent records
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (agent_id, type, owner, account_type)
);

INSERT INTO fund_stats_all (agent_id, type, owner, account_type, n, amount_in, amount_out)
SELECT agent_id, type, owner, account_type, sum(n), sum(amount_in), sum(amount_out) FROM fund_stats GROUP BY 1, 2, 3, 4;
ANALYZE fund_stats_all;

-- The signed totals of the rows inserted (+), deleted (-) or updated (both: a user moving to another agent
-- re-labels their records) in one statement, added in key order (no deadlocks between writers).
CREATE FUNCTION fund_stats_all_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fund_stats_all AS s (agent_id, type, owner, account_type, n, amount_in, amount_out)
    SELECT coalesce(f.owner_agent_id, 0), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint,
           count(*), coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (agent_id, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fund_stats_all AS s (agent_id, type, owner, account_type, n, amount_in, amount_out)
    SELECT coalesce(f.owner_agent_id, 0), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint,
           -count(*), -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (agent_id, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSE
    INSERT INTO fund_stats_all AS s (agent_id, type, owner, account_type, n, amount_in, amount_out)
    SELECT agent_id, type, owner, account_type, sum(n), sum(ai), sum(ao) FROM (
      SELECT coalesce(f.owner_agent_id, 0) AS agent_id, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
             coalesce(u.account_type, 0)::smallint AS account_type, -1 AS n,
             -CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END AS ai, -CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END AS ao
      FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
      UNION ALL
      SELECT coalesce(f.owner_agent_id, 0), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, 1,
             CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END, CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END
      FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (agent_id, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER fund_records_all_ins AFTER INSERT ON fund_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_all_apply();
CREATE TRIGGER fund_records_all_upd AFTER UPDATE ON fund_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_all_apply();
CREATE TRIGGER fund_records_all_del AFTER DELETE ON fund_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fund_stats_all_apply();

-- rebuild_user_stats() (after a bulk load with the triggers disabled) as in 0208, plus the all-time totals
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
  DELETE FROM fund_stats_all;
  INSERT INTO fund_stats_all (agent_id, type, owner, account_type, n, amount_in, amount_out)
  SELECT agent_id, type, owner, account_type, sum(n), sum(amount_in), sum(amount_out) FROM fund_stats GROUP BY 1, 2, 3, 4;
END $$;
ALTER FUNCTION rebuild_user_stats() SET search_path FROM CURRENT;
