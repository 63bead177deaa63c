-- The analysis page's breakdown by tier (issue 51, bench/year): it grouped the range's deposits, withdrawals and
-- fees by reading the fund records themselves, and the trading volume by reading the positions, each joined to
-- its user's current tier — at scale 1, 92 days are 5 M records and 1.3 M positions, 6.6 s a request. No summary
-- had the tier. Two summaries now hold those figures per Shanghai day, tier and account type:
--   tier_stats        platform-wide (a few rows a day, whatever the number of agents): the platform's breakdown;
--   tier_agent_stats  the same per agent: agent staff's breakdown reads their subtree's rows.
-- kind: a fund record type of the page (recharge, withdraw, fee, deferral_fee), or 'volume' for the positions opened
-- (n positions, their buy amounts in amount_in).
-- The tier and the agent are the user's current ones (users.layering_id and agent_id; 0 = none — no tier is read
-- as the default tier), as the page has always shown them: when a user changes tier or agent, their whole history
-- moves with them, in the changing transaction (users' statement trigger below, and only it: a record's or a
-- position's own agent follows the user's and changes nothing here). Postings lock their user's row before writing
-- (the ledger), as a change of tier or agent does, so a record and such a change cannot miss each other. Spread over
-- stripes (the writer's transaction id, as 0434 and 0451); readers sum them.
CREATE TABLE tier_stats (
  day date NOT NULL,
  tier_id integer NOT NULL,
  account_type smallint NOT NULL,
  kind text NOT NULL,
  stripe smallint NOT NULL DEFAULT (txid_current() % 8)::smallint,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (day, tier_id, account_type, kind, stripe)
);
CREATE TABLE tier_agent_stats (
  agent_id integer NOT NULL,
  day date NOT NULL,
  tier_id integer NOT NULL,
  account_type smallint NOT NULL,
  kind text NOT NULL,
  stripe smallint NOT NULL DEFAULT (txid_current() % 8)::smallint,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (agent_id, day, tier_id, account_type, kind, stripe)
);

-- One change to the summaries: a row per record or position (n = ±1) or per summed group.
CREATE TYPE tier_delta AS (agent_id integer, day date, tier_id integer, account_type smallint, kind text, n bigint,
                           amount_in numeric, amount_out numeric);

-- A fund record's and a position's change, under their user's current tier and agent (sign: 1 in, -1 out).
CREATE FUNCTION tier_record_delta(f fund_records, u users, sign integer) RETURNS tier_delta
  LANGUAGE sql STABLE AS $$
  SELECT ROW(coalesce(u.agent_id, 0), (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type,
             f.type, sign, sign * greatest(f.amount, 0), sign * least(f.amount, 0))::tier_delta
$$;
CREATE FUNCTION tier_position_delta(p positions, u users, sign integer) RETURNS tier_delta
  LANGUAGE sql STABLE AS $$
  SELECT ROW(coalesce(u.agent_id, 0), (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type,
             'volume', sign, sign * p.buy_amount, 0)::tier_delta
$$;

-- Changes added to both summaries, summed per key and written in key order (per agent first, then platform-wide:
-- the same order for every writer, so no deadlocks between them).
CREATE FUNCTION tier_stats_apply(deltas tier_delta[]) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  WITH d AS (
    SELECT agent_id, day, tier_id, account_type, kind, sum(n) AS n, sum(amount_in) AS ai, sum(amount_out) AS ao
    FROM unnest(deltas) GROUP BY 1, 2, 3, 4, 5
  ),
  by_agent AS (
    INSERT INTO tier_agent_stats AS s (agent_id, day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT * FROM d WHERE n <> 0 OR ai <> 0 OR ao <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (agent_id, day, tier_id, account_type, kind, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
    RETURNING 1
  )
  INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
  SELECT day, tier_id, account_type, kind, sum(n), sum(ai), sum(ao) FROM d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
$$;

-- What the per-agent summary must hold, from the records and positions themselves (the rebuild and ledger:verify
-- read it; platform-wide is its sum over agents).
CREATE FUNCTION tier_stats_actual() RETURNS SETOF tier_delta LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT d.agent_id, d.day, d.tier_id, d.account_type, d.kind, sum(d.n)::bigint, sum(d.amount_in), sum(d.amount_out)
  FROM (SELECT r.* FROM fund_records f JOIN users u ON u.id = f.user_id CROSS JOIN LATERAL tier_record_delta(f, u, 1) r
        WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
        UNION ALL
        SELECT r.* FROM positions p JOIN users u ON u.id = p.user_id CROSS JOIN LATERAL tier_position_delta(p, u, 1) r) d
  GROUP BY 1, 2, 3, 4, 5
$$;

-- Both summaries made again (here, and after a bulk load that ran with the triggers off).
CREATE FUNCTION rebuild_tier_stats() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM tier_agent_stats;
  DELETE FROM tier_stats;
  INSERT INTO tier_agent_stats (agent_id, day, tier_id, account_type, kind, stripe, n, amount_in, amount_out)
  SELECT agent_id, day, tier_id, account_type, kind, 0, n, amount_in, amount_out FROM tier_stats_actual();
  INSERT INTO tier_stats (day, tier_id, account_type, kind, stripe, n, amount_in, amount_out)
  SELECT day, tier_id, account_type, kind, 0, sum(n), sum(amount_in), sum(amount_out) FROM tier_agent_stats GROUP BY 1, 2, 3, 4;
END $$;
SELECT rebuild_tier_stats();
ANALYZE tier_stats;
ANALYZE tier_agent_stats;

-- Fund records written: users' records of the page's types in (insert), out (delete), or out and in again
-- (update of a record's time, type or amount; an update of its agent alone nets to nothing).
CREATE FUNCTION tier_stats_funds() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tier_stats_apply(ARRAY(SELECT tier_record_delta(f, u, 1) FROM new_rows f JOIN users u ON u.id = f.user_id
                                   WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM tier_stats_apply(ARRAY(SELECT tier_record_delta(f, u, -1) FROM old_rows f JOIN users u ON u.id = f.user_id
                                   WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')));
  ELSIF EXISTS (SELECT 1 FROM (SELECT id, created_at, type, amount, user_id FROM old_rows
                               UNION SELECT id, created_at, type, amount, user_id FROM new_rows) x
                GROUP BY id HAVING count(*) > 1) THEN
    -- an update that changed something counted; one that did not (in practice: a user's agent move relabelling
    -- their records' owner) is left at this one hash aggregate, rather than every record summed out and in again
    PERFORM tier_stats_apply(ARRAY(SELECT tier_record_delta(f, u, -1) FROM old_rows f JOIN users u ON u.id = f.user_id
                                   WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
                                   UNION ALL
                                   SELECT tier_record_delta(f, u, 1) FROM new_rows f JOIN users u ON u.id = f.user_id
                                   WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_funds_ins AFTER INSERT ON fund_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_funds();
CREATE TRIGGER tier_stats_funds_upd AFTER UPDATE ON fund_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_funds();
CREATE TRIGGER tier_stats_funds_del AFTER DELETE ON fund_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_funds();

-- Positions opened or removed: their volume in or out.
CREATE FUNCTION tier_stats_positions() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tier_stats_apply(ARRAY(SELECT tier_position_delta(p, u, 1) FROM new_rows p JOIN users u ON u.id = p.user_id));
  ELSE
    PERFORM tier_stats_apply(ARRAY(SELECT tier_position_delta(p, u, -1) FROM old_rows p JOIN users u ON u.id = p.user_id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_positions_ins AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_positions();
CREATE TRIGGER tier_stats_positions_del AFTER DELETE ON positions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_positions();

-- A position's day, amount or user changed: per row and only on such a change, as 0451's, so a close, a deferral
-- day, a lock or its agent following the user cost nothing here.
CREATE FUNCTION tier_stats_position_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM tier_stats_apply(ARRAY(SELECT tier_position_delta(OLD, u, -1) FROM users u WHERE u.id = OLD.user_id
                                 UNION ALL
                                 SELECT tier_position_delta(NEW, u, 1) FROM users u WHERE u.id = NEW.user_id));
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_position_upd AFTER UPDATE OF opened_at, buy_amount, user_id ON positions
  FOR EACH ROW WHEN (OLD.opened_at IS DISTINCT FROM NEW.opened_at OR OLD.buy_amount IS DISTINCT FROM NEW.buy_amount
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION tier_stats_position_upd();

-- Users whose tier or agent changed (the recompute, a pin, a removed tier, a move to another agent) take their
-- history along: their records' and positions' figures, summed per day and kind, leave the old tier and agent and
-- join the new ones. Set-based over the statement's users, so the recompute moving thousands is one pass; written
-- here rather than through tier_stats_apply, whose array would hold every moved day of every user. Every update of
-- users runs it (a statement trigger with transition tables cannot name its columns): a posting's balance update
-- returns at the first check.
CREATE FUNCTION tier_stats_user_move() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- old and new rows paired by one hash aggregate, never by a join of the two transition tables: they have no
  -- statistics, and such a join ran as a nested loop over every pair (0426)
  IF NOT EXISTS (SELECT 1 FROM (SELECT id, layering_id, agent_id FROM old_rows UNION SELECT id, layering_id, agent_id FROM new_rows) x
                 GROUP BY id HAVING count(*) > 1) THEN
    RETURN NULL;
  END IF;
  WITH m AS (
    SELECT id, min(account_type) AS account_type,
           min(tier) FILTER (WHERE side = 1) AS from_tier, min(agent) FILTER (WHERE side = 1) AS from_agent,
           min(tier) FILTER (WHERE side = 2) AS to_tier, min(agent) FILTER (WHERE side = 2) AS to_agent
    FROM (SELECT id, account_type, coalesce(layering_id, 0) AS tier, coalesce(agent_id, 0) AS agent, 1 AS side FROM old_rows
          UNION ALL
          SELECT id, account_type, coalesce(layering_id, 0), coalesce(agent_id, 0), 2 FROM new_rows) x
    GROUP BY id
    HAVING (min(tier) FILTER (WHERE side = 1), min(agent) FILTER (WHERE side = 1))
           IS DISTINCT FROM (min(tier) FILTER (WHERE side = 2), min(agent) FILTER (WHERE side = 2))
  ),
  d AS (
    SELECT t.agent_id, h.day, t.tier_id, m.account_type, h.kind,
           sum(h.n * t.sign) AS n, sum(h.ai * t.sign) AS ai, sum(h.ao * t.sign) AS ao
    FROM m
    CROSS JOIN LATERAL (
      SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type AS kind, count(*) AS n,
             sum(greatest(f.amount, 0)) AS ai, sum(least(f.amount, 0)) AS ao
      FROM fund_records f WHERE f.user_id = m.id AND f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
      GROUP BY 1, 2
      UNION ALL
      SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, 'volume', count(*), sum(p.buy_amount), 0
      FROM positions p WHERE p.user_id = m.id
      GROUP BY 1
    ) h
    CROSS JOIN LATERAL (VALUES (m.from_tier, m.from_agent, -1), (m.to_tier, m.to_agent, 1)) t (tier_id, agent_id, sign)
    GROUP BY 1, 2, 3, 4, 5
  ),
  by_agent AS (
    INSERT INTO tier_agent_stats AS s (agent_id, day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT * FROM d WHERE n <> 0 OR ai <> 0 OR ao <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (agent_id, day, tier_id, account_type, kind, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out
    RETURNING 1
  )
  INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
  SELECT day, tier_id, account_type, kind, sum(n), sum(ai), sum(ao) FROM d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_user_move AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_user_move();
