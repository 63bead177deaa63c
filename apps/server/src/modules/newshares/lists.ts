import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  issuePhase,
  shanghaiDay,
  type IssueItem,
  type IssueKind,
  type SubscriptionItem,
  type SubscriptionListQuery,
} from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { newshareIssues, newshareSubscriptions } from './tables.js';
import { users } from '../_kit/parties.js';
import { fail } from '../../http/errors.js';
import { userScope, type ScopeSubject } from '../_kit/scope.js';
import { onePage } from '../../db/paging.js';

type IssueRow = typeof newshareIssues.$inferSelect;

export function issueItem(i: IssueRow, subscriptions: number, now = new Date()): IssueItem {
  return {
    id: i.id,
    kind: i.kind as IssueKind,
    code: i.code,
    name: i.name,
    market: i.market as IssueItem['market'],
    board: i.board,
    underlyingCode: i.underlyingCode,
    issuePrice: i.issuePrice,
    peRatio: i.peRatio,
    issueSize: i.issueSize,
    lotSize: i.lotSize,
    maxPerUser: i.maxPerUser,
    subscribeType: i.subscribeType as IssueItem['subscribeType'],
    subscribeDate: i.subscribeDate,
    allotDate: i.allotDate,
    payDeadline: i.payDeadline,
    listingDate: i.listingDate,
    shown: i.shown,
    locked: i.locked,
    autoConvert: i.autoConvert,
    phase: issuePhase(i, now),
    subscriptions,
  };
}

// qualified by hand: drizzle writes a column of the outer table unqualified, which inside this subquery would
// name the subscription's own id
const subCount = sql<number>`(SELECT count(*)::int FROM newshare_subscriptions s WHERE s.issue_id = "newshare_issues"."id")`;

