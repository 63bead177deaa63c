-- The analysis page counts real names approved per day (issue 25, bench/analysis): without an index on the time
-- of approval that is a scan of every user per request.
CREATE INDEX users_real_reviewed_idx ON users (real_reviewed_at) WHERE real_state = 2 AND deleted_at IS NULL;
