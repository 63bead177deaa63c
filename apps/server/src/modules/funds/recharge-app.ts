import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { RechargeStatus, type AppChannelItem, type AppRechargeItem, type ChannelType, type Page } from '@stock-admin/contracts';
import { payChannels } from '../channels/tables.js';
import { rechargeOrders } from './tables.js';
import { users } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { notify } from '../../realtime/notify.js';
import { allowedChannelIds, allowedChannelsSql, todayStartSql } from '../channels/index.js';
import { fileUrl, saveUpload } from '../users/index.js';
import { paySettingsOf } from './paysettings.js';
import { orderNoSql } from './common.js';
import type { Db } from '../../db/client.js';
import type { PaySettings } from '@stock-admin/contracts';
import { claimPending, snapshotOf, type OrderRow, type Snapshot } from './recharge.js';
import './messages.js';
import { onePage } from '../../db/paging.js';
import { listDb } from '../../db/named.js';

// Deposit orders, the platform user's side (/app/*, usertoken): the channels they may pay into, opening
// an order, the receipt, cancelling, their own list. The console's side is recharge.ts.

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
  const reads = listDb(ctx.db);
  const ids = await allowedChannelIds(reads, userId);
  if (!ids.length) return [];
  const settings = await paySettingsOf(ctx);
  const list = await reads
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
  const settings = await paySettingsOf(ctx);
  // most orders the rules refuse (the hourly limit above all): refused on the rows as they are, in one statement with
  // no transaction and no lock; an order they allow is checked again under the user's row lock
  checkRecharge(await readRechargeState(listDb(ctx.db), userId, input.channelId), settings, input);
  const { o, user } = await ctx.db.transaction(async (tx) => {
    // the user row lock serialises this user's order creation (the hourly limit): the count is read after it
    const [user] = rows<{ phone: string; real_name: string | null }>(
      await tx.execute(sql`SELECT phone, real_name FROM users WHERE id = ${userId} FOR UPDATE`),
    );
    const { c, amount } = checkRecharge(await rechargeState(tx, userId, input.channelId), settings, input);
    const [row] = await tx
      .insert(rechargeOrders)
      .values({
        orderNo: orderNoSql('R'),
        userId,
        amount: amount.toFixed(2),
        channelId: c.id,
        channelSnapshot: snapshotOf(c),
        payerName: input.payerName ?? '',
        userNote: input.note ?? '',
        source: 'user',
      })
      .returning();
    // the channel's daily cap last: its row lock makes the deposits into one channel wait for each other, so it is
    // held for this sum and the commit only (taken first, it held every deposit's whole transaction: issue 51's ramp).
    // NO KEY UPDATE: the order's foreign key holds a KEY SHARE on the row, which a FOR UPDATE would deadlock with.
    if (c.dailyCap != null) {
      const [capped] = rows<{ cap: string | null }>(
        await tx.execute(sql`SELECT daily_cap::text AS cap FROM pay_channels WHERE id = ${c.id} FOR NO KEY UPDATE`),
      );
      // a statement of its own, after the lock: it sees every order into the channel committed before
      const [d] = rows<{ total: string }>(
        await tx.execute(sql`SELECT coalesce(sum(amount), 0)::text AS total FROM recharge_orders
                              WHERE channel_id = ${c.id} AND status IN (0, 1) AND created_at >= ${todayStartSql}`),
      );
      if (capped?.cap != null && new Decimal(d!.total).gt(capped.cap)) throw fail('recharge.daily_cap');
    }
    return { o: row!, user: user! };
  });
  notify(ctx, {
    type: 'RECHARGE',
    userId,
    data: { id: o.id, orderNo: o.orderNo, userId, userName: user.real_name ?? undefined, phone: user.phone, amount: o.amount },
  });
  return toAppItem(o);
}

/**
 * What a new order is checked against, in one statement: the user's state, whether the channel is one of their
 * tier's, the channel, and the orders they opened in the last hour and have not finished.
 */
const rechargeStateQuery = (db: Db, userId: number | Placeholder, channelId: number | Placeholder) =>
  db
    .select({
      user: { realState: users.realState, accountType: users.accountType, deletedAt: users.deletedAt },
      allowed: sql<boolean>`${channelId} IN (${allowedChannelsSql(userId)})`,
      open: sql<number>`(SELECT count(*)::int FROM recharge_orders
                         WHERE user_id = ${userId} AND status = 0 AND created_at > now() - interval '1 hour')`,
      channel: payChannels,
    })
    .from(users)
    .leftJoin(payChannels, eq(payChannels.id, channelId))
    .where(eq(users.id, userId));

type RechargeState = Awaited<ReturnType<typeof rechargeStateQuery>>[number] | undefined;

/** rechargeState in a transaction (under the user's row lock). */
async function rechargeState(db: Db, userId: number, channelId: number): Promise<RechargeState> {
  const [r] = await rechargeStateQuery(db, userId, channelId);
  return r;
}

/**
 * rechargeState outside a transaction, the first check of every deposit, as a statement built once per database
 * (named on PostgreSQL), not drizzle's select built again per call (bench/README, session 86: drizzle's query
 * building was 8–9 % of the server's busy time in a 240/s ramp).
 */
async function readRechargeState(db: Db, userId: number, channelId: number): Promise<RechargeState> {
  let read = stateReads.get(db);
  if (!read) {
    read = rechargeStateQuery(db, sql.placeholder('userId'), sql.placeholder('channelId')).prepare('funds_recharge_state');
    stateReads.set(db, read);
  }
  const [r] = await read.execute({ userId, channelId });
  return r;
}
const stateReads = new WeakMap<Db, { execute(values: { userId: number; channelId: number }): Promise<NonNullable<RechargeState>[]> }>();

/** The rules of a new order, in the order they are told: the channel and amount, or the refusal. */
function checkRecharge(
  r: RechargeState,
  settings: PaySettings,
  input: { channelId: number; amount: string },
): { c: NonNullable<typeof r>['channel'] & object; amount: Decimal } {
  if (!r || r.user.deletedAt) throw fail('user_not_found');
  if (r.user.accountType !== 0) throw fail('recharge.simulated_account');
  if (r.user.realState !== 2) throw fail('recharge.real_name_required');
  const c = r.channel;
  if (!r.allowed || !c || !c.enabled) throw fail('recharge.channel_not_allowed');
  const amount = new Decimal(input.amount);
  const min = Decimal.max(settings.minRecharge, c.minAmount ?? 0);
  if (amount.lt(min)) throw fail('recharge.below_min', { min: min.toFixed(2) });
  if (c.maxAmount != null && amount.gt(c.maxAmount)) throw fail('recharge.above_max', { max: c.maxAmount });
  if (Number(r.open) >= settings.maxOpenRechargePerHour) throw fail('recharge.too_many_open', { n: settings.maxOpenRechargePerHour });
  return { c, amount };
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
    onePage(ctx.db.select().from(rechargeOrders).where(cond).orderBy(desc(rechargeOrders.id)).$dynamic(), q),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rechargeOrders)
      .where(cond),
  ]);
  return { list: list.map(toAppItem), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
