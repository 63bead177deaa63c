import Decimal from 'decimal.js';
import './messages.js';
import { and, eq, sql } from 'drizzle-orm';
import { SUB_STATUS, shanghaiDay, type IssueInput, type IssueKind, type SubStatus } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { newshareIssues, newshareSubscriptions } from './tables.js';
import { stocks } from '../products/tables.js';
import { serialNoSql } from '../../db/serial-no.js';
import { fail } from '../../http/errors.js';
import { LOCKED_USER_COLUMNS, post, postLocked } from '../fundrecords/index.js';
import { users } from '../_kit/parties.js';
import { notifyUsers } from '../messages/index.js';
import { openPosition } from '../trading/index.js';
import { subNotice } from './notices.js';
import { listDb } from '../../db/named.js';

/**
 * New shares / new bonds (issue 23). Money: a placement freezes the whole application at once (free →
 * frozen) and gets the unallotted part back at allotment; a public or rush subscription freezes the
 * allotted amount when it is paid. Conversion releases the frozen money and opens a long position at the
 * issue price (leverage 1, no fees) through trading's openPosition(), which takes it as margin.
 * Every transition is one conditional UPDATE on the expected status inside the money transaction, so
 * concurrent clicks produce one outcome. Conversion requires the stock (or bond) to exist in the
 * product list: an operator adds it before listing day (we do not invent product rows here).
 */
type Issue = typeof newshareIssues.$inferSelect;
type Sub = typeof newshareSubscriptions.$inferSelect;
const m = (d: Decimal) => d.toFixed(2);
const amountOf = (issue: Pick<Issue, 'issuePrice'>, qty: number) =>
  new Decimal(issue.issuePrice).times(qty).toDecimalPlaces(2, Decimal.ROUND_UP);

export async function createIssue(db: Db, kind: IssueKind, v: IssueInput, board: string): Promise<Issue> {
  const [dup] = await db
    .select({ id: newshareIssues.id })
    .from(newshareIssues)
    .where(and(eq(newshareIssues.kind, kind), eq(newshareIssues.code, v.code)))
    .limit(1);
  if (dup) throw fail('newshare.code_taken', { code: v.code });
  const [row] = await db
    .insert(newshareIssues)
    .values({
      kind,
      code: v.code,
      name: v.name,
      market: v.market,
      board,
      underlyingCode: v.underlyingCode ?? null,
      issuePrice: v.issuePrice,
      peRatio: v.peRatio ?? null,
      issueSize: v.issueSize,
      lotSize: kind === 'bond' ? 10 : 100,
      maxPerUser: v.maxPerUser,
      subscribeType: v.subscribeType,
      subscribeDate: v.subscribeDate,
      allotDate: v.allotDate,
      payDeadline: v.payDeadline,
      listingDate: v.listingDate,
      shown: v.shown,
      locked: v.locked,
      autoConvert: v.autoConvert,
    })
    .returning();
  return row!;
}

