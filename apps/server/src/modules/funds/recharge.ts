import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_LANG,
  RechargeStatus,
  type AppRechargeItem,
  type ChannelType,
  type RechargeFilters,
  type RechargeItem,
  type rechargeListData,
} from '@stock-admin/contracts';
import type { z } from 'zod';
import { admins, agents, users } from '../_kit/parties.js';
import { payChannels } from '../channels/tables.js';
import { rechargeOrders } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { post } from '../fundrecords/index.js';
import { notify } from '../../realtime/notify.js';
import { recomputeTiers } from '../channels/index.js';
import { assertUserInScope, userScope } from '../_kit/scope.js';
import { sendMessage } from '../messages/index.js';
import { t } from '../../app/i18n.js';
import { fundFilterSql, orderNoSql, totalsOf } from './common.js';
import './messages.js';
import { claimPending as claimPendingRow } from '../_kit/review.js';
import { keysetBatches, onePage } from '../../db/paging.js';

// Deposit orders, the console's side: list and export, confirm, reject, create, note. The platform
// user's side (/app/*: channels, open, receipt, cancel, own list) is recharge-app.ts.

export type OrderRow = typeof rechargeOrders.$inferSelect;
export type Snapshot = AppRechargeItem['channel'];

const creator = alias(admins, 'creator');
const reviewer = alias(admins, 'reviewer');

/** What an order keeps of its channel as it was when the order was opened. */
export function snapshotOf(c: typeof payChannels.$inferSelect): Snapshot {
  return {
    type: c.type as ChannelType,
    name: c.name,
    displayName: c.displayName,
    payeeName: c.payeeName,
    account: c.account,
    bankName: c.bankName,
    bankBranch: c.bankBranch,
    qrImage: c.qrImage,
  };
}

// ---------- reading ----------

function scopeConds(admin: Principal | null, f: RechargeFilters): SQL[] {
  const where = fundFilterSql(rechargeOrders, f);
  if (f.channelId != null) where.push(eq(rechargeOrders.channelId, f.channelId));
  if (f.source) where.push(eq(rechargeOrders.source, f.source));
  const scope = userScope(admin, rechargeOrders.userId);
  if (scope) where.push(scope);
  return where;
}

