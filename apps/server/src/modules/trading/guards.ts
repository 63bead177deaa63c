import { and, count, eq } from 'drizzle-orm';
import { orders, positions } from './tables.js';
import type { Domain } from '../_kit/domain.js';

/** A stock cannot be deleted while positions or orders still hold it (the products domain asks, naming the count). */
export const tradingStockDeleteGuards: Domain['stockDeleteGuards'] = [
  {
    reason: 'reason.open_positions',
    count: async (tx, stockId) => {
      const [r] = await tx
        .select({ n: count() })
        .from(positions)
        .where(and(eq(positions.stockId, stockId), eq(positions.status, 'open')));
      return Number(r?.n ?? 0);
    },
  },
  {
    reason: 'reason.pending_orders',
    count: async (tx, stockId) => {
      const [r] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.stockId, stockId), eq(orders.status, 'pending')));
      return Number(r?.n ?? 0);
    },
  },
];
