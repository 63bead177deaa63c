-- Issue 51: the sign-in log searched by username read every row of the year (a match anywhere in the name cannot use
-- an index: 0.35–0.54 s at a million rows, bench/year). The search is now by the name's start, any case — what an
-- operator types is an account's name — through this index on each month. The name itself is carried in the index
-- so that the page's total is counted from the index alone: PostgreSQL serves an expression from an index-only scan
-- only when the column under it is there too, and one account's sign-ins lie scattered across each month's heap.
CREATE INDEX login_log_username_prefix_idx ON login_log (lower(username) text_pattern_ops, created_at) INCLUDE (username);
