import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import Decimal from 'decimal.js';
import {
  DEFAULT_LANG,
  RechargeStatus,
  type AppChannelItem,
  type AppRechargeItem,
  type ChannelType,
  type Page,
  type RechargeFilters,
  type RechargeItem,
  type rechargeListData,
} from '@stock-admin/contracts';
import type { z } from 'zod';
import { admins, agents, payChannels, rechargeOrders, users } from '../../db/schema/index.js';
import { rows } from '../../db/migrate.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../http/context.js';
import { fail } from '../../http/errors.js';
import { post } from '../../ledger/index.js';
import { notify } from '../../realtime/notify.js';
import { allowedChannelIds, recomputeTiers } from '../channels/layering.js';
import { todayStartSql } from '../channels/service.js';
import { assertUserInScope, userScope } from '../agents/scope.js';
import { fileUrl, saveUpload } from '../users/uploads.js';
import { sendMessage } from '../messages/service.js';
import { t } from '../../http/i18n.js';
import { fundFilterSql, newOrderNo, totalsOf } from './common.js';
import { getPaySettings } from './paysettings.js';
import './messages.js';

type OrderRow = typeof rechargeOrders.$inferSelect;
type Snapshot = AppRechargeItem['channel'];

const creator = alias(admins, 'creator');
const reviewer = alias(admins, 'reviewer');

function snapshotOf(c: typeof payChannels.$inferSelect): Snapshot {
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
    selectItems(ctx.db)
      .where(cond)
      .orderBy(desc(rechargeOrders.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
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
  let before: number | null = null;
  for (;;) {
    const conds = scopeConds(admin, f);
    if (before != null) conds.push(sql`${rechargeOrders.id} < ${before}`);
    const batch = await selectItems(ctx.db)
      .where(and(...conds))
      .orderBy(desc(rechargeOrders.id))
      .limit(size);
    if (!batch.length) return;
    yield batch.map(toItem);
    before = batch[batch.length - 1]!.o.id;
    if (batch.length < size) return;
  }
}

// ---------- state changes ----------

/** Locks a pending order for a change, or explains why it cannot change (not found / no longer pending). */
async function claimPending(
  tx: Db,
  id: number,
  scope: SQL | undefined,
  set: Partial<typeof rechargeOrders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(rechargeOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.status, RechargeStatus.PENDING), scope))
    .returning();
  if (row) return row;
  const [cur] = await tx
    .select({ status: rechargeOrders.status })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, id), scope))
    .limit(1);
  if (!cur) throw fail('recharge.not_found');
  throw fail(`recharge.not_pending_${cur.status}`);
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
        orderNo: await newOrderNo(tx, 'R', now),
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

// ---------- trading app ----------