function selectItems(db: Db) {
  return db
    .select({
      o: rechargeOrders,
      phone: users.phone,
      realName: users.realName,
      agentId: users.agentId,
      agentName: agents.name,
      createdByName: creator.name,
      reviewedByName: reviewer.name,
    })
    .from(rechargeOrders)
    .innerJoin(users, eq(users.id, rechargeOrders.userId))
    .leftJoin(agents, eq(agents.id, users.agentId))
    .leftJoin(creator, eq(creator.id, rechargeOrders.createdByAdmin))
    .leftJoin(reviewer, eq(reviewer.id, rechargeOrders.reviewedBy));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

function toItem(r: Joined): RechargeItem {
  const o = r.o;
  return {
    id: o.id,
    orderNo: o.orderNo,
    userId: o.userId,
    phone: r.phone,
    realName: r.realName,
    agentId: r.agentId,
    agentName: r.agentName,
    amount: o.amount,
    channelId: o.channelId,
    channel: o.channelSnapshot as Snapshot,
    status: o.status,
    source: o.source as 'user' | 'admin',
    payerName: o.payerName,
    receiptImage: o.receiptImage,
    userNote: o.userNote,
    adminNote: o.adminNote,
    rejectReason: o.rejectReason,
    createdByName: r.createdByName,
    reviewedByName: r.reviewedByName,
    reviewedAt: o.reviewedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export async function getRecharge(db: Db, id: number): Promise<RechargeItem> {
  const [r] = await selectItems(db).where(eq(rechargeOrders.id, id)).limit(1);
  if (!r) throw fail('recharge.not_found');
  return toItem(r);
}

export async function listRecharges(
  ctx: AppContext,
  admin: Principal,
  q: RechargeFilters & { pageNum: number; pageSize: number },
): Promise<z.output<typeof rechargeListData>> {
  const cond = and(...scopeConds(admin, q));
  const [list, [total], totals] = await Promise.all([
    onePage(selectItems(ctx.db).where(cond).orderBy(desc(rechargeOrders.id)).$dynamic(), q),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rechargeOrders)
      .where(cond),
    totalsOf(ctx.db, sql`recharge_orders`, cond),
  ]);
  return { list: list.map(toItem), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize, totals };
}

/** Batches of the filtered deposits for the CSV export (newest first, keyset paging). */
export async function* rechargeBatches(ctx: AppContext, admin: Principal, f: RechargeFilters, size = 1000): AsyncGenerator<RechargeItem[]> {
  const rows = keysetBatches(
    (before: number | undefined, n) => {
      const conds = scopeConds(admin, f);
      if (before !== undefined) conds.push(sql`${rechargeOrders.id} < ${before}`);
      return selectItems(ctx.db)
        .where(and(...conds))
        .orderBy(desc(rechargeOrders.id))
        .limit(n);
    },
    (r) => r.o.id,
    { size },
  );
  for await (const batch of rows) yield batch.map(toItem);
}

// ---------- state changes ----------

/** Changes a pending order exactly once (the review kit's claimPending), or says why it cannot (not found / no longer pending). */
export function claimPending(
  tx: Db,
  id: number,
  scope: SQL | undefined,
  set: Partial<typeof rechargeOrders.$inferInsert>,
): Promise<OrderRow> {
  return claimPendingRow<typeof rechargeOrders, OrderRow>(tx, {
    table: rechargeOrders,
    id: rechargeOrders.id,
    status: rechargeOrders.status,
    pending: RechargeStatus.PENDING,
    rowId: id,
    scope,
    set: { ...set, updatedAt: new Date() },
    notFound: () => fail('recharge.not_found'),
    notPending: (status) => fail(`recharge.not_pending_${String(status)}`),
  });
}

/** Credits a successful order through the ledger (inside the caller's transaction). */
async function credit(ctx: AppContext, tx: Db, o: OrderRow, adminId: number | null): Promise<void> {
  await post(tx, o.userId, [{ type: 'recharge', amount: o.amount, reference: `recharge:${o.id}`, adminId, note: o.orderNo }]);
  await recomputeTiers(ctx, { userId: o.userId, db: tx });
}

/** Confirms a pending deposit: status 1 and the amount credited to equity and free cash, once. */
export async function confirmRecharge(
  ctx: AppContext,
  admin: Principal,
  id: number,
  note?: string,
): Promise<{ item: RechargeItem; before: { status: number } }> {
  const userId = await ctx.db.transaction(async (tx) => {
    const o = await claimPending(tx, id, userScope(admin, rechargeOrders.userId), {
      status: RechargeStatus.SUCCESS,
      reviewedBy: admin.adminId,
      reviewedAt: new Date(),
      ...(note ? { adminNote: note } : {}),
    });
    await credit(ctx, tx, o, admin.adminId);
    return o.userId;
  });
  notify(ctx, { type: 'RECHARGE_SETTLED', userId, data: { id, userId } });
  return { item: await getRecharge(ctx.db, id), before: { status: RechargeStatus.PENDING } };
}

/** Rejects a pending deposit with a reason: status 2, no money moves; the console and the user are told. */
export async function rejectRecharge(
  ctx: AppContext,
  admin: Principal,
  id: number,
  reason: string,
): Promise<{ item: RechargeItem; before: { status: number }; stationError: unknown }> {
  const o = await ctx.db.transaction((tx) =>
    claimPending(tx, id, userScope(admin, rechargeOrders.userId), {
      status: RechargeStatus.FAILED,
      rejectReason: reason,
      reviewedBy: admin.adminId,
      reviewedAt: new Date(),
    }),
  );
  const item = await getRecharge(ctx.db, id);
  notify(ctx, {
    type: 'RECHARGE_FAILURE',
    userId: o.userId,
    data: {
      id: o.id,
      orderNo: o.orderNo,
      userId: o.userId,
      userName: item.realName ?? undefined,
      phone: item.phone,
      amount: o.amount,
      reason,
    },
  });
  notify(ctx, { type: 'RECHARGE_SETTLED', userId: o.userId, data: { id: o.id, userId: o.userId } });
  const stationError = await stationMessage(ctx, admin, o.userId, 'recharge_rejected', { orderNo: o.orderNo, amount: o.amount, reason });
  return { item, before: { status: RechargeStatus.PENDING }, stationError };
}

/**
 * A deposit created in the console: pending (confirmed later like any other), or successful at once
 * (credited in the same transaction; the contract requires a note then). Raises CREATEORDER.
 */
export async function adminCreateRecharge(
  ctx: AppContext,
  admin: Principal,
  input: { userId: number; amount: string; channelId?: number; status: number; note?: string },
): Promise<RechargeItem> {
  await assertUserInScope(ctx.db, admin, input.userId);
  const id = await ctx.db.transaction(async (tx) => {
    const [u] = await tx.select({ accountType: users.accountType }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (!u) throw fail('user_not_found');
    if (u.accountType !== 0) throw fail('recharge.simulated_account');
    let snapshot: Snapshot = {};
    if (input.channelId != null) {
      const [c] = await tx.select().from(payChannels).where(eq(payChannels.id, input.channelId)).limit(1);
      if (!c) throw fail('channel.not_found');
      snapshot = snapshotOf(c);
    }
    const now = new Date();
    const success = input.status === RechargeStatus.SUCCESS;
    const [o] = await tx
      .insert(rechargeOrders)
      .values({
        orderNo: orderNoSql('R', now),
        userId: input.userId,
        amount: input.amount,
        channelId: input.channelId ?? null,
        channelSnapshot: snapshot,
        status: success ? RechargeStatus.SUCCESS : RechargeStatus.PENDING,
        source: 'admin',
        adminNote: input.note ?? '',
        createdByAdmin: admin.adminId,
        ...(success ? { reviewedBy: admin.adminId, reviewedAt: now } : {}),
      })
      .returning();
    if (success) await credit(ctx, tx, o!, admin.adminId);
    return o!.id;
  });
  const item = await getRecharge(ctx.db, id);
  notify(ctx, {
    type: 'CREATEORDER',
    userId: item.userId,
    data: {
      id,
      orderNo: item.orderNo,
      userId: item.userId,
      userName: item.realName ?? undefined,
      phone: item.phone,
      amount: item.amount,
      status: item.status,
    },
  });
  return item;
}

export async function updateRechargeNote(
  ctx: AppContext,
  admin: Principal,
  id: number,
  note: string,
): Promise<{ item: RechargeItem; before: { adminNote: string } }> {
  const scope = userScope(admin, rechargeOrders.userId);
  const [old] = await ctx.db
    .select({ adminNote: rechargeOrders.adminNote })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, id), scope))
    .limit(1);
  if (!old) throw fail('recharge.not_found');
  await ctx.db
    .update(rechargeOrders)
    .set({ adminNote: note, updatedAt: new Date() })
    .where(and(eq(rechargeOrders.id, id), scope));
  return { item: await getRecharge(ctx.db, id), before: old };
}

// ---------- station messages ----------

/**
 * Tells the user in their station messages (站内消息, in the default language). A failure there is
 * logged and never undoes the review.
 */
async function stationMessage(
  ctx: AppContext,
  admin: Principal,
  userId: number,
  key: string,
  params: Record<string, string>,
): Promise<unknown> {
  try {
    await sendMessage(
      ctx,
      admin,
      {
        title: t(DEFAULT_LANG, `station.${key}.title`),
        content: t(DEFAULT_LANG, `station.${key}.body`, params),
        audience: 'users',
        userIds: [userId],
      },
      () => undefined,
    );
    return null;
  } catch (err) {
    return err;
  }
}
