import { and, count, eq } from 'drizzle-orm';
import { orders, positions } from '../../db/schema/index.js';
import { registerStockDeleteGuard } from '../products/stocks.js';

// A stock cannot be deleted while positions or orders still hold it (the products domain asks, naming the count).
registerStockDeleteGuard('reason.open_positions', async (tx, stockId) => {
  const [r] = await tx
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.stockId, stockId), eq(positions.status, 'open')));
  return Number(r?.n ?? 0);
});
registerStockDeleteGuard('reason.pending_orders', async (tx, stockId) => {
  const [r] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.stockId, stockId), eq(orders.status, 'pending')));
  return Number(r?.n ?? 0);
});
