-- Users, the summary trigger on UPDATE (0426) runs for every update of users — a ledger posting's balances, a
-- sign-in's last time — though it keeps only the counts by agent, type, review state, locks and tier, the
-- registration days, and the fund records' owner. (A statement trigger with transition tables cannot name its
-- columns, so the check is made inside.) As 0426, with a first check that returns when none of those changed.
CREATE OR REPLACE FUNCTION user_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- nothing this function keeps changed (a ledger posting sets balances only): done, in one hash aggregate —
  -- rather than two upserts of nothing and an update of no fund records, whose own three statement triggers
  -- ran for nothing too (bench/positions B1: five statements per posting)
  IF NOT EXISTS (SELECT 1 FROM (
                   SELECT id, agent_id, account_type, real_state, login_locked, trade_locked, layering_id, deleted_at, reg_time FROM old_rows
                   UNION
                   SELECT id, agent_id, account_type, real_state, login_locked, trade_locked, layering_id, deleted_at, reg_time FROM new_rows) x
                 GROUP BY id HAVING count(*) > 1) THEN
    RETURN NULL;
  END IF;
  -- a user whose (id, account type) pair differs between old and new rows changed type
  IF EXISTS (SELECT 1 FROM (SELECT id, account_type FROM old_rows UNION SELECT id, account_type FROM new_rows) x
             GROUP BY id HAVING count(*) > 1) THEN
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

  -- users whose agent changed take their fund records' owner along (side 1: before, side 2: after)
  UPDATE fund_records f SET owner_agent_id = m.to_agent
  FROM (SELECT id, (array_agg(agent_id) FILTER (WHERE side = 2))[1] AS to_agent
        FROM (SELECT id, agent_id, 1 AS side FROM old_rows UNION ALL SELECT id, agent_id, 2 FROM new_rows) x
        GROUP BY id HAVING count(DISTINCT coalesce(agent_id, -1)) > 1) m
  WHERE f.user_id = m.id AND f.owner_agent_id IS DISTINCT FROM m.to_agent;
  RETURN NULL;
END $$;
-- (CREATE OR REPLACE resets the function's settings: keep 0205's fixed search_path)
ALTER FUNCTION user_counts_upd() SET search_path FROM CURRENT;
