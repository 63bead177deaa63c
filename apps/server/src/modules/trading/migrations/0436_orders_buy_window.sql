-- Anti-churn counts a user's buys of one stock within the window before every buy (trading/buy.ts: churnWindow).
-- orders_user_idx (user_id, created_at) reached every order of the user in the window, whatever the stock, and
-- each was read from the heap to test its stock: an active trader's buys slowed with their own history
-- (bench/positions B1: ≈ 1,000 rows per buy). This index reaches only the buys of that stock.
CREATE INDEX orders_buy_window_idx ON orders (user_id, gid, created_at) WHERE kind = 'buy';
