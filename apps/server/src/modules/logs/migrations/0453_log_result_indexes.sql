-- The operation log and the sign-in log filtered by an outcome other than success over a month (issue 51, bench/year
-- scale 1: 367 and 261 ms against 100): the capped count read the month's every row (≈ 830,000 in a partition) to keep
-- the few that failed. Failures are a few in a hundred: a partial index holds only them, by outcome and time, on
-- every month partition (and on the months made later, which take the parent's indexes).
CREATE INDEX operation_log_failed_idx ON operation_log (result, created_at) WHERE result <> 'ok';
CREATE INDEX login_log_failed_idx ON login_log (result, created_at) WHERE result <> 'ok';