export async function listIssues(
  db: Db,
  kind: IssueKind,
  q: { pageNum: number; pageSize: number; keyword?: string; subscribeType?: string; phase?: string },
  o: { shownOnly?: boolean; now?: Date } = {},
) {
  const today = shanghaiDay(o.now ?? new Date());
  const phase: Record<string, SQL> = {
    upcoming: sql`${newshareIssues.subscribeDate} > ${today}`,
    subscribing: sql`${newshareIssues.subscribeDate} = ${today}`,
    allotment: sql`${newshareIssues.subscribeDate} < ${today} AND ${newshareIssues.listingDate} > ${today}`,
    listed: sql`${newshareIssues.listingDate} <= ${today}`,
  };
  const where = and(
    eq(newshareIssues.kind, kind),
    q.keyword
      ? sql`(${newshareIssues.code} ILIKE ${'%' + q.keyword + '%'} OR ${newshareIssues.name} ILIKE ${'%' + q.keyword + '%'})`
      : undefined,
    q.subscribeType ? eq(newshareIssues.subscribeType, q.subscribeType) : undefined,
    q.phase ? phase[q.phase] : undefined,
    o.shownOnly ? eq(newshareIssues.shown, true) : undefined,
  );
  const [list, [n]] = await Promise.all([
    onePage(
      db
        .select({ i: newshareIssues, n: subCount })
        .from(newshareIssues)
        .where(where)
        .orderBy(desc(newshareIssues.subscribeDate), desc(newshareIssues.id))
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(newshareIssues).where(where),
  ]);
  return { list: list.map((r) => issueItem(r.i, Number(r.n), o.now)), total: Number(n?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function issueById(db: Db, id: number, kind?: IssueKind): Promise<IssueItem> {
  const [r] = await db.select({ i: newshareIssues, n: subCount }).from(newshareIssues).where(eq(newshareIssues.id, id)).limit(1);
  if (!r || (kind && r.i.kind !== kind)) throw fail('newshare.issue_not_found');
  return issueItem(r.i, Number(r.n));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const subSelect = { s: newshareSubscriptions, i: newshareIssues, phone: users.phone, realName: users.realName, agentId: users.agentId };

function subItem(r: {
  s: typeof newshareSubscriptions.$inferSelect;
  i: IssueRow;
  phone: string;
  realName: string | null;
  agentId: number | null;
}): SubscriptionItem {
  const { s, i } = r;
  return {
    id: s.id,
    orderNo: s.orderNo,
    issueId: s.issueId,
    kind: i.kind as IssueKind,
    code: i.code,
    name: i.name,
    subscribeType: i.subscribeType as SubscriptionItem['subscribeType'],
    issuePrice: i.issuePrice,
    userId: s.userId,
    phone: r.phone,
    realName: r.realName,
    agentId: r.agentId,
    status: s.status,
    appliedQty: s.appliedQty,
    allottedQty: s.allottedQty,
    frozenAmount: s.frozenAmount,
    paidAmount: s.paidAmount,
    positionId: s.positionId,
    createdAt: s.createdAt.toISOString(),
    allottedAt: iso(s.allottedAt),
    paidAt: iso(s.paidAt),
    convertedAt: iso(s.convertedAt),
  };
}

/** Subscription records with their filters and the totals of the whole filtered set; agent staff see their subtree. */
export async function listSubscriptions(db: Db, admin: ScopeSubject | null, q: SubscriptionListQuery & { kind?: IssueKind }, own?: number) {
  const where = and(
    q.kind ? eq(newshareIssues.kind, q.kind) : undefined,
    own != null ? eq(newshareSubscriptions.userId, own) : undefined,
    admin ? userScope(admin, newshareSubscriptions.userId) : undefined,
    q.userId ? eq(newshareSubscriptions.userId, q.userId) : undefined,
    q.phone ? sql`${users.phone} LIKE ${'%' + q.phone + '%'}` : undefined,
    q.agentId ? eq(users.agentId, q.agentId) : undefined,
    q.issueId ? eq(newshareSubscriptions.issueId, q.issueId) : undefined,
    q.status ? eq(newshareSubscriptions.status, q.status) : undefined,
    q.subscribeType ? eq(newshareIssues.subscribeType, q.subscribeType) : undefined,
    q.beginTime ? gte(newshareSubscriptions.createdAt, new Date(q.beginTime)) : undefined,
    q.endTime ? lte(newshareSubscriptions.createdAt, new Date(q.endTime)) : undefined,
  );
  const base = () =>
    db
      .select(subSelect)
      .from(newshareSubscriptions)
      .innerJoin(newshareIssues, eq(newshareIssues.id, newshareSubscriptions.issueId))
      .innerJoin(users, eq(users.id, newshareSubscriptions.userId));
  const [list, [t]] = await Promise.all([
    onePage(base().where(where).orderBy(desc(newshareSubscriptions.id)).$dynamic(), q),
    db
      .select({
        n: sql<number>`count(*)::int`,
        applied: sql<string>`coalesce(sum(${newshareSubscriptions.appliedQty}), 0)::text`,
        allotted: sql<string>`coalesce(sum(${newshareSubscriptions.allottedQty}), 0)::text`,
        frozen: sql<string>`coalesce(sum(${newshareSubscriptions.frozenAmount}), 0)::numeric(20,2)::text`,
      })
      .from(newshareSubscriptions)
      .innerJoin(newshareIssues, eq(newshareIssues.id, newshareSubscriptions.issueId))
      .innerJoin(users, eq(users.id, newshareSubscriptions.userId))
      .where(where),
  ]);
  return {
    list: list.map(subItem),
    total: Number(t?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    totals: { applied: Number(t?.applied ?? 0), allotted: Number(t?.allotted ?? 0), frozen: t?.frozen ?? '0.00' },
  };
}

export async function subscriptionById(db: Db, id: number, admin?: ScopeSubject | null): Promise<SubscriptionItem> {
  const [r] = await db
    .select(subSelect)
    .from(newshareSubscriptions)
    .innerJoin(newshareIssues, eq(newshareIssues.id, newshareSubscriptions.issueId))
    .innerJoin(users, eq(users.id, newshareSubscriptions.userId))
    .where(and(eq(newshareSubscriptions.id, id), admin ? userScope(admin, newshareSubscriptions.userId) : undefined))
    .limit(1);
  if (!r) throw fail('newshare.sub_not_found');
  return subItem(r);
}
