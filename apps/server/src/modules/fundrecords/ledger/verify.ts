import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';

export interface LedgerOffender {
  /** 'stats': a row of the summary tables (user_counts, user_reg_days, fund_stats…) that disagrees with the base tables. */
  kind: 'user' | 'agent' | 'stats' | 'order' | 'block' | 'subscription';
  id: number;
  /**
   * 'balance': a balance differs from the sum of the records; 'equity': what the position records parked in
   * equity differs from the open positions' margins; 'chain': a record's balances-after do
   * not follow from the ones before; 'user_counts' / 'fund_stats': a summary row is wrong.
   */
  problem:
    | 'balance'
    | 'equity'
    | 'chain'
    | 'user_counts'
    | 'user_reg_days'
    | 'fund_stats'
    | 'fund_stats_all'
    | 'fund_stats_day'
    | 'fund_stats_hour'
    | 'owner_agent'
    | 'user_balances'
    | 'held'
    | 'block_left'
    | 'subscription_frozen'
    | 'position_agent'
    | 'position_stats'
    | 'tier_stats'
    | 'tier_agent_stats';
  detail: Record<string, string | number | null>;
}

export interface LedgerReport {
  ok: boolean;
  users: number;
  agents: number;
  records: number;
  offenders: LedgerOffender[];
}

/**
 * Proves the ledger invariant: for every user each balance (equity, free cash, held) equals the sum
 * of that balance's deltas over the user's fund records, for every agent the balance equals the sum
 * of its records, and (with `chain`) every record's balances-after equal the running sums up to it.
 * At most `limit` offenders of each kind are listed.
 */
