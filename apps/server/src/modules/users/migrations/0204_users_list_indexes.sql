-- Users, part 5 (bench/user-list): agent-filtered user lists in their default order (registration time)
-- read one index; pending reviews per agent likewise; the scoped fund totals read fund_stats index-only.

-- userScope() subqueries (other domains): users of an agent, deleted ones included
DROP INDEX users_agent_idx;
CREATE INDEX users_agent_idx ON users (agent_id);
-- the user list filtered by agent or scoped to agent staff
CREATE INDEX users_agent_live_idx ON users (agent_id, reg_time, id) WHERE deleted_at IS NULL;
-- pending real-name reviews (badge 21 / idVerify counts, and the list filtered on them)
DROP INDEX users_pending_real_idx;
CREATE INDEX users_pending_real_idx ON users (agent_id, reg_time, id) WHERE real_state = 1 AND deleted_at IS NULL;

DROP INDEX fund_stats_agent_idx;
CREATE INDEX fund_stats_agent_idx ON fund_stats (agent_id, owner, day) INCLUDE (type, account_type, n, amount_in, amount_out);

-- the partial first and last days of a fund total read the records index-only
DROP INDEX fund_records_user_time_idx;
CREATE INDEX fund_records_user_time_idx ON fund_records (created_at, id) INCLUDE (type, amount, owner_agent_id) WHERE user_id IS NOT NULL;
