-- The admin's position lists are kept per quote tick (modules/trading/listCache.ts). Every statement that changes
-- positions bumps this sequence, whichever instance runs it, so that no list computed before is served again. A
-- sequence rather than a counter row: bumping it never waits for another transaction (a row would serialise every
-- opening and closing on the platform). It moves before the change commits, so a list computed in between can
-- miss that change until the list's next refresh (at most a second: listCache's maxAgeMs).
CREATE SEQUENCE positions_changes;

CREATE FUNCTION positions_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM nextval('positions_changes');
  RETURN NULL;
END $$;

CREATE TRIGGER positions_changed AFTER INSERT OR UPDATE OR DELETE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION positions_changed();
