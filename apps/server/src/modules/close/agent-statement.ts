import Decimal from 'decimal.js';
import { and, desc, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AGENT_STATEMENT_MAX_DAYS,
  type AgentCommissionKind,
  type AgentStatement,
  type AgentStatementRow,
  type PageQuery,
} from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { onePage } from '../../db/paging.js';
import { invalid } from '../../http/errors.js';
import { agentScope } from '../_kit/scope.js';
import { agents } from '../_kit/parties.js';
import { fundRecords } from '../fundrecords/tables.js';
import { addDays, dayOf, dayStart } from './statement.js';

/**
 * Agent statements (issue 50). An agent's balance moves only through the ledger (fund records with `agent_id`), so the
 * balance at an instant is the balance now less what was booked since: the opening at the period's start, the closing
 * at its end (or now, for a period that ends today), and opening + the period's records = closing by construction of
 * the ledger; `balanced` checks both against the balance the last record before each instant left behind. Commissions are told apart by the note the trading
 * book gives them and traced to their user through the position their reference names.
 */

interface Period {
  start: Date;
  end: Date;
  asOf: Date;
}

/** The period's instants, or the field that is wrong (the end before the start, in the future, or too long). */
function periodOf(from: string, to: string): Period {
  if (to < from) throw invalid('to', 'reason.period_order');
  if (to > dayOf(new Date())) throw invalid('to', 'reason.period_future');
  const days = (dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000 + 1;
  if (days > AGENT_STATEMENT_MAX_DAYS) throw invalid('to', 'reason.period_too_long');
  const start = dayStart(from);
  const end = dayStart(addDays(to, 1));
  return { start, end, asOf: end.getTime() > Date.now() ? new Date() : end };
}

const COMMISSION_KIND = sql.raw(`CASE f.note WHEN 'buy fee commission' THEN 'buyFee' WHEN 'sell fee commission' THEN 'sellFee'
  WHEN 'deferral commission' THEN 'deferralFee' ELSE 'other' END`);
const m = (v: Decimal.Value) => new Decimal(v).toFixed(2);

/** An agent of the list: not deleted, or deleted after the period began (its last movements still belong to it). */
function listWhere(admin: Principal, p: Period, keyword: string | undefined): SQL | undefined {
  const k = keyword?.trim();
  return and(
    or(isNull(agents.deletedAt), gte(agents.deletedAt, p.start)),
    agentScope(admin, agents.id),
    k
      ? or(
          ilike(agents.name, `%${k}%`),
          ilike(agents.phone, `%${k}%`),
          eq(agents.inviteCode, k),
          /^\d{1,9}$/.test(k) ? eq(agents.id, Number(k)) : undefined,
        )
      : undefined,
  );
}

/** Every agent in the caller's scope over `from`..`to`, largest commissions first. */
export async function agentStatementList(
  ctx: AppContext,
  admin: Principal,
  q: PageQuery & { from: string; to: string; keyword?: string },
): Promise<{ list: AgentStatementRow[]; total: number; pageNum: number; pageSize: number }> {
  const p = periodOf(q.from, q.to);
  const parent = alias(agents, 'parent');
  const inPeriod = sql`${fundRecords.createdAt} < ${p.end.toISOString()}`;
  const commission = sql`${fundRecords.type} = 'agent_commission' AND ${inPeriod}`;
  const where = listWhere(admin, p, q.keyword);
  return ctx.db.transaction(
    async (tx) => {
      const commissions = sql<string>`coalesce(sum(${fundRecords.equityDelta}) FILTER (WHERE ${commission}), 0)`;
      const page = await onePage(
        tx
          .select({
            agentId: agents.id,
            name: agents.name,
            level: agents.level,
            parentName: parent.name,
            balance: agents.balance,
            sinceStart: sql<string>`coalesce(sum(${fundRecords.equityDelta}), 0)::text`,
            sinceEnd: sql<string>`coalesce(sum(${fundRecords.equityDelta}) FILTER (WHERE NOT (${inPeriod})), 0)::text`,
            commissions: sql<string>`${commissions}::text`,
            commissionCount: sql<number>`(count(*) FILTER (WHERE ${commission}))::int`,
          })
          .from(agents)
          .leftJoin(parent, eq(parent.id, agents.parentId))
          .leftJoin(fundRecords, and(eq(fundRecords.agentId, agents.id), gte(fundRecords.createdAt, p.start)))
          .where(where)
          .groupBy(agents.id, parent.name)
          .orderBy(desc(commissions), agents.id)
          .$dynamic(),
        q,
      );
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(agents)
        .where(where);
      const users = await usersPerAgent(
        tx,
        page.map((r) => r.agentId),
        p,
      );
      const list = page.map((r): AgentStatementRow => {
        const opening = new Decimal(r.balance).minus(r.sinceStart);
        const closing = new Decimal(r.balance).minus(r.sinceEnd);
        return {
          agentId: r.agentId,
          name: r.name,
          level: r.level,
          parentName: r.parentName ?? null,
          opening: m(opening),
          commissions: m(r.commissions),
          commissionCount: r.commissionCount,
          other: m(closing.minus(opening).minus(r.commissions)),
          closing: m(closing),
          users: users.get(r.agentId) ?? 0,
        };
      });
      return { list, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function usersPerAgent(tx: Db, ids: number[], p: Period): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const list = rows<{ agent_id: number; n: number }>(
    await tx.execute(sql`
      SELECT f.agent_id, count(DISTINCT po.user_id)::int AS n
      FROM fund_records f JOIN positions po ON po.position_no = f.reference
      WHERE f.agent_id = ANY(${`{${ids.join(',')}}`}::int[]) AND f.type = 'agent_commission'
        AND f.created_at >= ${p.start.toISOString()} AND f.created_at < ${p.end.toISOString()}
      GROUP BY 1`),
  );
  return new Map(list.map((r) => [r.agent_id, r.n]));
}

/** One agent's statement over `from`..`to`; an agent outside the caller's scope is "no such agent". */
export async function agentStatementOf(
  ctx: AppContext,
  admin: Principal,
  input: { agentId: number; from: string; to: string },
): Promise<AgentStatement> {
  const p = periodOf(input.from, input.to);
  return ctx.db.transaction(
    async (tx) => {
      const parent = alias(agents, 'parent');
      const [a] = await tx
        .select({ id: agents.id, name: agents.name, level: agents.level, balance: agents.balance, parentName: parent.name })
        .from(agents)
        .leftJoin(parent, eq(parent.id, agents.parentId))
        .where(and(eq(agents.id, input.agentId), agentScope(admin, agents.id)));
      if (!a) throw invalid('agentId', 'reason.agent_not_found');
      const [start, end, asOf] = [p.start, p.end, p.asOf].map((t) => t.toISOString());
      const own = sql`f.agent_id = ${a.id}`;
      // the balance each record left behind, read apart from the sums: the check that they tell the same story
      const after = (t: string) =>
        sql`(SELECT f.user_amt_after FROM fund_records f WHERE ${own} AND f.created_at < ${t} ORDER BY f.created_at DESC, f.id DESC LIMIT 1)::text`;
      const [since] = rows<{ since_start: string; since_end: string; at_start: string | null; at_end: string | null }>(
        await tx.execute(sql`
          SELECT coalesce(sum(equity_delta), 0)::text AS since_start,
                 coalesce(sum(equity_delta) FILTER (WHERE created_at >= ${end}), 0)::text AS since_end,
                 ${after(start)} AS at_start, ${after(end)} AS at_end
          FROM fund_records f WHERE ${own} AND created_at >= ${start}`),
      );
      const inPeriod = sql`${own} AND f.created_at >= ${start} AND f.created_at < ${end}`;
      const movements = rows<{ kind: string; n: number; amount: string }>(
        await tx.execute(sql`
          SELECT type AS kind, count(*)::int AS n, sum(equity_delta)::text AS amount FROM fund_records f
          WHERE ${inPeriod} GROUP BY 1 ORDER BY 1`),
      );
      const commission = sql`${inPeriod} AND f.type = 'agent_commission'`;
      const byKind = rows<{ kind: AgentCommissionKind; n: number; amount: string }>(
        await tx.execute(sql`
          SELECT ${COMMISSION_KIND} AS kind, count(*)::int AS n, sum(f.equity_delta)::text AS amount FROM fund_records f
          WHERE ${commission} GROUP BY 1 ORDER BY 1`),
      );
      const byUser = rows<{ user_id: number; name: string | null; phone: string | null; n: number; amount: string }>(
        await tx.execute(sql`
          SELECT po.user_id, max(u.real_name) AS name, max(u.phone) AS phone, count(*)::int AS n, sum(f.equity_delta)::text AS amount
          FROM fund_records f JOIN positions po ON po.position_no = f.reference LEFT JOIN users u ON u.id = po.user_id
          WHERE ${commission} GROUP BY 1 ORDER BY sum(f.equity_delta) DESC, 1`),
      );
      const [loose] = rows<{ n: number; amount: string }>(
        await tx.execute(sql`
          SELECT count(*)::int AS n, coalesce(sum(f.equity_delta), 0)::text AS amount FROM fund_records f
          WHERE ${commission} AND NOT EXISTS (SELECT 1 FROM positions po WHERE po.position_no = f.reference)`),
      );
      const byDay = rows<{ day: string; n: number; amount: string }>(
        await tx.execute(sql`
          SELECT (f.created_at AT TIME ZONE 'Asia/Shanghai')::date::text AS day, count(*)::int AS n,
                 sum(f.equity_delta)::text AS amount
          FROM fund_records f WHERE ${commission} GROUP BY 1 ORDER BY 1`),
      );
      const opening = new Decimal(a.balance).minus(since!.since_start);
      const closing = new Decimal(a.balance).minus(since!.since_end);
      const moved = movements.reduce((s, r) => s.plus(r.amount), new Decimal(0));
      const total = byKind.reduce((s, r) => s.plus(r.amount), new Decimal(0));
      return {
        agentId: a.id,
        name: a.name,
        level: a.level,
        parentName: a.parentName ?? null,
        from: input.from,
        to: input.to,
        asOf,
        opening: m(opening),
        closing: m(closing),
        movements: movements.map((r) => ({ kind: r.kind, count: r.n, amount: m(r.amount) })),
        balanced:
          opening.plus(moved).eq(closing) &&
          (since!.at_start == null ? opening.isZero() : opening.eq(since!.at_start)) &&
          (since!.at_end == null ? closing.isZero() : closing.eq(since!.at_end)),
        commissions: {
          total: m(total),
          count: byKind.reduce((s, r) => s + r.n, 0),
          byKind: byKind.map((r) => ({ kind: r.kind, count: r.n, amount: m(r.amount) })),
          byUser: byUser.map((r) => ({ userId: r.user_id, name: r.name ?? '', phone: r.phone ?? '', count: r.n, amount: m(r.amount) })),
          unattributed: { count: loose!.n, amount: m(loose!.amount) },
          byDay: byDay.map((r) => ({ day: r.day, count: r.n, amount: m(r.amount) })),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
