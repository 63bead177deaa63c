-- Users, part 6: the summary-table trigger functions resolve their tables in the schema they were created
-- in, whatever the search_path of the session that writes users or fund_records (a maintenance session
-- using schema-qualified names, for example).
ALTER FUNCTION user_counts_ins() SET search_path FROM CURRENT;
ALTER FUNCTION user_counts_del() SET search_path FROM CURRENT;
ALTER FUNCTION user_counts_upd() SET search_path FROM CURRENT;
ALTER FUNCTION fund_stats_ins() SET search_path FROM CURRENT;
ALTER FUNCTION fund_stats_del() SET search_path FROM CURRENT;
ALTER FUNCTION fund_stats_upd() SET search_path FROM CURRENT;
ALTER FUNCTION rebuild_user_stats() SET search_path FROM CURRENT;
