-- Issue 51: a close no longer holds postings up (it reads its statement in a snapshot instead of locking fund_records
-- for its whole run). A record dated into a past day — a transaction begun before midnight, a backdated adjustment —
-- could then land in the day being closed after the close's snapshot and before its commit: in neither the stored
-- statement nor booked now. Such a record (and a change to one) now waits for a close in progress, which holds
-- daily_closes in SHARE ROW EXCLUSIVE mode: it is then either in the close's snapshot or booked after the close.
-- A record dated today, every ordinary posting, takes no lock.
CREATE OR REPLACE FUNCTION fund_records_after_close() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  through timestamptz;
  today timestamptz := date_trunc('day', clock_timestamp() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai';
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.created_at < today) OR (TG_OP <> 'INSERT' AND OLD.created_at < today) THEN
    LOCK TABLE daily_closes IN ROW EXCLUSIVE MODE;
  END IF;
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
