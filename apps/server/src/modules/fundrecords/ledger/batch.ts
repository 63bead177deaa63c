import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { agents, users } from '../../_kit/parties.js';
import type { Db } from '../../../db/client.js';
import { fail } from '../../../http/errors.js';
import { effectOf, money, type LedgerEntry } from './effects.js';
import { LOCKED_USER_COLUMNS } from './locked.js';
import { countPostings, inTransaction } from './tx.js';

/**
 * Posting for many owners at once: the same validation, row locks, refusals and records as post() and postAgent()
 * called item by item, in four statements whatever the number — for work that moves money for many users in one
 * transaction (a batch allotment's refunds, a force-close sweep's settlements and its agents' commissions).
 */

const ids = (xs: number[]) => `{${[...new Set(xs)].sort((a, b) => a - b).join(',')}}`;

/** INSERT of fund records given as rows of its columns (plus `n`, their order: ids follow it, and the chain check reads them so). */
export const recordsInsert = (records: Record<string, unknown>[], along?: Along) => sql`
  INSERT INTO fund_records (user_id, agent_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                            user_amt_after, enable_amt_after, frozen_amt_after, reference, admin_id, note)
  SELECT r.user_id, r.agent_id, r.owner_agent_id, r.type, r.amount, r.equity_delta, r.enable_delta, r.frozen_delta,
         r.user_amt_after, r.enable_amt_after, r.frozen_amt_after, ${along ? sql`coalesce(r.reference, ${along.reference})` : sql`r.reference`},
         r.admin_id, r.note
  FROM ${along ? sql`${along.cte}, ` : sql``}jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(
    n int, user_id int, agent_id int, owner_agent_id int, type text, amount numeric, equity_delta numeric, enable_delta numeric,
    frozen_delta numeric, user_amt_after numeric, enable_amt_after numeric, frozen_amt_after numeric, reference text, admin_id int, note text)
  ORDER BY r.n`;

/**
 * A posting written by the caller's statement, along a CTE of it (`cte`, a name): written only when that CTE has a
 * row, each record's reference taken from `reference` (an expression over its row) when the entry gives none.
 */
export interface Along {
  cte: SQL;
  reference: SQL;
}

/** The fund records, in slices: one parameter of a few megabytes at most. */
async function insertRecords(tx: Db, records: Record<string, unknown>[]): Promise<void> {
  for (let k = 0; k < records.length; k += 20_000) await tx.execute(recordsInsert(records.slice(k, k + 20_000)));
}

/**
 * post() for many users, one entry per item (a user may appear more than once; their items apply in the order
 * given); row locks are taken in id order, so two batches cannot deadlock. Writes no record and returns 0 when
 * given nothing; returns the number of records written.
 */
export async function postBatch(tx: Db, items: { userId: number; entry: LedgerEntry }[]): Promise<number> {
  const effects = items.map((i) => ({ userId: i.userId, e: effectOf(i.entry, 'user') }));
  if (!effects.length) return 0;
  return inTransaction(tx, async (tx) => {
    const locked = await tx
      .select(LOCKED_USER_COLUMNS)
      .from(users)
      .where(sql`${users.id} = ANY(${ids(effects.map((x) => x.userId))}::int[])`)
      .orderBy(users.id)
      .for('update');
    const now = new Map(
      locked.map((u) => [u.id, { u, equity: new Decimal(u.userAmt), enable: new Decimal(u.enableAmt), frozen: new Decimal(u.frozenAmt) }]),
    );
    const records: Record<string, unknown>[] = [];
    for (const { userId, e } of effects) {
      const b = now.get(userId);
      if (!b || b.u.deletedAt) throw fail('user_not_found');
      if (b.u.accountType === 0 && (e.type === 'virtual_credit' || e.type === 'virtual_debit')) throw fail('ledger_virtual_on_real');
      b.equity = b.equity.plus(e.equity);
      b.enable = b.enable.plus(e.enable);
      b.frozen = b.frozen.plus(e.frozen);
      if (b.equity.isNeg() || b.enable.isNeg() || b.frozen.isNeg())
        throw fail('ledger_insufficient', undefined, { enableAmt: b.u.enableAmt, frozenAmt: b.u.frozenAmt, userAmt: b.u.userAmt });
      records.push({
        n: records.length,
        user_id: userId,
        agent_id: null,
        owner_agent_id: b.u.agentId,
        type: e.type,
        amount: money(e.amount),
        equity_delta: money(e.equity),
        enable_delta: money(e.enable),
        frozen_delta: money(e.frozen),
        user_amt_after: money(b.equity),
        enable_amt_after: money(b.enable),
        frozen_amt_after: money(b.frozen),
        reference: e.reference,
        admin_id: e.adminId,
        note: e.note,
      });
    }
    const finals = [...now.values()].map((b) => ({
      id: b.u.id,
      user_amt: money(b.equity),
      enable_amt: money(b.enable),
      frozen_amt: money(b.frozen),
    }));
    await tx.execute(sql`
      UPDATE users u SET user_amt = f.user_amt, enable_amt = f.enable_amt, frozen_amt = f.frozen_amt, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) AS f(id int, user_amt numeric, enable_amt numeric, frozen_amt numeric)
      WHERE u.id = f.id`);
    await insertRecords(tx, records);
    countPostings('user', records.length);
    return records.length;
  });
}

/** postAgent() for many agents, one entry per item, with the same rules as postBatch(). */
export async function postAgentBatch(tx: Db, items: { agentId: number; entry: LedgerEntry }[]): Promise<number> {
  const effects = items.map((i) => ({ agentId: i.agentId, e: effectOf(i.entry, 'agent') }));
  if (!effects.length) return 0;
  return inTransaction(tx, async (tx) => {
    const locked = await tx
      .select({ id: agents.id, balance: agents.balance, deletedAt: agents.deletedAt })
      .from(agents)
      .where(sql`${agents.id} = ANY(${ids(effects.map((x) => x.agentId))}::int[])`)
      .orderBy(agents.id)
      .for('update');
    const now = new Map(locked.map((a) => [a.id, { a, balance: new Decimal(a.balance) }]));
    const records: Record<string, unknown>[] = [];
    for (const { agentId, e } of effects) {
      const b = now.get(agentId);
      if (!b || b.a.deletedAt) throw fail('agent_not_found');
      b.balance = b.balance.plus(e.enable);
      if (b.balance.isNeg()) throw fail('ledger_insufficient', undefined, { balance: b.a.balance });
      records.push({
        n: records.length,
        user_id: null,
        agent_id: agentId,
        owner_agent_id: agentId,
        type: e.type,
        amount: money(e.amount),
        equity_delta: money(e.enable),
        enable_delta: money(e.enable),
        frozen_delta: '0.00',
        user_amt_after: money(b.balance),
        enable_amt_after: money(b.balance),
        frozen_amt_after: '0.00',
        reference: e.reference,
        admin_id: e.adminId,
        note: e.note,
      });
    }
    const finals = [...now.values()].map((b) => ({ id: b.a.id, balance: money(b.balance) }));
    await tx.execute(sql`
      UPDATE agents a SET balance = f.balance, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) AS f(id int, balance numeric)
      WHERE a.id = f.id`);
    await insertRecords(tx, records);
    countPostings('agent', records.length);
    return records.length;
  });
}
