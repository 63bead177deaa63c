import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * The ledger's checkpoint at a close (issue 50): every user's and agent's balances as their records up to the last
 * record then sum them, kept in close_balances and moved forward by the records since the previous close — so that
 * verifying from the last close reads the balances and the records after it, not the whole history.
 */

/**
 * Inside the close's transaction: adds the records after the last checkpoint up to `to` (a record id under which every
 * record is committed), returns the new checkpoint.
 */
export async function advanceCheckpoint(tx: Db, to: number): Promise<number> {
  const [r] = rows<{ from: string }>(await tx.execute(sql`SELECT coalesce((SELECT checkpoint FROM close_head), 0)::text AS from`));
  const from = Number(r!.from);
  if (to > from)
    await tx.execute(sql`
      INSERT INTO close_balances (owner, id, equity, enable, frozen)
      SELECT CASE WHEN agent_id IS NOT NULL THEN 'a' ELSE 'u' END, coalesce(agent_id, user_id),
             sum(equity_delta), sum(enable_delta), sum(frozen_delta)
      FROM fund_records WHERE id > ${from} AND id <= ${to} GROUP BY 1, 2
      ON CONFLICT (owner, id) DO UPDATE SET equity = close_balances.equity + excluded.equity,
        enable = close_balances.enable + excluded.enable, frozen = close_balances.frozen + excluded.frozen`);
  return Math.max(from, to);
}

export interface SinceCloseReport {
  ok: boolean;
  /** the checkpoint verified from (null: no close yet, nothing to verify from) */
  checkpoint: number | null;
  /** records after the checkpoint read */
  records: number;
  offenders: { kind: 'user' | 'agent'; id: number; problem: 'balance' | 'chain'; detail: Record<string, string | number | null> }[];
}

/**
 * Verifies the ledger from the last close: each balance now equals its checkpoint plus the records after it, and each
 * of those records carries the balances its predecessors leave (the checkpoint being the first's starting point).
 */
export async function verifySinceClose(db: Db, limit = 100): Promise<SinceCloseReport> {
  const [head] = rows<{ checkpoint: string }>(await db.execute(sql`SELECT checkpoint::text FROM close_head`));
  if (!head) return { ok: true, checkpoint: null, records: 0, offenders: [] };
  const cp = Number(head.checkpoint);
  const [count] = rows<{ n: string }>(await db.execute(sql`SELECT count(*)::text AS n FROM fund_records WHERE id > ${cp}`));
  const offenders: SinceCloseReport['offenders'] = [];
  const users = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT u.id, u.user_amt::text AS user_amt, (coalesce(b.equity, 0) + coalesce(s.eq, 0))::text AS expected_equity,
             u.enable_amt::text AS enable_amt, (coalesce(b.enable, 0) + coalesce(s.en, 0))::text AS expected_enable,
             u.frozen_amt::text AS frozen_amt, (coalesce(b.frozen, 0) + coalesce(s.fr, 0))::text AS expected_frozen
      FROM users u
      LEFT JOIN close_balances b ON b.owner = 'u' AND b.id = u.id
      LEFT JOIN (SELECT user_id, sum(equity_delta) AS eq, sum(enable_delta) AS en, sum(frozen_delta) AS fr
                 FROM fund_records WHERE id > ${cp} AND user_id IS NOT NULL GROUP BY user_id) s ON s.user_id = u.id
      WHERE u.user_amt <> coalesce(b.equity, 0) + coalesce(s.eq, 0) OR u.enable_amt <> coalesce(b.enable, 0) + coalesce(s.en, 0)
         OR u.frozen_amt <> coalesce(b.frozen, 0) + coalesce(s.fr, 0)
      ORDER BY u.id LIMIT ${limit}`),
  );
  for (const d of users) offenders.push({ kind: 'user', id: Number(d.id), problem: 'balance', detail: d });
  const agents = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT a.id, a.balance::text AS balance, (coalesce(b.equity, 0) + coalesce(s.eq, 0))::text AS expected
      FROM agents a
      LEFT JOIN close_balances b ON b.owner = 'a' AND b.id = a.id
      LEFT JOIN (SELECT agent_id, sum(equity_delta) AS eq FROM fund_records WHERE id > ${cp} AND agent_id IS NOT NULL
                 GROUP BY agent_id) s ON s.agent_id = a.id
      WHERE a.balance <> coalesce(b.equity, 0) + coalesce(s.eq, 0)
      ORDER BY a.id LIMIT ${limit}`),
  );
  for (const d of agents) offenders.push({ kind: 'agent', id: Number(d.id), problem: 'balance', detail: d });
  // each record after the checkpoint: its balances-after are the checkpoint plus the running sums up to it
  const chain = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT f.id AS record, coalesce(f.agent_id, f.user_id) AS owner_id, f.agent_id IS NOT NULL AS agent,
             f.user_amt_after::text AS after, (coalesce(b.equity, 0) + f.run_eq)::text AS expected
      FROM (SELECT id, user_id, agent_id, user_amt_after,
                   sum(equity_delta) OVER (PARTITION BY user_id, agent_id ORDER BY id) AS run_eq
            FROM fund_records WHERE id > ${cp}) f
      LEFT JOIN close_balances b ON b.owner = CASE WHEN f.agent_id IS NOT NULL THEN 'a' ELSE 'u' END
                                AND b.id = coalesce(f.agent_id, f.user_id)
      WHERE f.user_amt_after <> coalesce(b.equity, 0) + f.run_eq
      ORDER BY f.id LIMIT ${limit}`),
  );
  for (const d of chain) offenders.push({ kind: d.agent ? 'agent' : 'user', id: Number(d.owner_id), problem: 'chain', detail: d });
  return { ok: offenders.length === 0, checkpoint: cp, records: Number(count!.n), offenders };
}
