import { z } from 'zod';

/**
 * What every queue's batch call answers (orders, block trades, withdrawals, conversions): each id on its own, in its
 * own transaction, with its outcome and its message in the caller's language; `status` is the row's state afterwards
 * where the queue reports one (the withdrawal's 0–3).
 */
export const batchResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  msg: z.string(),
  status: z.union([z.string(), z.number()]).nullable().optional(),
});
export const batchResults = z.object({ ok: z.number().int(), failed: z.number().int(), results: z.array(batchResult) });
export type BatchResult = z.infer<typeof batchResult>;
export type BatchResults = z.infer<typeof batchResults>;
