-- Before issue 36 the force-close sweep and take-profit/stop-loss closed positions without cancelling their
-- pending sells, which then waited in the sell queue for a position that was gone (approving one refused with
-- "already closed"). Every close now cancels them in its transaction (trading/book.ts closePositions); the ones
-- left from before are cancelled here, with their history row.
WITH c AS (
  UPDATE orders o SET status = 'cancelled', reason = 'closed before review', updated_at = now()
  FROM positions p
  WHERE o.kind = 'sell' AND o.status = 'pending' AND p.id = o.position_id AND p.status = 'closed'
  RETURNING o.id)
INSERT INTO order_events (order_id, status, admin_id, note) SELECT id, 'cancelled', NULL, 'closed before review' FROM c;
