-- The quote service (issue 20): best bid and ask, and the trading day a quote belongs to (the day roll
-- turns the last close into the next day's previous close).
ALTER TABLE quotes ADD COLUMN bid numeric(20,4);
ALTER TABLE quotes ADD COLUMN ask numeric(20,4);
ALTER TABLE quotes ADD COLUMN trading_day date;
