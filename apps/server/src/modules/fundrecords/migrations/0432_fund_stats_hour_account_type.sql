-- The analysis by hour (issue 25) counts real accounts only, which fund_stats_hour could not tell apart: it read
-- every fund record of the range instead (90,000 for a week of the benchmark). The hourly summary now carries the
-- account type as fund_stats does (the user's; 0 for agent records). A user's account type never changes (the
-- users trigger refuses it since 0426), so a record's row never moves between types; readers that do not ask
-- for a type sum over both. (The column's default serves only the earlier rebuild body, kept below, whose hours the
-- new rebuild_user_stats() writes again at once.)
ALTER TABLE fund_stats_hour ADD COLUMN account_type smallint NOT NULL DEFAULT 0;
ALTER TABLE fund_stats_hour DROP CONSTRAINT fund_stats_hour_pkey;
DELETE FROM fund_stats_hour;
INSERT INTO fund_stats_hour (hour, type, owner, account_type, n, amount_in, amount_out)
SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, count(*),
       coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
GROUP BY 1, 2, 3, 4;
ALTER TABLE fund_stats_hour ADD PRIMARY KEY (hour, type, owner, account_type);
ANALYZE fund_stats_hour;

-- As in 0208, with the account type of each record's user.
CREATE OR REPLACE FUNCTION fund_stats_hour_apply() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, count(*),
           coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM new_rows f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, -count(*),
           -coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), -coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
    FROM old_rows f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  ELSE
    INSERT INTO fund_stats_hour AS s (hour, type, owner, account_type, n, amount_in, amount_out)
    SELECT hour, type, owner, account_type, sum(n), sum(ai), sum(ao) FROM (
      SELECT fund_hour(f.created_at) AS hour, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
             coalesce(u.account_type, 0)::smallint AS account_type, -1 AS n,
             -CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END AS ai, -CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END AS ao
      FROM old_rows f LEFT JOIN users u ON u.id = f.user_id
      UNION ALL
      SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, 1,
             CASE WHEN f.amount > 0 THEN f.amount ELSE 0 END, CASE WHEN f.amount < 0 THEN f.amount ELSE 0 END
      FROM new_rows f LEFT JOIN users u ON u.id = f.user_id
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(ai) <> 0 OR sum(ao) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, type, owner, account_type) DO UPDATE
      SET n = s.n + excluded.n, amount_in = s.amount_in + excluded.amount_in, amount_out = s.amount_out + excluded.amount_out;
  END IF;
  RETURN NULL;
END $$;

-- rebuild_user_stats() (after a bulk load with the triggers disabled): everything as before, then the hours again
-- with their account types (the earlier body is kept under another name rather than restated)
ALTER FUNCTION rebuild_user_stats() RENAME TO rebuild_user_stats_0210;
CREATE FUNCTION rebuild_user_stats() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM rebuild_user_stats_0210();
  DELETE FROM fund_stats_hour;
  INSERT INTO fund_stats_hour (hour, type, owner, account_type, n, amount_in, amount_out)
  SELECT fund_hour(f.created_at), f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END, coalesce(u.account_type, 0)::smallint, count(*),
         coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0), coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0)
  FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
  GROUP BY 1, 2, 3, 4;
END $$;
