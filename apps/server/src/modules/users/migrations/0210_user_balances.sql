-- Users, part 7 (bench/user-list): the user list in the order of a balance. An index on the balances of
-- `users` would cost every ledger posting its HOT update (all of the table's indexes written again), so
-- each live user's balances are kept here, under its agent, with indexes of their own: all users by a
-- balance are one index walk, an agent's one index range, and a subtree's first page merges its agents'
-- (users/service.ts). A posting rewrites this narrow row and its seven index entries instead.
-- Kept by row triggers in the writing transaction; exact, and checked by ledger:verify.
CREATE TABLE user_balances (
  user_id integer PRIMARY KEY,
  agent_id integer NOT NULL,       -- 0 = none
  user_amt numeric(20,2) NOT NULL,
  enable_amt numeric(20,2) NOT NULL,
  frozen_amt numeric(20,2) NOT NULL
);
CREATE INDEX user_balances_user_amt_idx ON user_balances (agent_id, user_amt, user_id);
CREATE INDEX user_balances_enable_amt_idx ON user_balances (agent_id, enable_amt, user_id);
CREATE INDEX user_balances_frozen_amt_idx ON user_balances (agent_id, frozen_amt, user_id);
CREATE INDEX user_balances_all_user_amt_idx ON user_balances (user_amt, user_id);
CREATE INDEX user_balances_all_enable_amt_idx ON user_balances (enable_amt, user_id);
CREATE INDEX user_balances_all_frozen_amt_idx ON user_balances (frozen_amt, user_id);

INSERT INTO user_balances (user_id, agent_id, user_amt, enable_amt, frozen_amt)
SELECT id, coalesce(agent_id, 0), user_amt, enable_amt, frozen_amt FROM users WHERE deleted_at IS NULL;
ANALYZE user_balances;

-- A live user's row follows its balances and agent; a deleted user has none.
CREATE FUNCTION user_balances_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM user_balances WHERE user_id = OLD.id;
  ELSIF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM user_balances WHERE user_id = NEW.id;
  ELSE
    INSERT INTO user_balances AS b (user_id, agent_id, user_amt, enable_amt, frozen_amt)
    VALUES (NEW.id, coalesce(NEW.agent_id, 0), NEW.user_amt, NEW.enable_amt, NEW.frozen_amt)
    ON CONFLICT (user_id) DO UPDATE
      SET agent_id = excluded.agent_id, user_amt = excluded.user_amt, enable_amt = excluded.enable_amt, frozen_amt = excluded.frozen_amt;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_balances_ins AFTER INSERT ON users FOR EACH ROW
  WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION user_balances_apply();
CREATE TRIGGER users_balances_upd AFTER UPDATE OF agent_id, user_amt, enable_amt, frozen_amt, deleted_at ON users FOR EACH ROW
  WHEN ((OLD.agent_id, OLD.user_amt, OLD.enable_amt, OLD.frozen_amt, OLD.deleted_at)
        IS DISTINCT FROM (NEW.agent_id, NEW.user_amt, NEW.enable_amt, NEW.frozen_amt, NEW.deleted_at))
  EXECUTE FUNCTION user_balances_apply();
CREATE TRIGGER users_balances_del AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION user_balances_apply();

-- rebuild_user_stats() (after a bulk load with the triggers disabled): the summaries as before, then the
-- balances (the earlier body is kept under another name rather than restated)
ALTER FUNCTION rebuild_user_stats() RENAME TO rebuild_user_summaries;
CREATE FUNCTION rebuild_user_stats() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM rebuild_user_summaries();
  DELETE FROM user_balances;
  INSERT INTO user_balances (user_id, agent_id, user_amt, enable_amt, frozen_amt)
  SELECT id, coalesce(agent_id, 0), user_amt, enable_amt, frozen_amt FROM users WHERE deleted_at IS NULL;
END $$;
