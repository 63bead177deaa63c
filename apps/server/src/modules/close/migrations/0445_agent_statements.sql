-- Agent statements (issue 50): an agent's records by time, with what the sums and the balance check read.
CREATE INDEX IF NOT EXISTS fund_records_agent_time_idx ON fund_records (agent_id, created_at, id)
  INCLUDE (type, equity_delta, user_amt_after) WHERE agent_id IS NOT NULL;
