import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { OrderItem, PositionItem } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { agentScope, userScope } from '../_kit/scope.js';
import { likePrefix } from '../../db/like.js';
import { cappedCount, pageSql } from '../../db/paging.js';

type R = Record<string, unknown>;
const s = (v: unknown) => (v == null ? null : String(v));
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const money = (v: unknown) => (v == null ? null : new Decimal(String(v)).toFixed(2));
const priceText = (v: unknown) => (v == null ? null : new Decimal(String(v)).toFixed(2));

export interface ListFilters {
  pageNum: number;
  pageSize: number;
  userId?: number;
  phone?: string;
  agentId?: number;
  gid?: string;
  direction?: string;
  startTime?: string;
  endTime?: string;
  status?: string;
  kind?: string;
  /** one row by its id (orders) */
  id?: number;
  locked?: boolean;
  sortField?: 'openedAt' | 'pnl' | 'pnlPct';
  sortOrder?: 'asc' | 'desc';
}

/**
 * The list filters as SQL conditions over the orders (alias o) or positions (alias p), and whether any of them reads
 * the user (alias u), which the caller must then join.
 */
export function filterSql(alias: 'o' | 'p', f: ListFilters, timeCol: string): { where: SQL[]; readsUsers: boolean } {
  const a = sql.raw(alias);
  const w: SQL[] = [];
  let readsUsers = false;
  if (f.userId) w.push(sql`${a}.user_id = ${f.userId}`);
  if (f.phone) {
    w.push(sql`u.phone LIKE ${likePrefix(f.phone)}`);
    readsUsers = true;
  }
  // positions carry their user's agent (0425); orders are reached through the user
  if (f.agentId) {
    const agentCol = alias === 'p' ? sql`p.agent_id` : sql`u.agent_id`;
    w.push(sql`${agentCol} IN (SELECT id FROM agents WHERE path @> ARRAY[${f.agentId}::int])`);
    readsUsers ||= alias === 'o';
  }
  if (f.gid) w.push(sql`(${a}.gid = ${f.gid} OR ${a}.code = ${f.gid})`);
  if (f.direction) w.push(sql`${a}.direction = ${f.direction}`);
  if (f.startTime) w.push(sql`${sql.raw(`${alias}.${timeCol}`)} >= ${f.startTime}::timestamptz`);
  if (f.endTime) w.push(sql`${sql.raw(`${alias}.${timeCol}`)} < ${f.endTime}::timestamptz`);
  if (f.status) w.push(sql`${a}.status = ${f.status}`);
  if (f.id) w.push(sql`${a}.id = ${f.id}`);
  return { where: w, readsUsers };
}
export const whereOf = (w: SQL[]) => (w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``);

export function toOrder(r: R): OrderItem {
  return {
    id: Number(r.id),
    orderNo: String(r.order_no),
    kind: r.kind as OrderItem['kind'],
    status: r.status as OrderItem['status'],
    userId: Number(r.user_id),
    userName: String(r.real_name ?? r.nick_name ?? ''),
    phone: String(r.phone ?? ''),
    agentName: s(r.agent_name),
    gid: String(r.gid),
    code: String(r.code),
    stockName: String(r.stock_name),
    direction: r.direction as OrderItem['direction'],
    shares: Number(r.shares),
    leverage: Number(r.leverage),
    price: priceText(r.price)!,
    amount: money(r.amount)!,
    margin: money(r.margin)!,
    fee: money(r.fee)!,
    spread: money(r.spread)!,
    hold: money(r.hold)!,
    takeProfit: priceText(r.take_profit),
    stopLoss: priceText(r.stop_loss),
    positionId: r.position_id == null ? null : Number(r.position_id),
    fillPrice: priceText(r.fill_price),
    reason: s(r.reason),
    reviewedBy: s(r.reviewer),
    reviewedAt: iso(r.reviewed_at),
    createdAt: iso(r.created_at)!,
    last: priceText(r.q_last),
  };
}

