-- Issue 51: the workplace's "closed today" read every position, open or closed, to find today's (its
-- `status = 'open' OR closed_at >= today` could use no index): 120 ms at a year's 520,000 positions, ten times that at
-- five million (bench/year). Closed positions by the time they closed; the open ones have their partial index already.
CREATE INDEX positions_closed_at_idx ON positions (closed_at) WHERE status = 'closed';
