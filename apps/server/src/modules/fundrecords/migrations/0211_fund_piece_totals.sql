-- Funds, summaries part 5 (bench/user-list C3): the count and sums of the records of a partial hour, as a
-- function. The fund-record list's totals read whole days and hours from the summaries and only the partial
-- hours at either end of the time range from fund_records (cash/service.ts: fundTotalsSql). Written inline,
-- such a piece made the list statement's generic plan look three times dearer than its custom ones (a
-- time range given as parameters is costed as 0.5 % of the table, thousands of rows, where a partial hour
-- holds a few), so PostgreSQL planned the named statement afresh on every call, and planning took longer
-- than running it. Behind a function the piece costs the same in either plan: the statement keeps one
-- generic plan, and the function's own one-table query is planned with its values (PL/pgSQL's plan cache).
-- [p_from, p_to) (NULL: unbounded); p_owner: 'u' user records, 'a' agent records, NULL both; p_types: NULL
-- for every type.
CREATE FUNCTION fund_piece_totals(p_from timestamptz, p_to timestamptz, p_owner char, p_types text[],
  OUT n bigint, OUT amount_in numeric, OUT amount_out numeric)
LANGUAGE plpgsql STABLE SET search_path FROM CURRENT AS $$
BEGIN
  SELECT count(*), coalesce(sum(r.amount) FILTER (WHERE r.amount > 0), 0), coalesce(sum(r.amount) FILTER (WHERE r.amount < 0), 0)
  INTO n, amount_in, amount_out
  FROM fund_records r
  WHERE (p_from IS NULL OR r.created_at >= p_from) AND (p_to IS NULL OR r.created_at < p_to)
    AND (p_owner IS NULL OR (p_owner = 'u' AND r.user_id IS NOT NULL) OR (p_owner = 'a' AND r.agent_id IS NOT NULL))
    AND (p_types IS NULL OR r.type = ANY (p_types));
END
$$;
