import { count, eq } from 'drizzle-orm';
import { blockProducts } from './tables.js';
import type { Domain } from '../_kit/domain.js';

/** A stock cannot be deleted while a block-trade product offers it (the products domain asks, naming the count). */
export const blocktradeStockDeleteGuards: Domain['stockDeleteGuards'] = [
  {
    reason: 'reason.block_products',
    count: async (tx, stockId) => {
      const [r] = await tx.select({ n: count() }).from(blockProducts).where(eq(blockProducts.stockId, stockId));
      return Number(r?.n ?? 0);
    },
  },
];
