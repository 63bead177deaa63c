-- Agents, part 2: a version of the agent tree, bumped in the transaction of every statement that adds,
-- removes or re-parents agents. The servers remember agent subtrees for the hot lists with the version
-- they were read at (modules/agents/subtrees.ts); a list statement reads the version in its own snapshot
-- and a remembered subtree is only trusted when the two agree.
CREATE TABLE agent_tree_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  v bigint NOT NULL
);
INSERT INTO agent_tree_version (v) VALUES (1);

CREATE FUNCTION agent_tree_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE agent_tree_version SET v = v + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER agents_tree_ins AFTER INSERT ON agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tree_bump();
CREATE TRIGGER agents_tree_upd AFTER UPDATE OF path, parent_id ON agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tree_bump();
CREATE TRIGGER agents_tree_del AFTER DELETE ON agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tree_bump();
