import { count, eq } from 'drizzle-orm';
import { blockProducts } from '../../db/schema/index.js';
import { registerStockDeleteGuard } from '../products/stocks.js';

// A stock cannot be deleted while a block-trade product offers it (the products domain asks, naming the count).
registerStockDeleteGuard('reason.block_products', async (tx, stockId) => {
  const [r] = await tx.select({ n: count() }).from(blockProducts).where(eq(blockProducts.stockId, stockId));
  return Number(r?.n ?? 0);
});