export async function deleteIssue(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [n] = rows<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM newshare_subscriptions WHERE issue_id = ${id}`));
    if (n!.n > 0) throw fail('newshare.issue_has_subscriptions');
    const del = await tx.delete(newshareIssues).where(eq(newshareIssues.id, id)).returning({ id: newshareIssues.id });
    if (del.length === 0) throw fail('newshare.issue_not_found');
  });
}

async function issueById(db: Db, id: number): Promise<Issue> {
  const [i] = await db.select().from(newshareIssues).where(eq(newshareIssues.id, id)).limit(1);
  if (!i) throw fail('newshare.issue_not_found');
  return i;
}

/**
 * A user's application: inside the window, below the cap, in whole lots; a placement freezes its money now. With
 * `realNameRequired` (the app), a user whose real name is not approved is refused first. The rules are checked on
 * the rows as they are (most refusals: no transaction, no lock), then the cap again under the user's row lock.
 */
export async function apply(
  db: Db,
  userId: number,
  issueId: number,
  qty: number,
  now = new Date(),
  adminId: number | null = null,
  opts: { realNameRequired?: boolean } = {},
): Promise<Sub> {
  const [state] = await listDb(db)
    .select({ realState: users.realState, issue: newshareIssues, applied: appliedSql(issueId, userId) })
    .from(users)
    .leftJoin(newshareIssues, eq(newshareIssues.id, issueId))
    .where(eq(users.id, userId));
  if (opts.realNameRequired && state?.realState !== 2) throw fail('newshare.real_name_required');
  const issue = state?.issue;
  if (!issue) throw fail('newshare.issue_not_found');
  if (!issue.shown || issue.locked) throw fail('newshare.issue_closed');
  const today = shanghaiDay(now);
  const open = issue.subscribeType === 'rush' ? today === issue.listingDate : today === issue.subscribeDate;
  if (!open && adminId == null) throw fail('newshare.not_in_window');
  if (qty % issue.lotSize !== 0) throw fail('newshare.lot', { lot: issue.lotSize });
  const overCap = (applied: string) => {
    if (Number(applied) + qty > issue.maxPerUser) throw fail('newshare.over_cap', { cap: issue.maxPerUser });
  };
  overCap(state.applied);
  return db.transaction(async (tx) => {
    // one application at a time per user and issue: the user row lock serialises them; the sum is read after it
    const [u] = await tx.select(LOCKED_USER_COLUMNS).from(users).where(eq(users.id, userId)).for('update');
    overCap(rows<{ q: string }>(await tx.execute(sql`SELECT ${appliedSql(issueId, userId)} AS q`))[0]!.q);
    const frozen = issue.subscribeType === 'placement' ? amountOf(issue, qty) : new Decimal(0);
    const [row] = await tx
      .insert(newshareSubscriptions)
      .values({
        orderNo: serialNoSql(issue.kind === 'bond' ? 'Z' : 'N', 'trade_no_seq', now),
        issueId,
        userId,
        appliedQty: qty,
        frozenAmount: m(frozen),
        createdBy: adminId,
      })
      .returning();
    if (frozen.gt(0)) {
      if (!u) throw fail('user_not_found');
      const entry = {
        type: 'subscription_freeze' as const,
        amount: m(frozen.negated()),
        reference: row!.orderNo,
        adminId,
        note: issue.name,
      };
      await postLocked(tx, u, [entry]);
    }
    return row!;
  });
}

/** The shares a user has applied for in an issue (not counting cancelled applications), as SQL. */
const appliedSql = (issueId: number, userId: number) =>
  sql<string>`(SELECT coalesce(sum(applied_qty), 0)::text FROM newshare_subscriptions
               WHERE issue_id = ${issueId} AND user_id = ${userId} AND status <> ${SUB_STATUS.cancelled})`;

/** The one conditional UPDATE every transition goes through: the row moves only from the expected status. */
async function claim(tx: Db, id: number, from: SubStatus[], set: Record<string, unknown>): Promise<Sub | undefined> {
  const [row] = await tx
    .update(newshareSubscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(newshareSubscriptions.id, id), sql`${newshareSubscriptions.status} IN ${from}`))
    .returning();
  return row;
}

/** The refusal of a transition another took first: the state the record is in now, in the caller's language. */
async function alreadyHandled(tx: Db, id: number): Promise<Error> {
  const [cur] = await tx
    .select({ status: newshareSubscriptions.status })
    .from(newshareSubscriptions)
    .where(eq(newshareSubscriptions.id, id));
  return cur ? fail('newshare.already_handled', { status: `newshare.status.${cur.status}` }) : fail('newshare.sub_not_found');
}

async function subIssue(tx: Db, id: number): Promise<{ sub: Sub; issue: Issue }> {
  const [sub] = await tx.select().from(newshareSubscriptions).where(eq(newshareSubscriptions.id, id)).limit(1);
  if (!sub) throw fail('newshare.sub_not_found');
  return { sub, issue: await issueById(tx, sub.issueId) };
}

/** Allot `qty` (0 = not allotted). A placement gets the unallotted part back; allotted placement money stays frozen (already paid). */
export async function allot(db: Db, id: number, qty: number, adminId: number | null, now = new Date()): Promise<Sub> {
  return db.transaction(async (tx) => {
    const { sub, issue } = await subIssue(tx, id);
    if (qty > sub.appliedQty) throw fail('newshare.allot_above_applied', { applied: sub.appliedQty });
    if (qty % issue.lotSize !== 0) throw fail('newshare.lot', { lot: issue.lotSize });
    const placement = issue.subscribeType === 'placement';
    const keep = placement ? amountOf(issue, qty) : new Decimal(0);
    const refund = new Decimal(sub.frozenAmount).minus(keep);
    const status: SubStatus = qty === 0 ? SUB_STATUS.notAllotted : placement ? SUB_STATUS.paid : SUB_STATUS.allotted;
    const row = await claim(tx, id, [SUB_STATUS.pending], {
      status,
      allottedQty: qty,
      frozenAmount: m(keep),
      paidAmount: m(keep),
      allottedAt: now,
      paidAt: placement && qty > 0 ? now : null,
    });
    if (!row) throw await alreadyHandled(tx, id);
    await takeFromIssue(tx, issue.id, qty);
    if (refund.gt(0))
      await post(tx, sub.userId, [
        { type: 'subscription_release', amount: m(refund), reference: sub.orderNo, adminId, note: 'unallotted' },
      ]);
    await notifyUsers(tx, [sub.userId], subNotice(qty === 0 ? 'notAllotted' : placement ? 'placed' : 'allotted', issue, qty));
    return row;
  });
}

/**
 * Adds `qty` to what the issue has allotted (lock order: the subscription claimed, then its issue, then the user),
 * or refuses with what is left: Σ allotted never passes the issue size (a CHECK holds it as well). A negative
 * `qty` gives a forfeited allotment back.
 */
export async function takeFromIssue(tx: Db, issueId: number, qty: number): Promise<void> {
  if (qty === 0) return;
  const [ok] = await tx
    .update(newshareIssues)
    .set({ allottedQty: sql`${newshareIssues.allottedQty} + ${qty}` })
    .where(and(eq(newshareIssues.id, issueId), sql`${newshareIssues.allottedQty} + ${qty} <= ${newshareIssues.issueSize}`))
    .returning({ id: newshareIssues.id });
  if (ok) return;
  const [i] = await tx
    .select({ left: sql<string>`greatest(${newshareIssues.issueSize} - ${newshareIssues.allottedQty}, 0)::text` })
    .from(newshareIssues)
    .where(eq(newshareIssues.id, issueId));
  throw fail('newshare.over_issue', { left: i?.left ?? '0' });
}

/** Pay an allotment (public / rush): the allotted amount moves free → frozen, until conversion. */
export async function pay(db: Db, id: number, adminId: number | null, now = new Date()): Promise<Sub> {
  return db.transaction(async (tx) => {
    const { sub, issue } = await subIssue(tx, id);
    if (shanghaiDay(now) > issue.payDeadline) throw fail('newshare.pay_deadline_passed');
    const amt = amountOf(issue, sub.allottedQty);
    const row = await claim(tx, id, [SUB_STATUS.allotted], {
      status: SUB_STATUS.paid,
      frozenAmount: m(amt),
      paidAmount: m(amt),
      paidAt: now,
    });
    if (!row) throw await alreadyHandled(tx, id);
    await post(tx, sub.userId, [
      { type: 'subscription_freeze', amount: m(amt.negated()), reference: sub.orderNo, adminId, note: issue.name },
    ]);
    return row;
  });
}

/** The user withdraws a pending application; a placement's money comes back. */
export async function cancel(db: Db, id: number, userId: number): Promise<Sub> {
  return db.transaction(async (tx) => {
    const { sub } = await subIssue(tx, id);
    if (sub.userId !== userId) throw fail('newshare.sub_not_found');
    const row = await claim(tx, id, [SUB_STATUS.pending], { status: SUB_STATUS.cancelled, frozenAmount: '0' });
    if (!row) throw await alreadyHandled(tx, id);
    if (new Decimal(sub.frozenAmount).gt(0))
      await post(tx, userId, [{ type: 'subscription_release', amount: sub.frozenAmount, reference: sub.orderNo, note: 'cancelled' }]);
    return row;
  });
}

/** An unpaid allotment past its deadline: forfeited (nothing was frozen for it). */
export async function forfeit(db: Db, id: number): Promise<Sub | undefined> {
  return db.transaction(async (tx) => {
    const row = await claim(tx, id, [SUB_STATUS.allotted], { status: SUB_STATUS.forfeited });
    if (row) await takeFromIssue(tx, row.issueId, -row.allottedQty);
    if (row) await notifyUsers(tx, [row.userId], subNotice('forfeited', await issueById(tx, row.issueId)));
    return row;
  });
}

/** Paid → a long position at the issue price, leverage 1, no fees; the frozen money becomes its margin. */
export async function convert(db: Db, id: number, adminId: number | null, now = new Date()): Promise<Sub> {
  return db.transaction(async (tx) => {
    const { sub, issue } = await subIssue(tx, id);
    const gid = `${issue.market}${issue.code}`;
    const [stock] = await tx.select().from(stocks).where(eq(stocks.gid, gid)).limit(1);
    if (!stock) throw fail('newshare.stock_missing', { gid });
    const row = await claim(tx, id, [SUB_STATUS.paid], { status: SUB_STATUS.converted, frozenAmount: '0', convertedAt: now });
    if (!row) throw await alreadyHandled(tx, id);
    const amount = new Decimal(sub.frozenAmount);
    await post(tx, sub.userId, [{ type: 'subscription_release', amount: m(amount), reference: sub.orderNo, adminId, note: 'converted' }]);
    const [u] = rows<{ agent_id: number | null }>(await tx.execute(sql`SELECT agent_id FROM users WHERE id = ${sub.userId}`));
    const zero = new Decimal(0);
    const p = await openPosition(tx, {
      userId: sub.userId,
      agentId: u?.agent_id ?? null,
      stock: {
        id: stock.id,
        gid,
        code: stock.code,
        name: stock.name,
        board: stock.board as 'main',
        st: stock.st,
        spreadRate: stock.spreadRate,
      },
      direction: 'long',
      shares: sub.allottedQty,
      leverage: 1,
      price: issue.issuePrice,
      cost: { amount, margin: amount, fee: zero, spread: zero, hold: amount },
      source: issue.kind === 'bond' ? 'newbond' : 'newshare',
      adminId,
      openedAt: now,
      note: sub.orderNo,
    });
    const [done] = await tx.update(newshareSubscriptions).set({ positionId: p.id }).where(eq(newshareSubscriptions.id, id)).returning();
    await notifyUsers(tx, [sub.userId], subNotice('converted', issue, sub.allottedQty));
    return done!;
  });
}

/** Edits an issue; once it has subscriptions its type and price stay as they were applied for. */
export async function updateIssue(db: Db, id: number, v: IssueInput, board: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(newshareIssues).where(eq(newshareIssues.id, id)).for('update');
    if (!cur) throw fail('newshare.issue_not_found');
    const [n] = rows<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM newshare_subscriptions WHERE issue_id = ${id}`));
    if (n!.n > 0 && (cur.subscribeType !== v.subscribeType || !new Decimal(cur.issuePrice).eq(v.issuePrice) || cur.code !== v.code))
      throw fail('newshare.issue_has_subscriptions');
    if (v.issueSize < cur.allottedQty) throw fail('newshare.size_below_allotted', { allotted: cur.allottedQty });
    await tx
      .update(newshareIssues)
      .set({
        code: v.code,
        name: v.name,
        market: v.market,
        board,
        underlyingCode: v.underlyingCode ?? null,
        issuePrice: v.issuePrice,
        peRatio: v.peRatio ?? null,
        issueSize: v.issueSize,
        maxPerUser: v.maxPerUser,
        subscribeType: v.subscribeType,
        subscribeDate: v.subscribeDate,
        allotDate: v.allotDate,
        payDeadline: v.payDeadline,
        listingDate: v.listingDate,
        shown: v.shown,
        locked: v.locked,
        autoConvert: v.autoConvert,
        updatedAt: new Date(),
      })
      .where(eq(newshareIssues.id, id));
  });
}

export async function setIssueFlag(db: Db, id: number, flag: { shown?: boolean; locked?: boolean }): Promise<void> {
  const r = await db
    .update(newshareIssues)
    .set({ ...flag, updatedAt: new Date() })
    .where(eq(newshareIssues.id, id))
    .returning({ id: newshareIssues.id });
  if (r.length === 0) throw fail('newshare.issue_not_found');
}
