-- The analysis page's trading volume (issue 51, bench/year): it summed the positions opened in the range, one row
-- each — at scale 1, 92 days are 1.3 M positions, read, dated in Shanghai time and grouped on every request. This
-- summary holds the same sum per Shanghai day, agent and account type, kept by triggers in the writing transaction
-- like the fund records' (fund_stats), so the page reads a few rows per day and agent whatever the platform's size.
-- The agent is the position's, which follows its user's (0425): a user moved to another agent takes their volume
-- with them, as the positions themselves do. Spread over stripes (the writer's transaction id, as 0434) so that
-- concurrent buys by users of one agent — or of none — do not queue on one row; readers sum the stripes.
CREATE TABLE position_stats (
  day date NOT NULL,
  agent_id integer NOT NULL,      -- 0 = none
  account_type smallint NOT NULL,
  stripe smallint NOT NULL DEFAULT (txid_current() % 8)::smallint,
  n bigint NOT NULL,
  amount numeric(24,2) NOT NULL,
  PRIMARY KEY (day, agent_id, account_type, stripe)
);

-- The summary made again from the positions (here, and after a bulk load that ran with the triggers off).
CREATE FUNCTION rebuild_position_stats() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM position_stats;
  INSERT INTO position_stats (day, agent_id, account_type, stripe, n, amount)
  SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(p.agent_id, 0), u.account_type, 0, count(*), sum(p.buy_amount)
  FROM positions p JOIN users u ON u.id = p.user_id
  GROUP BY 1, 2, 3;
END $$;
SELECT rebuild_position_stats();
ANALYZE position_stats;

-- A statement's new positions, summed per key and added in key order (no deadlocks between writers).
CREATE FUNCTION position_stats_ins() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO position_stats AS s (day, agent_id, account_type, n, amount)
  SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(p.agent_id, 0), u.account_type, count(*), sum(p.buy_amount)
  FROM new_rows p JOIN users u ON u.id = p.user_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, agent_id, account_type, stripe) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
CREATE TRIGGER position_stats_ins AFTER INSERT ON positions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION position_stats_ins();

CREATE FUNCTION position_stats_del() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO position_stats AS s (day, agent_id, account_type, n, amount)
  SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(p.agent_id, 0), u.account_type, -count(*), -sum(p.buy_amount)
  FROM old_rows p JOIN users u ON u.id = p.user_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, agent_id, account_type, stripe) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
CREATE TRIGGER position_stats_del AFTER DELETE ON positions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION position_stats_del();

-- A position's day, agent or amount changed (in practice: its user moved to another agent): its volume moves from
-- the old key to the new one. Per row and only on such a change, so the many other updates of a position (a close,
-- a deferral day, a lock) cost nothing here.
CREATE FUNCTION position_stats_upd() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- summed per key: a change of amount alone leaves one key, which ON CONFLICT may touch only once
  INSERT INTO position_stats AS s (day, agent_id, account_type, n, amount)
  SELECT v.day, v.agent_id, u.account_type, sum(v.n), sum(v.amount)
  FROM (VALUES
    ((OLD.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(OLD.agent_id, 0), OLD.user_id, -1, -OLD.buy_amount),
    ((NEW.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(NEW.agent_id, 0), NEW.user_id, 1, NEW.buy_amount)
  ) v (day, agent_id, user_id, n, amount) JOIN users u ON u.id = v.user_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, agent_id, account_type, stripe) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
CREATE TRIGGER position_stats_upd AFTER UPDATE OF opened_at, agent_id, buy_amount, user_id ON positions
  FOR EACH ROW WHEN (OLD.opened_at IS DISTINCT FROM NEW.opened_at OR OLD.agent_id IS DISTINCT FROM NEW.agent_id
    OR OLD.buy_amount IS DISTINCT FROM NEW.buy_amount OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION position_stats_upd();
