-- Block-trade requests reserve their shares when asked (issue 36): a product's quantity that can still be asked
-- for is left_shares − reserved_shares, checked and taken in one conditional UPDATE under the product's row lock,
-- so that concurrent requests never ask for more than is left (before, only approval was capped, and a user heard
-- "not enough" as a rejection after their money had been held). A request gives its reservation back when it is
-- decided or cancelled; approval takes the approved shares off left_shares at the same time.
ALTER TABLE block_products ADD COLUMN reserved_shares integer NOT NULL DEFAULT 0 CHECK (reserved_shares >= 0);
UPDATE block_products p
SET reserved_shares = r.shares
FROM (SELECT product_id, sum(shares)::int AS shares FROM block_requests WHERE status = 'pending' GROUP BY product_id) r
WHERE r.product_id = p.id;
