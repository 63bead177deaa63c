-- Users, part 4 (bench/user-list): lists are ordered by time, newest first — users by registration time,
-- fund records by creation time (id breaks ties) — so that a time filter and the order use one index.
-- Ordering by id while filtering on a time range makes PostgreSQL walk the id index from the newest row
-- back to the range (registration time and ids grow together), which took seconds at 1,000,000 users.

DROP INDEX users_reg_time_idx;
DROP INDEX users_live_idx;
CREATE INDEX users_reg_time_idx ON users (reg_time, id) WHERE deleted_at IS NULL;

DROP INDEX fund_records_user_rows_idx;
DROP INDEX fund_records_created_idx;
DROP INDEX fund_records_user_idx;
DROP INDEX fund_records_type_idx;
DROP INDEX fund_records_owner_agent_idx;
DROP INDEX fund_records_admin_idx;
-- the default list (end users' records), its time filters and deep pages (index-only)
CREATE INDEX fund_records_user_time_idx ON fund_records (created_at, id) WHERE user_id IS NOT NULL;
-- every record (owner 'all'), by time
CREATE INDEX fund_records_time_idx ON fund_records (created_at, id);
CREATE INDEX fund_records_user_idx ON fund_records (user_id, created_at, id) WHERE user_id IS NOT NULL;
CREATE INDEX fund_records_type_idx ON fund_records (type, created_at, id);
CREATE INDEX fund_records_owner_agent_idx ON fund_records (owner_agent_id, created_at, id) WHERE owner_agent_id IS NOT NULL;
CREATE INDEX fund_records_admin_idx ON fund_records (admin_id, created_at, id) WHERE admin_id IS NOT NULL;
