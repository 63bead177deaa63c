-- Trading at scale (issue 21, bench/positions P1): an agent's staff list their subtree's positions. Scoping
-- through users.agent_id made PostgreSQL sort every open position before it could drop the others; with the
-- user's agent on the position, a subtree's positions are read through an index and only they are sorted.
-- Triggers keep it true whatever writes: a new position takes its user's agent, and moving a user to
-- another agent moves their positions in the same statement's transaction.
ALTER TABLE positions ADD COLUMN agent_id integer;
UPDATE positions p SET agent_id = u.agent_id FROM users u WHERE u.id = p.user_id AND p.agent_id IS DISTINCT FROM u.agent_id;
CREATE INDEX positions_agent_status_idx ON positions (agent_id, status, opened_at DESC);

CREATE FUNCTION positions_agent_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.agent_id := (SELECT agent_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END $$;
ALTER FUNCTION positions_agent_ins() SET search_path FROM CURRENT;
CREATE TRIGGER positions_agent_ins BEFORE INSERT ON positions FOR EACH ROW EXECUTE FUNCTION positions_agent_ins();

CREATE FUNCTION users_agent_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE positions SET agent_id = NEW.agent_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
ALTER FUNCTION users_agent_move() SET search_path FROM CURRENT;
CREATE TRIGGER users_agent_move AFTER UPDATE OF agent_id ON users
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id) EXECUTE FUNCTION users_agent_move();
