import { sql } from 'drizzle-orm';
import { shanghaiDay, type WorkplaceData } from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { AppContext, Principal } from '../../app/context.js';
import { can } from '../../http/permissions.js';
import { counters } from '../_kit/counters.js';
import { operationOf } from '../_kit/operations.js';
import { pendingFor } from '../approvals/index.js';
import { dayStart, inScope, nextDay, realAccount } from './scope.js';

type R = Record<string, string | number | null>;
const money = (v: unknown) => Number(v ?? 0).toFixed(2);

/** A header counter's value for the caller, or null when they may not see it (or its domain is not there). */
async function queue(ctx: AppContext, admin: Principal, key: string, permission: Parameters<typeof can>[1]): Promise<number | null> {
  const c = counters.get(key);
  return c && can(admin, permission, 'query') ? c(ctx, admin) : null;
}

/**
 * Today's figures for the workplace (spec §2 工作台), in the caller's scope and Shanghai day: new users, real
 * names waiting, deposits and withdrawals (count and amount, from the ledger's daily summary), the queues
 * waiting (the header counters' own functions), positions and today's realised P/L, the caller's last operations.
 */
export async function workplace(ctx: AppContext, admin: Principal, now = new Date()): Promise<WorkplaceData> {
  const day = shanghaiDay(now);
  const from = dayStart(day);
  const to = dayStart(nextDay(day));
  const db = ctx.db;
  // new users from the registration index (real accounts)
  const [users] = rows<R>(
    await db.execute(sql`
      SELECT count(*)::int AS new_users FROM users u WHERE u.reg_time >= ${from} AND u.reg_time < ${to} AND u.deleted_at IS NULL
        AND u.account_type = 0 AND ${inScope(admin, sql`u.agent_id`)}`),
  );
  // real names waiting: the review queue's own count, the one badge 21 and the user list show (simulated accounts too)
  const realPending = counters.get('21');
  const [funds] = rows<R>(
    await db.execute(sql`
      SELECT coalesce(sum(n) FILTER (WHERE type = 'recharge'), 0)::int AS dep_n, coalesce(sum(amount_in) FILTER (WHERE type = 'recharge'), 0) AS dep,
             coalesce(sum(n) FILTER (WHERE type = 'withdraw'), 0)::int AS wd_n, coalesce(-sum(amount_out) FILTER (WHERE type = 'withdraw'), 0) AS wd
      FROM fund_stats
      WHERE day = ${day}::date AND owner = 'u' AND account_type = 0 AND type IN ('recharge', 'withdraw') AND ${inScope(admin, sql`agent_id`)}`),
  );
  let trading: WorkplaceData['trading'] = null;
  if (can(admin, 'financing', 'query')) {
    // the open positions and those closed today, each by its own index (an OR of the two read every position)
    const [p] = rows<R>(
      await db.execute(sql`
        SELECT count(*) FILTER (WHERE p.status = 'open')::int AS open_n,
               coalesce(sum(p.margin) FILTER (WHERE p.status = 'open'), 0) AS margin,
               coalesce(sum(CASE WHEN p.direction = 'long' THEN (q.last - p.buy_price) * p.shares ELSE (p.buy_price - q.last) * p.shares END)
                 FILTER (WHERE p.status = 'open' AND q.last IS NOT NULL), 0) AS upnl,
               count(*) FILTER (WHERE p.status = 'closed' AND p.closed_at >= ${from})::int AS closed_n,
               coalesce(sum(p.net_pnl) FILTER (WHERE p.status = 'closed' AND p.closed_at >= ${from}), 0) AS rpnl
        FROM (SELECT * FROM positions WHERE status = 'open'
              UNION ALL SELECT * FROM positions WHERE status = 'closed' AND closed_at >= ${from}) p
        LEFT JOIN quotes q ON q.gid = p.gid
        WHERE ${realAccount(sql`p.user_id`)} AND ${inScope(admin, sql`p.agent_id`)}`),
    );
    trading = {
      openPositions: Number(p!.open_n),
      openMargin: money(p!.margin),
      unrealizedPnl: money(p!.upnl),
      closedToday: Number(p!.closed_n),
      realizedPnlToday: money(p!.rpnl),
    };
  }
  let subscriptions: number | null = null;
  if (can(admin, 'newshares', 'query')) {
    const [s] = rows<R>(
      await db.execute(sql`
        SELECT count(*)::int AS n FROM newshare_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.status = 1 AND ${inScope(admin, sql`u.agent_id`)}`),
    );
    subscriptions = Number(s!.n);
  }
  const recent = rows<R>(
    await db.execute(sql`
      SELECT id, action, target_id, result, created_at FROM operation_log WHERE admin_id = ${admin.adminId} ORDER BY id DESC LIMIT 8`),
  );
  return {
    day,
    newUsers: Number(users!.new_users),
    realNamePending: realPending ? await realPending(ctx, admin) : 0,
    deposits: { count: Number(funds!.dep_n), amount: money(funds!.dep) },
    withdrawals: { count: Number(funds!.wd_n), amount: money(funds!.wd) },
    pending: {
      deposits: await queue(ctx, admin, 'recharge', 'rechargelist'),
      withdrawals: await queue(ctx, admin, '2', 'withdrawallist'),
      buys: await queue(ctx, admin, '19', 'financing'),
      blockRequests: await queue(ctx, admin, '20', 'financing'),
      subscriptions,
      approvals: can(admin, 'approvals', 'edit') ? await pendingFor(ctx, admin) : null,
    },
    trading,
    recentOperations: recent.map((r) => ({
      id: Number(r.id),
      action: String(r.action),
      operation: operationOf(String(r.action)),
      targetId: r.target_id == null ? null : String(r.target_id),
      result: String(r.result),
      createdAt: new Date(String(r.created_at)).toISOString(),
    })),
  };
}