export const ORDER_SELECT = sql`SELECT o.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, ad.name AS reviewer, q.last AS q_last
  FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN agents ag ON ag.id = u.agent_id
  LEFT JOIN admins ad ON ad.id = o.reviewed_by LEFT JOIN quotes q ON q.gid = o.gid`;

export async function listOrders(db: Db, admin: Principal | null, f: ListFilters, own?: number) {
  const { where: w, readsUsers } = filterSql('o', f, 'created_at');
  if (f.kind) w.push(sql`o.kind = ${f.kind}`);
  if (own != null) w.push(sql`o.user_id = ${own}`);
  const scope = admin ? userScope(admin, sql`o.user_id`) : undefined;
  if (scope) w.push(scope);
  // the user is joined for the count only when a filter reads it: every order has its user, and the join made a
  // count over a year of orders read each one's user (bench/year scale 1: a month's approved buys, 288 ms)
  const joinUsers = readsUsers ? sql`JOIN users u ON u.id = o.user_id` : sql``;
  const [{ n }] = rows<{ n: number }>(await db.execute(cappedCount(sql`FROM orders o ${joinUsers} ${whereOf(w)}`)));
  const list = rows<R>(await db.execute(sql`${ORDER_SELECT} ${whereOf(w)} ORDER BY o.created_at DESC, o.id DESC ${pageSql(f)}`));
  return { list: list.map(toOrder), total: n!, pageNum: f.pageNum, pageSize: f.pageSize };
}

export async function orderDetail(db: Db, admin: Principal, id: number) {
  const scope = userScope(admin, sql`o.user_id`);
  const [r] = rows<R>(await db.execute(sql`${ORDER_SELECT} WHERE o.id = ${id} ${scope ? sql`AND ${scope}` : sql``}`));
  if (!r) throw fail('trade.order_not_found');
  const history = rows<R>(
    await db.execute(
      sql`SELECT e.status, e.at, e.note, a.name AS by FROM order_events e LEFT JOIN admins a ON a.id = e.admin_id WHERE e.order_id = ${id} ORDER BY e.id`,
    ),
  );
  return { ...toOrder(r), history: history.map((h) => ({ status: String(h.status), at: iso(h.at)!, by: s(h.by), note: s(h.note) })) };
}

/** Unrealised P/L of open positions at the quote, realised of closed ones: one SQL expression, so lists sort on it. */
const PNL = sql`CASE WHEN p.status = 'closed' THEN p.pnl
  WHEN q.last IS NULL THEN NULL
  WHEN p.direction = 'long' THEN round((q.last - p.buy_price) * p.shares, 2)
  ELSE round((p.buy_price - q.last) * p.shares, 2) END`;

const POSITION_FROM = sql`FROM positions p JOIN users u ON u.id = p.user_id LEFT JOIN quotes q ON q.gid = p.gid`;
// \`adjusted\`: how many corporate actions adjusted the position (issue 62; their table is read by name, an index per position)
export const POSITION_SELECT = sql`SELECT p.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, q.last AS q_last, q.stale AS q_stale,
  ${PNL} AS pnl_now, (SELECT count(*) FROM position_adjustments pa WHERE pa.position_id = p.id)::int AS adjusted
  ${POSITION_FROM} LEFT JOIN agents ag ON ag.id = u.agent_id`;

