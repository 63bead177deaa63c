-- Issue 51: the sign-in log searched by username read every row of the year (a match anywhere in the name cannot use
-- an index: 0.35–0.54 s at a million rows, bench/year). The search is now by the name's start, any case — what an
-- operator types is an account's name — through this index on each month.
CREATE INDEX login_log_username_prefix_idx ON login_log (lower(username) text_pattern_ops, created_at);