export async function verifyLedger(db: Db, opts: { chain?: boolean; stats?: boolean; limit?: number } = {}): Promise<LedgerReport> {
  const limit = opts.limit ?? 100;
  const counts = rows<{ users: number; agents: number; records: number }>(
    await db.execute(sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM agents)::int AS agents,
                                (SELECT count(*) FROM fund_records)::bigint AS records`),
  )[0]!;
  const offenders: LedgerOffender[] = [];

  const userBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT u.id, u.user_amt::text AS user_amt, u.enable_amt::text AS enable_amt, u.frozen_amt::text AS frozen_amt,
             coalesce(s.eq, 0)::text AS sum_equity, coalesce(s.en, 0)::text AS sum_enable, coalesce(s.fr, 0)::text AS sum_frozen,
             coalesce(s.n, 0)::int AS records
      FROM users u
      LEFT JOIN (SELECT user_id, sum(equity_delta) AS eq, sum(enable_delta) AS en, sum(frozen_delta) AS fr, count(*) AS n
                 FROM fund_records WHERE user_id IS NOT NULL GROUP BY user_id) s ON s.user_id = u.id
      WHERE u.user_amt <> coalesce(s.eq, 0) OR u.enable_amt <> coalesce(s.en, 0) OR u.frozen_amt <> coalesce(s.fr, 0)
      ORDER BY u.id LIMIT ${limit}`),
  );
  for (const r of userBad) offenders.push({ kind: 'user', id: Number(r.id), problem: 'balance', detail: r });

  // Trading (docs/architecture.md "Trading money"): what the position records (buy margin, margin top-up, sell
  // settlement) moved out of free and held cash into equity-only value is exactly the margin of the open positions.
  const equityBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT coalesce(f.user_id, p.user_id) AS id, coalesce(f.parked, 0)::text AS parked, coalesce(p.margin, 0)::text AS open_margin
      FROM (SELECT user_id, sum(equity_delta - enable_delta - frozen_delta) AS parked FROM fund_records
            WHERE user_id IS NOT NULL AND type IN ('buy_margin', 'margin_add', 'sell_settlement', 'dividend') GROUP BY user_id) f
      FULL JOIN (SELECT user_id, sum(margin) AS margin FROM positions WHERE status = 'open' GROUP BY user_id) p ON p.user_id = f.user_id
      WHERE coalesce(f.parked, 0) <> coalesce(p.margin, 0)
      ORDER BY 1 LIMIT ${limit}`),
  );
  for (const r of equityBad) offenders.push({ kind: 'user', id: Number(r.id), problem: 'equity', detail: r });

  // Holds (trading buys, block-trade requests): what a document's hold and release records keep frozen is its
  // hold while it is pending and nothing once it left the queue.
  const heldBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT h.reference, h.held::text AS held, coalesce(o.status, b.status) AS status, coalesce(o.hold, b.hold)::text AS hold,
             coalesce(o.id, b.id) AS id
      FROM (SELECT reference, sum(frozen_delta) AS held FROM fund_records WHERE type IN ('order_hold', 'order_release') GROUP BY reference) h
      LEFT JOIN orders o ON o.order_no = h.reference
      LEFT JOIN block_requests b ON b.request_no = h.reference
      WHERE h.held <> CASE WHEN coalesce(o.status, b.status) = 'pending' THEN coalesce(o.hold, b.hold) ELSE 0 END
      ORDER BY 1 LIMIT ${limit}`),
  );
  for (const r of heldBad) offenders.push({ kind: 'order', id: Number(r.id ?? 0), problem: 'held', detail: r });

  // Block trades: a product's quantity left is its total less what approvals took.
  const blockBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT p.id, p.total_shares, p.left_shares, coalesce(s.sold, 0)::int AS sold
      FROM block_products p
      LEFT JOIN (SELECT product_id, sum(approved_shares) AS sold FROM block_requests WHERE status = 'approved' GROUP BY product_id) s
        ON s.product_id = p.id
      WHERE p.left_shares <> p.total_shares - coalesce(s.sold, 0)
      ORDER BY p.id LIMIT ${limit}`),
  );
  for (const r of blockBad) offenders.push({ kind: 'block', id: Number(r.id), problem: 'block_left', detail: r });

  // A position carries its user's agent (kept by triggers; agent staff's position lists rely on it).
  const posAgentBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT p.id, p.user_id, p.agent_id AS position_agent, u.agent_id AS user_agent
      FROM positions p JOIN users u ON u.id = p.user_id
      WHERE p.agent_id IS DISTINCT FROM u.agent_id ORDER BY p.id LIMIT ${limit}`),
  );
  for (const r of posAgentBad) offenders.push({ kind: 'user', id: Number(r.user_id), problem: 'position_agent', detail: r });

  // New shares: what a subscription's freeze and release records keep frozen is its frozen amount (the
  // placement's application, or the paid allotment until conversion); a deleted record keeps nothing.
  // Subscription order numbers start N (shares) or Z (bonds); the users' demo ledger has older
  // subscription-typed records of its own (references S…) that belong to no subscription.
  const subBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT coalesce(s.id, 0) AS id, f.reference, f.held::text AS held, s.status, coalesce(s.frozen_amount, 0)::text AS frozen_amount
      FROM (SELECT reference, sum(frozen_delta) AS held FROM fund_records
            WHERE type IN ('subscription_freeze', 'subscription_release') AND (reference LIKE 'N%' OR reference LIKE 'Z%')
            GROUP BY reference) f
      FULL JOIN newshare_subscriptions s ON s.order_no = f.reference
      WHERE coalesce(f.held, 0) <> coalesce(s.frozen_amount, 0)
      ORDER BY 1 LIMIT ${limit}`),
  );
  for (const r of subBad) offenders.push({ kind: 'subscription', id: Number(r.id), problem: 'subscription_frozen', detail: r });

  const agentBad = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT a.id, a.balance::text AS balance, coalesce(s.en, 0)::text AS sum_balance, coalesce(s.n, 0)::int AS records
      FROM agents a
      LEFT JOIN (SELECT agent_id, sum(enable_delta) AS en, count(*) AS n FROM fund_records WHERE agent_id IS NOT NULL GROUP BY agent_id) s
        ON s.agent_id = a.id
      WHERE a.balance <> coalesce(s.en, 0)
      ORDER BY a.id LIMIT ${limit}`),
  );
  for (const r of agentBad) offenders.push({ kind: 'agent', id: Number(r.id), problem: 'balance', detail: r });

  if (opts.chain ?? true) {
    const chainBad = rows<Record<string, string | number | null>>(
      await db.execute(sql`
        SELECT owner_kind, owner_id, id AS record_id, user_amt_after::text AS user_amt_after, run_equity::text AS running_equity,
               enable_amt_after::text AS enable_amt_after, run_enable::text AS running_enable,
               frozen_amt_after::text AS frozen_amt_after, run_frozen::text AS running_frozen
        FROM (
          SELECT CASE WHEN user_id IS NOT NULL THEN 'user' ELSE 'agent' END AS owner_kind, coalesce(user_id, agent_id) AS owner_id, id,
                 user_amt_after, enable_amt_after, frozen_amt_after,
                 sum(equity_delta) OVER w AS run_equity, sum(enable_delta) OVER w AS run_enable, sum(frozen_delta) OVER w AS run_frozen
          FROM fund_records
          WINDOW w AS (PARTITION BY user_id, agent_id ORDER BY id)
        ) x
        WHERE run_equity <> user_amt_after OR run_enable <> enable_amt_after OR run_frozen <> frozen_amt_after
        ORDER BY id LIMIT ${limit}`),
    );
    for (const r of chainBad)
      offenders.push({ kind: r.owner_kind as 'user' | 'agent', id: Number(r.owner_id), problem: 'chain', detail: r });
  }

  if (opts.stats ?? true) offenders.push(...(await verifySummaryTables(db, limit)));

  return { ok: offenders.length === 0, users: counts.users, agents: counts.agents, records: Number(counts.records), offenders };
}

