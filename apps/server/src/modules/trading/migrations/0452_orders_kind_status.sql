-- The order list filtered by kind and status over a period (issue 51, bench/year scale 1: a month's approved buys,
-- 288 ms against 100): the count, capped at COUNT_CAP, read each order of the period through the time index and
-- dropped the other kinds and states. With kind and status first, the count and the page read only the orders asked
-- for, from the index alone.
CREATE INDEX orders_kind_status_created_idx ON orders (kind, status, created_at DESC);
