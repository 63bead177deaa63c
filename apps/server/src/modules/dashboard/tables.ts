import { sql } from 'drizzle-orm';
import { bigint, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** The columns both tier summaries share (migration 0454). */
const tierFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  tierId: integer('tier_id').notNull(),
  accountType: smallint('account_type').notNull(),
  kind: text('kind').notNull(),
  stripe: smallint('stripe')
    .notNull()
    .default(sql`(txid_current() % 8)`),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountIn: numeric('amount_in', { precision: 24, scale: 2 }).notNull(),
  amountOut: numeric('amount_out', { precision: 24, scale: 2 }).notNull(),
});

/**
 * The analysis page's figures by tier, platform-wide (migration 0454; kept by triggers): per Asia/Shanghai day, the
 * user's current tier (0 = none) and account type, the sums of the fund records of a `kind` (recharge, withdraw, fee,
 * deferral_fee) or of the positions opened ('volume': buy amounts in `amountIn`). One of up to eight rows of a key,
 * written by different transactions: readers sum.
 */
export const tierStats = pgTable('tier_stats', tierFigures(), (t) => [
  primaryKey({ columns: [t.day, t.tierId, t.accountType, t.kind, t.stripe] }),
]);

/** The same per the user's current agent (0 = none): agent staff's breakdown reads their subtree's rows. */
export const tierAgentStats = pgTable('tier_agent_stats', { agentId: integer('agent_id').notNull(), ...tierFigures() }, (t) => [
  primaryKey({ columns: [t.agentId, t.day, t.tierId, t.accountType, t.kind, t.stripe] }),
]);