/**
 * The summary tables behind the list totals (user_counts, user_reg_days, fund_stats, fund_stats_all, fund_stats_day, fund_stats_hour),
 * the balance orders (user_balances) and the analysis page's trading volume (position_stats) and figures by tier (tier_stats, tier_agent_stats) against the base tables they summarise. Returns the rows that differ (at most `limit` of each table).
 */
export async function verifySummaryTables(db: Db, limit = 100): Promise<LedgerOffender[]> {
  const out: LedgerOffender[] = [];
  const uc = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT coalesce(agent_id, 0) AS agent_id, account_type, real_state, login_locked, trade_locked, coalesce(layering_id, 0) AS layering_id, count(*) AS n
        FROM users WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6)
      SELECT coalesce(a.agent_id, c.agent_id) AS agent_id, coalesce(a.account_type, c.account_type) AS account_type,
             coalesce(a.real_state, c.real_state) AS real_state, coalesce(a.login_locked, c.login_locked)::text AS login_locked,
             coalesce(a.trade_locked, c.trade_locked)::text AS trade_locked, coalesce(a.layering_id, c.layering_id) AS layering_id,
             coalesce(a.n, 0)::int AS actual, coalesce(c.n, 0)::int AS summary
      FROM actual a FULL JOIN user_counts c USING (agent_id, account_type, real_state, login_locked, trade_locked, layering_id)
      WHERE coalesce(a.n, 0) <> coalesce(c.n, 0)
      LIMIT ${limit}`),
  );
  for (const r of uc) out.push({ kind: 'stats', id: Number(r.agent_id), problem: 'user_counts', detail: r });
  const rd = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT (reg_time AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*) AS n FROM users WHERE deleted_at IS NULL GROUP BY 1)
      SELECT coalesce(a.day, r.day)::text AS day, coalesce(a.n, 0)::int AS actual, coalesce(r.n, 0)::int AS summary
      FROM actual a FULL JOIN user_reg_days r USING (day)
      WHERE coalesce(a.n, 0) <> coalesce(r.n, 0)
      LIMIT ${limit}`),
  );
  for (const r of rd) out.push({ kind: 'stats', id: 0, problem: 'user_reg_days', detail: r });
  const fs = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
               coalesce(f.owner_agent_id, 0) AS agent_id, coalesce(u.account_type, 0)::smallint AS account_type, count(*) AS n,
               coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0) AS amount_in, coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0) AS amount_out
        FROM fund_records f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4, 5)
      SELECT coalesce(a.day, s.day)::text AS day, coalesce(a.type, s.type) AS type, coalesce(a.owner, s.owner) AS owner,
             coalesce(a.agent_id, s.agent_id) AS agent_id, coalesce(a.account_type, s.account_type) AS account_type,
             coalesce(a.n, 0)::int AS actual_n, coalesce(s.n, 0)::int AS summary_n,
             coalesce(a.amount_in, 0)::text AS actual_in, coalesce(s.amount_in, 0)::text AS summary_in,
             coalesce(a.amount_out, 0)::text AS actual_out, coalesce(s.amount_out, 0)::text AS summary_out
      FROM actual a FULL JOIN fund_stats s ON s.day = a.day AND s.type = a.type AND s.owner = a.owner AND s.agent_id = a.agent_id AND s.account_type = a.account_type
      WHERE coalesce(a.n, 0) <> coalesce(s.n, 0) OR coalesce(a.amount_in, 0) <> coalesce(s.amount_in, 0) OR coalesce(a.amount_out, 0) <> coalesce(s.amount_out, 0)
      LIMIT ${limit}`),
  );
  for (const r of fs) out.push({ kind: 'stats', id: Number(r.agent_id), problem: 'fund_stats', detail: r });
  const fa = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT coalesce(f.owner_agent_id, 0) AS agent_id, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
               coalesce(u.account_type, 0)::smallint AS account_type, count(*) AS n,
               coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0) AS amount_in, coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0) AS amount_out
        FROM fund_records f LEFT JOIN users u ON u.id = f.user_id GROUP BY 1, 2, 3, 4)
      SELECT coalesce(a.agent_id, s.agent_id) AS agent_id, coalesce(a.type, s.type) AS type, coalesce(a.owner, s.owner) AS owner,
             coalesce(a.account_type, s.account_type) AS account_type,
             coalesce(a.n, 0)::int AS actual_n, coalesce(s.n, 0)::int AS summary_n,
             coalesce(a.amount_in, 0)::text AS actual_in, coalesce(s.amount_in, 0)::text AS summary_in,
             coalesce(a.amount_out, 0)::text AS actual_out, coalesce(s.amount_out, 0)::text AS summary_out
      FROM actual a FULL JOIN fund_stats_all s USING (agent_id, type, owner, account_type)
      WHERE coalesce(a.n, 0) <> coalesce(s.n, 0) OR coalesce(a.amount_in, 0) <> coalesce(s.amount_in, 0) OR coalesce(a.amount_out, 0) <> coalesce(s.amount_out, 0)
      LIMIT ${limit}`),
  );
  for (const r of fa) out.push({ kind: 'stats', id: Number(r.agent_id), problem: 'fund_stats_all', detail: r });
  for (const r of await periodFundMismatches(db, 'fund_stats_day', `(f.created_at AT TIME ZONE 'Asia/Shanghai')::date`, limit))
    out.push({ kind: 'stats', id: 0, problem: 'fund_stats_day', detail: r });
  for (const r of await periodFundMismatches(db, 'fund_stats_hour', 'fund_hour(f.created_at)', limit))
    out.push({ kind: 'stats', id: 0, problem: 'fund_stats_hour', detail: r });
  // every record is labelled with its owner's current agent (the scope of agent staff relies on it)
  const oa = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT f.id AS record_id, f.user_id, f.agent_id, f.owner_agent_id, u.agent_id AS user_agent_id
      FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
      WHERE f.owner_agent_id IS DISTINCT FROM coalesce(f.agent_id, u.agent_id)
      LIMIT ${limit}`),
  );
  for (const r of oa) out.push({ kind: 'stats', id: Number(r.record_id), problem: 'owner_agent', detail: r });
  // the balance-ordered lists read user_balances: one row per live user, equal to its users row
  const ub = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      SELECT coalesce(u.id, b.user_id) AS user_id, coalesce(u.agent_id, 0) AS user_agent_id, b.agent_id,
             u.user_amt::text AS user_amt, b.user_amt::text AS row_user_amt, u.enable_amt::text AS enable_amt,
             b.enable_amt::text AS row_enable_amt, u.frozen_amt::text AS frozen_amt, b.frozen_amt::text AS row_frozen_amt
      FROM (SELECT * FROM users WHERE deleted_at IS NULL) u FULL JOIN user_balances b ON b.user_id = u.id
      WHERE (coalesce(u.agent_id, 0), u.user_amt, u.enable_amt, u.frozen_amt) IS DISTINCT FROM (b.agent_id, b.user_amt, b.enable_amt, b.frozen_amt)
      LIMIT ${limit}`),
  );
  for (const r of ub) out.push({ kind: 'stats', id: Number(r.user_id), problem: 'user_balances', detail: r });
  // the analysis page's trading volume (position_stats, trading's 0451): its stripes summed, per day, agent and
  // account type, equal to the positions opened
  const ps = rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date AS day, coalesce(p.agent_id, 0) AS agent_id, u.account_type,
               count(*) AS n, sum(p.buy_amount) AS amount
        FROM positions p JOIN users u ON u.id = p.user_id GROUP BY 1, 2, 3),
      summary AS (SELECT day, agent_id, account_type, sum(n) AS n, sum(amount) AS amount FROM position_stats GROUP BY 1, 2, 3)
      SELECT to_char(coalesce(a.day, s.day), 'YYYY-MM-DD') AS day, coalesce(a.agent_id, s.agent_id) AS agent_id,
             coalesce(a.account_type, s.account_type) AS account_type, a.n::int AS n, s.n::int AS summary_n,
             a.amount::text AS amount, s.amount::text AS summary_amount
      FROM actual a FULL JOIN summary s USING (day, agent_id, account_type)
      WHERE coalesce(a.n, 0) <> coalesce(s.n, 0) OR coalesce(a.amount, 0) <> coalesce(s.amount, 0)
      LIMIT ${limit}`),
  );
  for (const r of ps) out.push({ kind: 'stats', id: Number(r.agent_id), problem: 'position_stats', detail: r });
  // the analysis page's figures by tier (dashboard's 0454): per agent, equal to the records and positions under their
  // users' current tier and agent (the migration's own tier_stats_actual); platform-wide, equal to that summed
  for (const [problem, keys] of [
    ['tier_agent_stats', 'agent_id, day, tier_id, account_type, kind'],
    ['tier_stats', 'day, tier_id, account_type, kind'],
  ] as const) {
    const k = sql.raw(keys);
    const differ = rows<Record<string, string | number | null>>(
      await db.execute(sql`
        WITH actual AS (SELECT ${k}, sum(n) AS n, sum(amount_in) AS amount_in, sum(amount_out) AS amount_out FROM tier_stats_actual() GROUP BY ${k}),
        summary AS (SELECT ${k}, sum(n) AS n, sum(amount_in) AS amount_in, sum(amount_out) AS amount_out FROM ${sql.raw(problem)} GROUP BY ${k})
        SELECT ${k}, to_char(day, 'YYYY-MM-DD') AS on_day, a.n::int AS n, s.n::int AS summary_n, a.amount_in::text AS amount_in, s.amount_in::text AS summary_in,
               a.amount_out::text AS amount_out, s.amount_out::text AS summary_out
        FROM actual a FULL JOIN summary s USING (${k})
        WHERE coalesce(a.n, 0) <> coalesce(s.n, 0) OR coalesce(a.amount_in, 0) <> coalesce(s.amount_in, 0)
           OR coalesce(a.amount_out, 0) <> coalesce(s.amount_out, 0)
        LIMIT ${limit}`),
    );
    for (const r of differ) out.push({ kind: 'stats', id: Number(r.tier_id), problem, detail: r });
  }
  return out;
}

/**
 * The rows of a per-period fund summary (period, type, owner: fund_stats_day by `day`; fund_stats_hour by `hour`
 * and the user's account type; their stripes summed) that differ from the records, the period of a record being `periodOf` (a fixed
 * SQL expression over the records, alias f).
 */
async function periodFundMismatches(
  db: Db,
  table: 'fund_stats_day' | 'fund_stats_hour',
  periodOf: string,
  limit: number,
): Promise<Record<string, string | number | null>[]> {
  const hour = table === 'fund_stats_hour';
  const key = sql.raw(hour ? 'hour' : 'day');
  const keys = sql.raw(hour ? 'hour, type, owner, account_type' : 'day, type, owner');
  return rows<Record<string, string | number | null>>(
    await db.execute(sql`
      WITH actual AS (
        SELECT ${sql.raw(periodOf)} AS ${key}, f.type, CASE WHEN f.user_id IS NULL THEN 'a' ELSE 'u' END AS owner,
               ${hour ? sql`coalesce(u.account_type, 0)::smallint AS account_type,` : sql``} count(*) AS n,
               coalesce(sum(f.amount) FILTER (WHERE f.amount > 0), 0) AS amount_in, coalesce(sum(f.amount) FILTER (WHERE f.amount < 0), 0) AS amount_out
        FROM fund_records f ${hour ? sql`LEFT JOIN users u ON u.id = f.user_id` : sql``}
        GROUP BY ${keys})
      SELECT ${key}::text AS ${key}, type, owner, ${hour ? sql`account_type,` : sql``}
             coalesce(a.n, 0)::int AS actual_n, coalesce(s.n, 0)::int AS summary_n,
             coalesce(a.amount_in, 0)::text AS actual_in, coalesce(s.amount_in, 0)::text AS summary_in,
             coalesce(a.amount_out, 0)::text AS actual_out, coalesce(s.amount_out, 0)::text AS summary_out
      FROM actual a
      FULL JOIN (SELECT ${keys}, sum(n) AS n, sum(amount_in) AS amount_in, sum(amount_out) AS amount_out
                 FROM ${sql.raw(table)} GROUP BY ${keys}) s USING (${keys})
      WHERE coalesce(a.n, 0) <> coalesce(s.n, 0) OR coalesce(a.amount_in, 0) <> coalesce(s.amount_in, 0) OR coalesce(a.amount_out, 0) <> coalesce(s.amount_out, 0)
      LIMIT ${limit}`),
  );
}