function toAppItem(o: OrderRow): AppRechargeItem {
  return {
    id: o.id,
    orderNo: o.orderNo,
    amount: o.amount,
    status: o.status,
    channel: o.channelSnapshot as Snapshot,
    payerName: o.payerName,
    receiptImage: o.receiptImage,
    userNote: o.userNote,
    rejectReason: o.rejectReason,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** The channels the user may pay into now, with the effective minimum (site minimum or channel minimum, the larger). */
export async function appChannels(ctx: AppContext, userId: number): Promise<AppChannelItem[]> {
  const ids = await allowedChannelIds(ctx.db, userId);
  if (!ids.length) return [];
  const settings = await getPaySettings(ctx.db);
  const list = await ctx.db
    .select()
    .from(payChannels)
    .where(
      sql`${payChannels.id} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .orderBy(payChannels.sort, payChannels.id);
  return list.map((c) => ({
    id: c.id,
    type: c.type as ChannelType,
    displayName: c.displayName,
    payeeName: c.payeeName,
    account: c.account,
    bankName: c.bankName,
    bankBranch: c.bankBranch,
    qrImage: c.qrImage,
    minAmount: Decimal.max(settings.minRecharge, c.minAmount ?? 0).toFixed(2),
    maxAmount: c.maxAmount,
  }));
}

/**
 * A user opens a deposit order: real-name approved, a channel of their tier, the amount within the
 * site minimum and the channel's min/max and daily cap, and fewer than N pending orders opened in
 * the last hour. Raises RECHARGE.
 */
export async function createUserRecharge(
  ctx: AppContext,
  userId: number,
  input: { channelId: number; amount: string; payerName?: string; note?: string },
): Promise<AppRechargeItem> {
  const o = await ctx.db.transaction(async (tx) => {
    // the user row lock serialises this user's order creation (the hourly limit)
    const [u] = rows<{ real_state: number; account_type: number; login_locked: boolean; deleted_at: Date | null }>(
      await tx.execute(sql`SELECT real_state, account_type, login_locked, deleted_at FROM users WHERE id = ${userId} FOR UPDATE`),
    );
    if (!u || u.deleted_at) throw fail('user_not_found');
    if (u.account_type !== 0) throw fail('recharge.simulated_account');
    if (u.real_state !== 2) throw fail('recharge.real_name_required');
    const settings = await getPaySettings(tx);
    if (!(await allowedChannelIds(tx, userId)).includes(input.channelId)) throw fail('recharge.channel_not_allowed');
    const [c] = await tx.select().from(payChannels).where(eq(payChannels.id, input.channelId)).for('update').limit(1);
    if (!c || !c.enabled) throw fail('recharge.channel_not_allowed');
    const amount = new Decimal(input.amount);
    const min = Decimal.max(settings.minRecharge, c.minAmount ?? 0);
    if (amount.lt(min)) throw fail('recharge.below_min', { min: min.toFixed(2) });
    if (c.maxAmount != null && amount.gt(c.maxAmount)) throw fail('recharge.above_max', { max: c.maxAmount });
    if (c.dailyCap != null) {
      const [d] = rows<{ total: string }>(
        await tx.execute(sql`SELECT coalesce(sum(amount), 0)::text AS total FROM recharge_orders
                              WHERE channel_id = ${c.id} AND status IN (0, 1) AND created_at >= ${todayStartSql}`),
      );
      if (amount.plus(d!.total).gt(c.dailyCap)) throw fail('recharge.daily_cap');
    }
    const [open] = rows<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM recharge_orders
                            WHERE user_id = ${userId} AND status = 0 AND created_at > now() - interval '1 hour'`),
    );
    if (open!.n >= settings.maxOpenRechargePerHour) throw fail('recharge.too_many_open', { n: settings.maxOpenRechargePerHour });
    const [row] = await tx
      .insert(rechargeOrders)
      .values({
        orderNo: await newOrderNo(tx, 'R'),
        userId,
        amount: amount.toFixed(2),
        channelId: c.id,
        channelSnapshot: snapshotOf(c),
        payerName: input.payerName ?? '',
        userNote: input.note ?? '',
        source: 'user',
      })
      .returning();
    return row!;
  });
  const [u] = await ctx.db.select({ phone: users.phone, realName: users.realName }).from(users).where(eq(users.id, userId)).limit(1);
  notify(ctx, {
    type: 'RECHARGE',
    userId,
    data: { id: o.id, orderNo: o.orderNo, userId, userName: u?.realName ?? undefined, phone: u?.phone, amount: o.amount },
  });
  return toAppItem(o);
}

/** Attaches the payment receipt (an image file, or the URL of one) to the user's pending order. */
export async function attachReceipt(
  ctx: AppContext,
  userId: number,
  id: number,
  receipt: string | { filename: string; mimetype: string; data: Uint8Array },
): Promise<AppRechargeItem> {
  return ctx.db.transaction(async (tx) => {
    const [cur] = await tx
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.userId, userId)))
      .for('update')
      .limit(1);
    if (!cur) throw fail('recharge.not_found');
    if (cur.status !== RechargeStatus.PENDING) throw fail(`recharge.not_pending_${cur.status}`);
    const url = typeof receipt === 'string' ? receipt : fileUrl((await saveUpload(tx, receipt, { appUserId: userId, userId })).key)!;
    const [row] = await tx
      .update(rechargeOrders)
      .set({ receiptImage: url, updatedAt: new Date() })
      .where(eq(rechargeOrders.id, id))
      .returning();
    return toAppItem(row!);
  });
}

/** The user cancels their own pending order (status 3; nothing had moved). */
export async function cancelUserRecharge(ctx: AppContext, userId: number, id: number): Promise<AppRechargeItem> {
  const o = await ctx.db.transaction((tx) => claimPending(tx, id, eq(rechargeOrders.userId, userId), { status: RechargeStatus.CANCELLED }));
  notify(ctx, { type: 'RECHARGE_SETTLED', userId, data: { id: o.id, userId } });
  return toAppItem(o);
}

export async function listUserRecharges(
  ctx: AppContext,
  userId: number,
  q: { pageNum: number; pageSize: number; status?: number },
): Promise<Page<AppRechargeItem>> {
  const cond = and(eq(rechargeOrders.userId, userId), q.status != null ? eq(rechargeOrders.status, q.status) : undefined);
  const [list, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(rechargeOrders)
      .where(cond)
      .orderBy(desc(rechargeOrders.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rechargeOrders)
      .where(cond),
  ]);
  return { list: list.map(toAppItem), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
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
