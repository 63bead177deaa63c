import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { BlockRequestItem } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { userScope } from '../_kit/scope.js';
import { likePrefix } from '../../db/like.js';
import { pageSql } from '../../db/paging.js';

type R = Record<string, unknown>;
const money = (v: unknown) => new Decimal(String(v ?? 0)).toFixed(2);
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export interface RequestFilters {
  pageNum: number;
  pageSize: number;
  userId?: number;
  phone?: string;
  agentId?: number;
  productId?: number;
  gid?: string;
  status?: string;
  startTime?: string;
  endTime?: string;
}

const SELECT = sql`SELECT r.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, ad.name AS reviewer
  FROM block_requests r JOIN users u ON u.id = r.user_id LEFT JOIN agents ag ON ag.id = u.agent_id
  LEFT JOIN admins ad ON ad.id = r.reviewed_by`;

function toItem(r: R): BlockRequestItem {
  return {
    id: Number(r.id),
    requestNo: String(r.request_no),
    productId: Number(r.product_id),
    userId: Number(r.user_id),
    userName: String(r.real_name ?? r.nick_name ?? ''),
    phone: String(r.phone ?? ''),
    agentName: r.agent_name == null ? null : String(r.agent_name),
    gid: String(r.gid),
    code: String(r.code),
    stockName: String(r.stock_name),
    shares: Number(r.shares),
    price: new Decimal(String(r.price)).toFixed(2),
    amount: money(r.amount),
    fee: money(r.fee),
    hold: money(r.hold),
    status: r.status as BlockRequestItem['status'],
    approvedShares: r.approved_shares == null ? null : Number(r.approved_shares),
    fillPrice: r.fill_price == null ? null : new Decimal(String(r.fill_price)).toFixed(2),
    positionId: r.position_id == null ? null : Number(r.position_id),
    reason: r.reason == null ? null : String(r.reason),
    reviewedBy: r.reviewer == null ? null : String(r.reviewer),
    reviewedAt: iso(r.reviewed_at),
    createdAt: iso(r.created_at)!,
  };
}

function where(f: Omit<RequestFilters, 'pageNum' | 'pageSize'>, admin: Principal | null, own?: number): SQL {
  const w: SQL[] = [];
  if (f.userId) w.push(sql`r.user_id = ${f.userId}`);
  if (f.phone) w.push(sql`u.phone LIKE ${likePrefix(f.phone)}`);
  if (f.agentId) w.push(sql`u.agent_id IN (SELECT id FROM agents WHERE path @> ARRAY[${f.agentId}::int])`);
  if (f.productId) w.push(sql`r.product_id = ${f.productId}`);
  if (f.gid) w.push(sql`(r.gid = ${f.gid} OR r.code = ${f.gid})`);
  if (f.status) w.push(sql`r.status = ${f.status}`);
  if (f.startTime) w.push(sql`r.created_at >= ${f.startTime}::timestamptz`);
  if (f.endTime) w.push(sql`r.created_at < ${f.endTime}::timestamptz`);
  if (own != null) w.push(sql`r.user_id = ${own}`);
  const scope = admin ? userScope(admin, sql`r.user_id`) : undefined;
  if (scope) w.push(scope);
  return w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``;
}

/** /position/dzList: requests newest first, in the caller's scope, with the totals of the filtered set. */
export async function listRequests(db: Db, admin: Principal | null, f: RequestFilters, own?: number) {
  const w = where(f, admin, own);
  const [t] = rows<R>(
    await db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(r.shares), 0)::bigint AS shares, coalesce(sum(r.amount), 0) AS amount,
      coalesce(sum(r.hold) FILTER (WHERE r.status = 'pending'), 0) AS hold
      FROM block_requests r JOIN users u ON u.id = r.user_id ${w}`),
  );
  const list = rows<R>(await db.execute(sql`${SELECT} ${w} ORDER BY r.created_at DESC, r.id DESC ${pageSql(f)}`));
  return {
    list: list.map(toItem),
    total: Number(t!.n),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
    totals: { count: Number(t!.n), shares: Number(t!.shares), amount: money(t!.amount), hold: money(t!.hold) },
  };
}

export async function requestById(db: Db, id: number): Promise<BlockRequestItem> {
  const [r] = rows<R>(await db.execute(sql`${SELECT} WHERE r.id = ${id}`));
  if (!r) throw fail('block.request_not_found');
  return toItem(r);
}
