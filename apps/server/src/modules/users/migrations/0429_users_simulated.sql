-- Dashboard figures count real accounts only (issue 25, bench/analysis). Joining each position or fund record
-- to its user for the account type read the whole users table per request; the simulated accounts — a small
-- minority — are excluded instead with a hashed list read from this small index.
CREATE INDEX users_simulated_idx ON users (id) WHERE account_type = 1;
