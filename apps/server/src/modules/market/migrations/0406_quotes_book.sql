-- The quote service (issue 20): best bid and ask, and the trading day a quote belongs to (the day roll
-- turns the last close into the next day's previous close).
ALTER TABLE quotes ADD COLUMN bid numeric(20,4);
ALTER TABLE quotes ADD COLUMN ask numeric(20,4);
ALTER TABLE quotes ADD COLUMN trading_day date;

-- Every quote is rewritten each tick (thousands of rows a few seconds apart): with no index on a column
-- that changes, and room left in each page, PostgreSQL updates the rows in place (HOT) instead of
-- writing new index entries. Lists sort the few thousand quotes by change % without an index.
DROP INDEX IF EXISTS quotes_change_pct_idx;
ALTER TABLE quotes SET (fillfactor = 50);