export function toPosition(r: R): PositionItem {
  const pnl = money(r.pnl_now);
  const margin = new Decimal(String(r.margin));
  return {
    id: Number(r.id),
    positionNo: String(r.position_no),
    status: r.status as PositionItem['status'],
    userId: Number(r.user_id),
    userName: String(r.real_name ?? r.nick_name ?? ''),
    phone: String(r.phone ?? ''),
    agentName: s(r.agent_name),
    gid: String(r.gid),
    code: String(r.code),
    stockName: String(r.stock_name),
    direction: r.direction as PositionItem['direction'],
    shares: Number(r.shares),
    leverage: Number(r.leverage),
    buyPrice: priceText(r.buy_price)!,
    buyAmount: money(r.buy_amount)!,
    margin: margin.toFixed(2),
    buyFee: money(r.buy_fee)!,
    spread: money(r.spread)!,
    deferralFee: money(r.deferral_fee)!,
    deferralDays: Number(r.deferral_days),
    sellFee: money(r.sell_fee),
    stampDuty: money(r.stamp_duty),
    sellPrice: priceText(r.sell_price),
    takeProfit: priceText(r.take_profit),
    stopLoss: priceText(r.stop_loss),
    locked: Boolean(r.locked),
    lockReason: s(r.lock_reason),
    ...(r.adjusted ? { adjusted: Number(r.adjusted) } : {}),
    last: r.status === 'closed' ? priceText(r.sell_price) : priceText(r.q_last),
    stale: Boolean(r.q_stale),
    pnl,
    pnlPct: pnl == null || margin.isZero() ? null : new Decimal(pnl).times(100).dividedBy(margin).toFixed(2),
    netPnl:
      r.status === 'closed'
        ? money(r.net_pnl)
        : pnl == null
          ? null
          : new Decimal(pnl).minus(String(r.buy_fee)).minus(String(r.spread)).minus(String(r.deferral_fee)).toFixed(2),
    closeKind: (r.close_kind ?? null) as PositionItem['closeKind'],
    closeReason: s(r.close_reason),
    source: r.source as PositionItem['source'],
    openedAt: iso(r.opened_at)!,
    closedAt: iso(r.closed_at),
  };
}

export async function listPositions(db: Db, admin: Principal | null, f: ListFilters, opts: { own?: number; source?: 'admin' } = {}) {
  const { where: w } = filterSql('p', f, 'opened_at');
  if (f.locked !== undefined) w.push(sql`p.locked = ${f.locked}`);
  if (opts.own != null) w.push(sql`p.user_id = ${opts.own}`);
  if (opts.source) w.push(sql`p.source = ${opts.source}`);
  // the position's own agent (kept by triggers): the subtree's positions are read by index before sorting
  const scope = admin ? agentScope(admin, sql`p.agent_id`) : undefined;
  if (scope) w.push(scope);
  const from = POSITION_FROM;
  const dir = sql.raw(f.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const order =
    f.sortField === 'pnl'
      ? sql`${PNL} ${dir} NULLS LAST, p.id DESC`
      : f.sortField === 'pnlPct'
        ? sql`(${PNL}) / nullif(p.margin, 0) ${dir} NULLS LAST, p.id DESC`
        : sql`p.opened_at ${dir}, p.id ${dir}`;
  const [totals, page] = await Promise.all([
    db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(p.margin), 0) AS margin, coalesce(sum(${PNL}), 0) AS pnl ${from} ${whereOf(w)}`),
    db.execute(sql`${POSITION_SELECT} ${whereOf(w)} ORDER BY ${order} ${pageSql(f)}`),
  ]);
  const [t] = rows<R>(totals);
  return {
    list: rows<R>(page).map(toPosition),
    total: Number(t!.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
    totals: { count: Number(t!.n), margin: money(t!.margin)!, pnl: money(t!.pnl)! },
  };
}

export async function positionById(db: Db, id: number): Promise<PositionItem> {
  const [r] = rows<R>(
    await db.execute(sql`SELECT p.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, q.last AS q_last, q.stale AS q_stale, ${PNL} AS pnl_now
      FROM positions p JOIN users u ON u.id = p.user_id LEFT JOIN quotes q ON q.gid = p.gid LEFT JOIN agents ag ON ag.id = u.agent_id WHERE p.id = ${id}`),
  );
  if (!r) throw fail('trade.position_not_found');
  return toPosition(r);
}

export async function orderById(db: Db, id: number): Promise<OrderItem> {
  const [r] = rows<R>(await db.execute(sql`${ORDER_SELECT} WHERE o.id = ${id}`));
  if (!r) throw fail('trade.order_not_found');
  return toOrder(r);
}
