-- The analysis page's breakdown by tier (issue 51, bench/year): it grouped the range's deposits, withdrawals and
-- fees by reading the fund records themselves, and the trading volume by reading the positions, each joined to
-- its user's current tier — at scale 1, 92 days are 5 M records and 1.3 M positions, 6.6 s a request. No summary
-- had the tier. This one holds those figures per Shanghai day, tier and account type:
--   kind: a fund record type of the page (recharge, withdraw, fee, deferral_fee), or 'volume' for the positions
--   opened (n positions, their buy amounts in amount_in).
-- The tier is the user's current one (users.layering_id; 0 = none, read as the default tier), as the page has
-- always shown it: when a user changes tier, their whole history moves with them (users' statement trigger below,
-- in the changing transaction). Postings lock their user's row before writing (the ledger), as a tier change does,
-- so a record and its user's tier change cannot miss each other. No agent: the summary serves the platform-wide
-- breakdown (a few rows a day, whatever the number of agents); agent staff's breakdown reads their subtree's own
-- records. Spread over stripes (the writer's transaction id, as 0434 and 0451); readers sum them.
CREATE TABLE tier_stats (
  day date NOT NULL,
  tier_id integer NOT NULL,       -- 0 = no tier (the default tier's users)
  account_type smallint NOT NULL,
  kind text NOT NULL,
  stripe smallint NOT NULL DEFAULT (txid_current() % 8)::smallint,
  n bigint NOT NULL,
  amount_in numeric(24,2) NOT NULL,
  amount_out numeric(24,2) NOT NULL,
  PRIMARY KEY (day, tier_id, account_type, kind, stripe)
);

-- What the summary must hold, from the records and positions themselves (the rebuild and ledger:verify read it).
CREATE FUNCTION tier_stats_actual() RETURNS TABLE (day date, tier_id integer, account_type smallint, kind text,
                                                    n bigint, amount_in numeric, amount_out numeric)
  LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, f.type,
         count(*), coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM fund_records f JOIN users u ON u.id = f.user_id
  WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
  GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, 'volume',
         count(*), sum(p.buy_amount), 0
  FROM positions p JOIN users u ON u.id = p.user_id
  GROUP BY 1, 2, 3
$$;

-- The summary made again (here, and after a bulk load that ran with the triggers off).
CREATE FUNCTION rebuild_tier_stats() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM tier_stats;
  INSERT INTO tier_stats (day, tier_id, account_type, kind, stripe, n, amount_in, amount_out)
  SELECT day, tier_id, account_type, kind, 0, n, amount_in, amount_out FROM tier_stats_actual();
END $$;
SELECT rebuild_tier_stats();
ANALYZE tier_stats;

-- Fund records written: their deltas summed per key and added in key order (no deadlocks between writers). Only
-- users' records of the page's types count.
CREATE FUNCTION tier_stats_funds() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, f.type,
           count(*), coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM new_rows f JOIN users u ON u.id = f.user_id
    WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, f.type,
           -count(*), -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM old_rows f JOIN users u ON u.id = f.user_id
    WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSE
    -- an update (a record's time, type or amount; its agent changes nothing here): the old rows out, the new ones
    -- in, per key — nothing when none of those changed
    INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT day, tier_id, account_type, kind, sum(n), sum(ai), sum(ao) FROM (
      SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, coalesce(u.layering_id, 0) AS tier_id, u.account_type,
             f.type AS kind, -1 AS n, -greatest(f.amount, 0) AS ai, -least(f.amount, 0) AS ao
      FROM old_rows f JOIN users u ON u.id = f.user_id WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
      UNION ALL
      SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, f.type,
             1, greatest(f.amount, 0), least(f.amount, 0)
      FROM new_rows f JOIN users u ON u.id = f.user_id WHERE f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
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
    INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, 'volume', count(*), sum(p.buy_amount), 0
    FROM new_rows p JOIN users u ON u.id = p.user_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in;
  ELSE
    INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
    SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), u.account_type, 'volume', -count(*), -sum(p.buy_amount), 0
    FROM old_rows p JOIN users u ON u.id = p.user_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_positions_ins AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_positions();
CREATE TRIGGER tier_stats_positions_del AFTER DELETE ON positions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_positions();

-- A position's day, amount or user changed: per row and only on such a change, as 0451's, so a close, a deferral
-- day, a lock or an agent move cost nothing here.
CREATE FUNCTION tier_stats_position_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
  SELECT v.day, coalesce(u.layering_id, 0), u.account_type, 'volume', sum(v.n), sum(v.amount), 0
  FROM (VALUES
    ((OLD.opened_at AT TIME ZONE 'Asia/Shanghai')::date, OLD.user_id, -1, -OLD.buy_amount),
    ((NEW.opened_at AT TIME ZONE 'Asia/Shanghai')::date, NEW.user_id, 1, NEW.buy_amount)
  ) v (day, user_id, n, amount) JOIN users u ON u.id = v.user_id
  GROUP BY 1, 2, 3 HAVING sum(v.n) <> 0 OR sum(v.amount) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_position_upd AFTER UPDATE OF opened_at, buy_amount, user_id ON positions
  FOR EACH ROW WHEN (OLD.opened_at IS DISTINCT FROM NEW.opened_at OR OLD.buy_amount IS DISTINCT FROM NEW.buy_amount
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION tier_stats_position_upd();

-- Users who changed tier (the recompute, a pin, a removed tier) take their history along: their records' and
-- positions' figures leave the old tier and join the new one. Set-based over the statement's users, so the
-- recompute moving thousands is one pass. Every update of users runs it (a statement trigger with transition
-- tables cannot name its columns): a posting's balance update returns at the first check.
CREATE FUNCTION tier_stats_user_move() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.layering_id IS DISTINCT FROM n.layering_id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO tier_stats AS s (day, tier_id, account_type, kind, n, amount_in, amount_out)
  SELECT h.day, t.tier_id, m.account_type, h.kind, sum(h.n * t.sign), sum(h.ai * t.sign), sum(h.ao * t.sign)
  FROM (SELECT o.id, coalesce(o.layering_id, 0) AS from_tier, coalesce(n.layering_id, 0) AS to_tier, n.account_type
        FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.layering_id IS DISTINCT FROM n.layering_id) m
  CROSS JOIN LATERAL (
    SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type AS kind, count(*) AS n,
           coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0) AS ai, coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0) AS ao
    FROM fund_records f WHERE f.user_id = m.id AND f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
    GROUP BY 1, 2
    UNION ALL
    SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, 'volume', count(*), sum(p.buy_amount), 0
    FROM positions p WHERE p.user_id = m.id
    GROUP BY 1
  ) h
  CROSS JOIN LATERAL (VALUES (m.from_tier, -1), (m.to_tier, 1)) t (tier_id, sign)
  GROUP BY 1, 2, 3, 4 HAVING sum(h.n * t.sign) <> 0 OR sum(h.ai * t.sign) <> 0 OR sum(h.ao * t.sign) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, tier_id, account_type, kind, stripe) DO UPDATE
    SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  RETURN NULL;
END $$;
CREATE TRIGGER tier_stats_user_move AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tier_stats_user_move();
