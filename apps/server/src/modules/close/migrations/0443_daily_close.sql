-- Issue 50: the daily close. A stored statement per closed Asia/Shanghai day (final: never recomputed), each user's
-- and agent's balances at the last close (ledger:verify checks only what came after), and the head of the closed
-- period, below which nothing is booked any more.
CREATE TABLE daily_closes (
  day date PRIMARY KEY,
  statement jsonb NOT NULL,
  users_closing numeric(24, 2) NOT NULL,
  agents_closing numeric(24, 2) NOT NULL,
  house_closing numeric(24, 2) NOT NULL,
  simulated_closing numeric(24, 2) NOT NULL,
  house_day numeric(24, 2) NOT NULL,
  deposits numeric(24, 2) NOT NULL,
  withdrawals numeric(24, 2) NOT NULL,
  balanced boolean NOT NULL,
  -- the last fund record the close had seen, and the operation log's chain head then (the trail anchored daily)
  checkpoint bigint NOT NULL,
  chain_head text,
  closed_at timestamptz NOT NULL DEFAULT now(),
  closed_by text
);

-- owner 'u' a user, 'a' an agent: balances as the records up to the last close's checkpoint sum them
CREATE TABLE close_balances (
  owner char(1) NOT NULL CHECK (owner IN ('u', 'a')),
  id integer NOT NULL,
  equity numeric(24, 2) NOT NULL,
  enable numeric(24, 2) NOT NULL,
  frozen numeric(24, 2) NOT NULL,
  PRIMARY KEY (owner, id)
);

CREATE TABLE close_head (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  closed_through timestamptz NOT NULL,
  checkpoint bigint NOT NULL
);

-- A record dated into a closed day (a backdated position or adjustment, a transaction begun before the close) is
-- booked now, its original time noted; changing or deleting what a closed day booked is refused.
CREATE FUNCTION fund_records_after_close() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  through timestamptz;
BEGIN
  SELECT closed_through INTO through FROM close_head;
  IF through IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.created_at < through THEN
      NEW.note := left(coalesce(NEW.note || ' ', '') || '(原日期 ' ||
        to_char(NEW.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') || ')', 500);
      NEW.created_at := greatest(clock_timestamp(), through);
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.created_at < through AND (TG_OP = 'DELETE' OR
      (NEW.created_at, NEW.amount, NEW.equity_delta, NEW.enable_delta, NEW.frozen_delta, NEW.type, NEW.user_id, NEW.agent_id)
      IS DISTINCT FROM
      (OLD.created_at, OLD.amount, OLD.equity_delta, OLD.enable_delta, OLD.frozen_delta, OLD.type, OLD.user_id, OLD.agent_id)) THEN
    RAISE EXCEPTION 'fund record % belongs to a closed day', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.created_at < through AND OLD.created_at >= through THEN
    RAISE EXCEPTION 'fund record % cannot move into a closed day', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;

CREATE TRIGGER fund_records_after_close BEFORE INSERT OR UPDATE OR DELETE ON fund_records
  FOR EACH ROW EXECUTE FUNCTION fund_records_after_close();
