import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adjustmentListQuery,
  CorpAction,
  corpActionListQuery,
  CorpRun,
  corpRunListQuery,
  PositionAdjustment,
} from '@stock-admin/contracts/corpactions';
import { planText } from '@stock-admin/contracts/exrights';
import type { Principal } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { pageSql } from '../../db/paging.js';
import { agentScope } from '../_kit/scope.js';

/** The corporate-actions lists: actions with what they did, the runs, and positions' adjustments (scoped). */

/** A numeric(20,4) price that is whole fen (a quote's), written to the fen: 9.5000 → 9.50. */
const fen = (v: string | null) => (v == null ? null : v.replace(/^(-?\d+\.\d{2})\d*$/, '$1'));
const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

const ACTION_COLUMNS = sql`
  a.id, a.stock_id, a.code, a.gid, a.stock_name, a.record_date::text AS record_date, a.ex_date::text AS ex_date,
  a.pay_date::text AS pay_date, a.cash_per_share::text AS cash, a.bonus_per10::text AS bonus,
  a.transfer_per10::text AS transfer, a.split_ratio::text AS split, a.status, a.source, a.file_name, a.note,
  cb.username AS created_by, a.created_at, xb.username AS cancelled_by, a.cancelled_at, a.cancel_reason, a.applied_at,
  coalesce(a.close_price, x.close_price)::text AS close_price, coalesce(a.ref_price, x.ref_price)::text AS ref_price,
  coalesce(j.n, 0)::int AS positions, coalesce(j.credited, 0)::numeric(20, 2)::text AS credited,
  coalesce(j.debited, 0)::numeric(20, 2)::text AS debited`;
/** What the actions moved: platform-wide, or an agent's staff's subtree only (`scope` on the adjustments). */
const actionFrom = (scope?: SQL) => sql`
  FROM corp_actions a
  LEFT JOIN admins cb ON cb.id = a.created_by
  LEFT JOIN admins xb ON xb.id = a.cancelled_by
  LEFT JOIN quote_ex_rights x ON x.action_id = a.id
  LEFT JOIN LATERAL (SELECT count(*) AS n, sum(cash) FILTER (WHERE cash > 0) AS credited,
                            -sum(cash) FILTER (WHERE cash < 0) AS debited
                     FROM position_adjustments pa WHERE pa.action_id = a.id ${scope ? sql`AND ${scope}` : sql``}) j ON true`;

/** Trims a numeric's trailing zeros (0.500000 → 0.5): the terms as an operator wrote them. */
const term = (v: string | null) => (v == null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

function actionOf(r: Record<string, unknown>): CorpAction {
  const terms = {
    cashPerShare: term(r.cash as string | null),
    bonusPer10: term(r.bonus as string | null),
    transferPer10: term(r.transfer as string | null),
    splitRatio: term(r.split as string | null),
  };
  return {
    id: Number(r.id),
    stockId: Number(r.stock_id),
    code: String(r.code),
    gid: String(r.gid),
    stockName: String(r.stock_name),
    recordDate: String(r.record_date),
    exDate: String(r.ex_date),
    payDate: (r.pay_date as string | null) ?? null,
    ...terms,
    plan: planText(terms),
    status: r.status as CorpAction['status'],
    source: r.source as CorpAction['source'],
    fileName: (r.file_name as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    createdBy: (r.created_by as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    cancelledBy: (r.cancelled_by as string | null) ?? null,
    cancelledAt: iso(r.cancelled_at),
    cancelReason: (r.cancel_reason as string | null) ?? null,
    appliedAt: iso(r.applied_at),
    // quotes are in fen: the prices at which it went ex, to the fen
    closePrice: fen(r.close_price as string | null),
    refPrice: fen(r.ref_price as string | null),
    positions: Number(r.positions),
    credited: String(r.credited),
    debited: String(r.debited),
  };
}

export async function readAction(db: Db, id: number): Promise<CorpAction | null> {
  const [r] = rows<Record<string, unknown>>(await db.execute(sql`SELECT ${ACTION_COLUMNS} ${actionFrom()} WHERE a.id = ${id}`));
  return r ? actionOf(r) : null;
}

/** Every action (the announcements are public); what they moved, for agent staff, in their subtree only. */
export async function listActions(db: Db, admin: Principal, q: z.output<typeof corpActionListQuery>) {
  const where: SQL[] = [sql`true`];
  if (q.code) where.push(sql`(a.code LIKE ${`${q.code.replace(/[%_\\]/g, '')}%`} OR a.gid = ${q.code})`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.exFrom) where.push(sql`a.ex_date >= ${q.exFrom}::date`);
  if (q.exTo) where.push(sql`a.ex_date <= ${q.exTo}::date`);
  const cond = sql.join(where, sql` AND `);
  const list = rows<Record<string, unknown>>(
    await db.execute(sql`SELECT ${ACTION_COLUMNS}, count(*) OVER ()::int AS total ${actionFrom(agentScope(admin, sql`pa.agent_id`))} WHERE ${cond}
      ORDER BY a.ex_date DESC, a.id DESC ${pageSql(q)}`),
  );
  const total = list.length
    ? Number(list[0]!.total)
    : Number(rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM corp_actions a WHERE ${cond}`))[0]!.n);
  return { list: list.map(actionOf), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

function runOf(r: Record<string, unknown>): CorpRun {
  return {
    id: Number(r.id),
    day: String(r.day),
    trigger: r.trigger as CorpRun['trigger'],
    by: (r.by as string | null) ?? null,
    status: r.status as CorpRun['status'],
    actions: Number(r.actions),
    positions: Number(r.positions),
    credited: String(r.credited),
    debited: String(r.debited),
    error: (r.error as string | null) ?? null,
    startedAt: iso(r.started_at)!,
    finishedAt: iso(r.finished_at),
  };
}

/** The runs, with what they moved: platform-wide, or (agent staff) their subtree's adjustments only. */
const runSelect = (scope?: SQL) => sql`
  SELECT r.id, r.day::text AS day, r.trigger, ad.username AS by, r.status, r.actions,
         ${scope ? sql`s.n` : sql`r.positions`} AS positions, ${scope ? sql`coalesce(s.credited, 0)::numeric(20, 2)` : sql`r.credited`}::text AS credited,
         ${scope ? sql`coalesce(s.debited, 0)::numeric(20, 2)` : sql`r.debited`}::text AS debited, r.error, r.started_at, r.finished_at
  FROM corp_action_runs r LEFT JOIN admins ad ON ad.id = r.admin_id
  ${
    scope
      ? sql`LEFT JOIN LATERAL (SELECT count(*)::int AS n, sum(cash) FILTER (WHERE cash > 0) AS credited, -sum(cash) FILTER (WHERE cash < 0) AS debited
                                FROM position_adjustments pa WHERE pa.run_id = r.id AND ${scope}) s ON true`
      : sql``
  }`;

export async function readRun(db: Db, id: number): Promise<CorpRun> {
  const [r] = rows<Record<string, unknown>>(await db.execute(sql`${runSelect()} WHERE r.id = ${id}`));
  return runOf(r!);
}

export async function listRuns(db: Db, admin: Principal, q: z.output<typeof corpRunListQuery>) {
  const cond = q.day ? sql`r.day = ${q.day}::date` : sql`true`;
  const list = rows<Record<string, unknown>>(
    await db.execute(
      sql`${runSelect(agentScope(admin, sql`pa.agent_id`))} WHERE ${cond} ORDER BY r.started_at DESC, r.id DESC ${pageSql(q)}`,
    ),
  );
  const [n] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM corp_action_runs r WHERE ${cond}`));
  return { list: list.map(runOf), total: Number(n!.n), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Adjustments newest first; agent staff see only their subtree's (by the position's agent when it was adjusted). */
export async function listAdjustments(db: Db, admin: Principal, q: z.output<typeof adjustmentListQuery>) {
  const where: SQL[] = [sql`true`];
  const scope = agentScope(admin, sql`pa.agent_id`);
  if (scope) where.push(scope);
  if (q.positionId) where.push(sql`pa.position_id = ${q.positionId}`);
  if (q.actionId) where.push(sql`pa.action_id = ${q.actionId}`);
  if (q.userId) where.push(sql`pa.user_id = ${q.userId}`);
  const cond = sql.join(where, sql` AND `);
  const list = rows<Record<string, unknown>>(
    await db.execute(sql`
      SELECT pa.*, pa.created_at AS at, p.position_no, u.phone, a.code, a.gid, a.stock_name, a.ex_date::text AS ex_date,
             a.cash_per_share::text AS t_cash, a.bonus_per10::text AS t_bonus, a.transfer_per10::text AS t_transfer,
             a.split_ratio::text AS t_split
      FROM position_adjustments pa
      JOIN corp_actions a ON a.id = pa.action_id
      JOIN positions p ON p.id = pa.position_id
      LEFT JOIN users u ON u.id = pa.user_id
      WHERE ${cond} ORDER BY pa.id DESC ${pageSql(q)}`),
  );
  const [n] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM position_adjustments pa WHERE ${cond}`));
  const s = (v: unknown) => (v == null ? null : String(v));
  const out: PositionAdjustment[] = list.map((r) => {
    const terms = {
      cashPerShare: term(s(r.t_cash)),
      bonusPer10: term(s(r.t_bonus)),
      transferPer10: term(s(r.t_transfer)),
      splitRatio: term(s(r.t_split)),
    };
    return {
      id: Number(r.id),
      actionId: Number(r.action_id),
      plan: planText(terms),
      ...terms,
      exDate: String(r.ex_date),
      positionId: Number(r.position_id),
      positionNo: String(r.position_no),
      userId: Number(r.user_id),
      phone: s(r.phone),
      code: String(r.gid),
      stockName: String(r.stock_name),
      direction: r.direction as 'long' | 'short',
      sharesBefore: Number(r.shares_before),
      sharesAfter: Number(r.shares_after),
      priceBefore: String(r.price_before),
      priceAfter: String(r.price_after),
      marginBefore: String(r.margin_before),
      marginAfter: String(r.margin_after),
      takeProfitBefore: s(r.take_profit_before),
      takeProfitAfter: s(r.take_profit_after),
      stopLossBefore: s(r.stop_loss_before),
      stopLossAfter: s(r.stop_loss_after),
      dividend: String(r.dividend),
      tax: String(r.tax),
      fractionShares: String(r.fraction_shares),
      fractionCash: String(r.fraction_cash),
      cash: String(r.cash),
      unpaid: String(r.unpaid),
      refPrice: fen(String(r.ref_price))!,
      at: iso(r.at)!,
    };
  });
  return { list: out, total: Number(n!.n), pageNum: q.pageNum, pageSize: q.pageSize };
}
