import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import Decimal from 'decimal.js';
import {
  WithdrawStatus,
  type AppWithdrawItem,
  type Lang,
  type Page,
  type PaySettings,
  type WithdrawFilters,
  type WithdrawItem,
  type withdrawListData,
} from '@stock-admin/contracts';
import type { z } from 'zod';
import { admins, agents, users } from '../_kit/parties.js';
import { payChannels } from '../channels/tables.js';
import { userBanks } from '../users/tables.js';
import { withdrawals } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { reviewEach } from '../_kit/review.js';
import { fail } from '../../http/errors.js';
import { can } from '../../http/permissions.js';
import { LOCKED_USER_COLUMNS, type LedgerEntry, post, postLocked } from '../fundrecords/index.js';
import { notify } from '../../realtime/notify.js';
import { recomputeTiers } from '../channels/index.js';
import { userScope } from '../_kit/scope.js';
import { fundFilterSql, maskCard, orderNoSql, totalsOf } from './common.js';
import { paySettingsOf, withdrawFee, withinWithdrawHours } from './paysettings.js';
import './messages.js';
import { claimPending as claimPendingRow } from '../_kit/review.js';
import { keysetBatches, onePage } from '../../db/paging.js';
import { listDb } from '../../db/named.js';

type Row = typeof withdrawals.$inferSelect;

const reviewer = alias(admins, 'reviewer');

// ---------- reading ----------

function scopeConds(admin: Principal | null, f: WithdrawFilters): SQL[] {
  const where = fundFilterSql(withdrawals, f);
  const scope = userScope(admin, withdrawals.userId);
  if (scope) where.push(scope);
  return where;
}

function selectItems(db: Db) {
  return db
    .select({
      w: withdrawals,
      phone: users.phone,
      realName: users.realName,
      agentId: users.agentId,
      agentName: agents.name,
      payoutChannelName: payChannels.name,
      reviewedByName: reviewer.name,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(agents, eq(agents.id, users.agentId))
    .leftJoin(payChannels, eq(payChannels.id, withdrawals.payoutChannelId))
    .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewedBy));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

/** Staff who review withdrawals (edit) pay them out and need the full card number; others see it masked. */
const seesFullCard = (admin: Principal | null) => can(admin, 'withdrawallist', 'edit');

function toItem(ctx: AppContext, admin: Principal | null, r: Joined): WithdrawItem {
  const w = r.w;
  let cardNo = maskCard(w.cardLast4);
  if (seesFullCard(admin)) {
    try {
      cardNo = ctx.secrets.open(w.cardNoSealed);
    } catch {
      /* keep the masked number */
    }
  }
  return {
    id: w.id,
    orderNo: w.orderNo,
    userId: w.userId,
    phone: r.phone,
    realName: r.realName,
    agentId: r.agentId,
    agentName: r.agentName,
    amount: w.amount,
    fee: w.fee,
    status: w.status,
    bankName: w.bankName,
    bankBranch: w.bankBranch,
    holderName: w.holderName,
    cardNo,
    userNote: w.userNote,
    adminNote: w.adminNote,
    rejectReason: w.rejectReason,
    payoutChannelId: w.payoutChannelId,
    payoutChannelName: r.payoutChannelName,
    reviewedByName: r.reviewedByName,
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export async function getWithdrawal(ctx: AppContext, admin: Principal | null, id: number): Promise<WithdrawItem> {
  const [r] = await selectItems(ctx.db).where(eq(withdrawals.id, id)).limit(1);
  if (!r) throw fail('withdraw.not_found');
  return toItem(ctx, admin, r);
}

export async function listWithdrawals(
  ctx: AppContext,
  admin: Principal,
  q: WithdrawFilters & { pageNum: number; pageSize: number },
): Promise<z.output<typeof withdrawListData>> {
  const cond = and(...scopeConds(admin, q));
  const [list, [total], totals] = await Promise.all([
    onePage(selectItems(ctx.db).where(cond).orderBy(desc(withdrawals.id)).$dynamic(), q),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(cond),
    totalsOf(ctx.db, sql`withdrawals`, cond),
  ]);
  return { list: list.map((r) => toItem(ctx, admin, r)), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize, totals };
}

export async function* withdrawBatches(ctx: AppContext, admin: Principal, f: WithdrawFilters, size = 1000): AsyncGenerator<WithdrawItem[]> {
  const rows = keysetBatches(
    (before: number | undefined, n) => {
      const conds = scopeConds(admin, f);
      if (before !== undefined) conds.push(sql`${withdrawals.id} < ${before}`);
      return selectItems(ctx.db)
        .where(and(...conds))
        .orderBy(desc(withdrawals.id))
        .limit(n);
    },
    (r) => r.w.id,
    { size },
  );
  for await (const batch of rows) yield batch.map((r) => toItem(ctx, admin, r));
}

// ---------- state changes ----------

const reference = (id: number) => `withdraw:${id}`;

/** The entries that give back what a request held. */
function refundEntries(w: Row, adminId: number | null, note: string): LedgerEntry[] {
  const out: LedgerEntry[] = [{ type: 'withdraw_refund', amount: w.amount, reference: reference(w.id), adminId, note }];
  if (new Decimal(w.fee).gt(0)) out.push({ type: 'withdraw_fee_refund', amount: w.fee, reference: reference(w.id), adminId, note });
  return out;
}

/** Changes a pending request exactly once (the review kit's claimPending), or says why it cannot (not found / no longer pending). */
function claimPending(tx: Db, id: number, scope: SQL | undefined, set: Partial<typeof withdrawals.$inferInsert>): Promise<Row> {
  return claimPendingRow<typeof withdrawals, Row>(tx, {
    table: withdrawals,
    id: withdrawals.id,
    status: withdrawals.status,
    pending: WithdrawStatus.PENDING,
    rowId: id,
    scope,
    set: { ...set, updatedAt: new Date() },
    notFound: () => fail('withdraw.not_found'),
    notPending: (status) => fail(`withdraw.not_pending_${String(status)}`),
  });
}

export interface ReviewInput {
  state: 1 | 2;
  reason?: string;
  channelId?: number;
  note?: string;
}

/** Approves (1: paid, nothing more moves) or rejects (2: amount and fee refunded) a pending withdrawal. */
export async function reviewWithdrawal(
  ctx: AppContext,
  admin: Principal,
  id: number,
  r: ReviewInput,
): Promise<{ item: WithdrawItem; before: { status: number }; userId: number }> {
  if (r.state === WithdrawStatus.REJECTED && !r.reason) throw fail('withdraw.reason_required');
  const w = await ctx.db.transaction(async (tx) => {
    if (r.state === WithdrawStatus.PAID && r.channelId != null) {
      const [c] = await tx
        .select({ enabled: payChannels.enabled, withdrawable: payChannels.withdrawable })
        .from(payChannels)
        .where(eq(payChannels.id, r.channelId))
        .limit(1);
      if (!c || !c.enabled || !c.withdrawable) throw fail('withdraw.payout_channel_invalid');
    }
    const now = new Date();
    const row = await claimPending(tx, id, userScope(admin, withdrawals.userId), {
      status: r.state,
      reviewedBy: admin.adminId,
      reviewedAt: now,
      ...(r.state === WithdrawStatus.REJECTED ? { rejectReason: r.reason } : { payoutChannelId: r.channelId ?? null }),
      ...(r.note ? { adminNote: r.note } : {}),
    });
    if (r.state === WithdrawStatus.REJECTED) await post(tx, row.userId, refundEntries(row, admin.adminId, r.reason!));
    else await recomputeTiers(ctx, { userId: row.userId, db: tx });
    return row;
  });
  notify(ctx, { type: 'WITHDRAW_SETTLED', userId: w.userId, data: { id: w.id, userId: w.userId } });
  return { item: await getWithdrawal(ctx, admin, id), before: { status: WithdrawStatus.PENDING }, userId: w.userId };
}

/** Reviews selected rows one by one (the kit's loop), each reporting the request's status afterwards. */
export const batchReview = (ctx: AppContext, admin: Principal, ids: number[], r: ReviewInput, lang: Lang) =>
  reviewEach(ids, lang, async (id) => ({ status: (await reviewWithdrawal(ctx, admin, id, r)).item.status }), 'ok');

// ---------- trading app ----------

function toAppItem(w: Row): AppWithdrawItem {
  return {
    id: w.id,
    orderNo: w.orderNo,
    amount: w.amount,
    fee: w.fee,
    status: w.status,
    bankName: w.bankName,
    cardNoMasked: maskCard(w.cardLast4),
    rejectReason: w.rejectReason,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/**
 * A user requests a withdrawal: real-name approved, a bank card, not locked, within the withdrawal
 * hours, amount ≥ the minimum and ≤ free cash; the fee (amount × percent + fixed) is charged on
 * top. Amount and fee leave equity and free cash at once (held); a rejection or cancellation gives
 * them back. Raises WITHDRAW_REQUEST.
 */
export async function applyWithdrawal(
  ctx: AppContext,
  userId: number,
  input: { amount: string; bankId?: number; note?: string },
  now: Date = new Date(),
): Promise<AppWithdrawItem> {
  const settings = await paySettingsOf(ctx);
  if (!withinWithdrawHours(settings, now))
    throw fail('withdraw.outside_hours', { start: settings.withdrawStart, end: settings.withdrawEnd });
  // most requests the rules refuse (no card, not enough free cash): refused on the rows as they are, with no
  // transaction and no lock; a request they allow is checked again on the locked row
  checkWithdrawal(await withdrawerOf(listDb(ctx.db), userId, input.bankId), settings, input);
  const { w, user } = await ctx.db.transaction(async (tx) => {
    const state = await withdrawerOf(tx, userId, input.bankId, true);
    const { amount, fee, bank } = checkWithdrawal(state, settings, input);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        orderNo: orderNoSql('W', now),
        userId,
        amount: amount.toFixed(2),
        fee,
        bankName: bank.bankName,
        bankBranch: bank.branch,
        holderName: bank.holderName,
        cardNoSealed: bank.cardNoSealed,
        cardLast4: bank.cardLast4,
        userNote: input.note ?? '',
      })
      .returning();
    const entries: LedgerEntry[] = [
      { type: 'withdraw', amount: amount.neg().toFixed(2), reference: reference(row!.id), note: row!.orderNo },
    ];
    if (new Decimal(fee).gt(0))
      entries.push({ type: 'withdraw_fee', amount: new Decimal(fee).neg().toFixed(2), reference: reference(row!.id), note: row!.orderNo });
    await postLocked(tx, state.user!, entries);
    return { w: row!, user: state.user! };
  });
  notify(ctx, {
    type: 'WITHDRAW_REQUEST',
    userId,
    data: { id: w.id, orderNo: w.orderNo, userId, userName: user.realName ?? undefined, phone: user.phone, amount: w.amount },
  });
  return toAppItem(w);
}

/** The user and the card a withdrawal pays to (the one named, or the newest), as one select. */
const withdrawerQuery = (db: Db, userId: number | Placeholder, bankId: number | Placeholder | undefined) =>
  db
    .select({
      user: {
        ...LOCKED_USER_COLUMNS,
        realState: users.realState,
        tradeLocked: users.tradeLocked,
        loginLocked: users.loginLocked,
        phone: users.phone,
        realName: users.realName,
      },
      bank: userBanks,
    })
    .from(users)
    .leftJoin(
      userBanks,
      and(
        eq(userBanks.userId, users.id),
        bankId != null ? eq(userBanks.id, bankId) : sql`${userBanks.id} = (SELECT max(id) FROM user_banks WHERE user_id = ${userId})`,
      ),
    )
    .where(eq(users.id, userId));

type WithdrawerRow = Awaited<ReturnType<typeof withdrawerQuery>>[number] | undefined;
const withdrawer = (r: WithdrawerRow) => ({ user: r?.user, bank: r?.bank ?? undefined });

/**
 * The user (locked for posting, with `lock`) and the card a withdrawal pays to. Unlocked (the first check of every
 * withdrawal, outside its transaction) it is a statement built once per database and card choice (named on
 * PostgreSQL), not drizzle's select built again per call (as a deposit's first check: recharge-app.ts).
 */
async function withdrawerOf(db: Db, userId: number, bankId: number | undefined, lock = false) {
  if (lock) {
    const [r] = await withdrawerQuery(db, userId, bankId).for('update', { of: users });
    return withdrawer(r);
  }
  const named = bankId != null;
  let reads = withdrawerReads.get(db);
  if (!reads) withdrawerReads.set(db, (reads = {}));
  const key = named ? 'card' : 'newest';
  const read = (reads[key] ??= withdrawerQuery(db, sql.placeholder('userId'), named ? sql.placeholder('bankId') : undefined).prepare(
    `funds_withdrawer_${key}`,
  ));
  const [r] = await read.execute({ userId, bankId });
  return withdrawer(r);
}
type WithdrawerRead = { execute(values: { userId: number; bankId?: number }): Promise<NonNullable<WithdrawerRow>[]> };
const withdrawerReads = new WeakMap<Db, Partial<Record<'card' | 'newest', WithdrawerRead>>>();

/** The rules of a withdrawal, in the order they are told: what it moves, or the refusal. */
function checkWithdrawal(
  { user: u, bank }: Awaited<ReturnType<typeof withdrawerOf>>,
  settings: PaySettings,
  input: { amount: string; bankId?: number },
) {
  if (!u || u.deletedAt) throw fail('user_not_found');
  if (u.accountType !== 0) throw fail('withdraw.simulated_account');
  if (u.realState !== 2) throw fail('withdraw.real_name_required');
  if (u.tradeLocked || u.loginLocked) throw fail('withdraw.account_locked');
  if (!bank) throw fail(input.bankId != null ? 'withdraw.bank_not_found' : 'withdraw.no_bank_card');
  const amount = new Decimal(input.amount);
  if (amount.lt(settings.minWithdraw)) throw fail('withdraw.below_min', { min: settings.minWithdraw });
  const free = new Decimal(u.enableAmt);
  if (amount.gt(free)) throw fail('withdraw.exceeds_free_cash', { available: free.toFixed(2) });
  const fee = withdrawFee(settings, amount.toFixed(2));
  if (amount.plus(fee).gt(free)) throw fail('withdraw.fee_exceeds_free_cash', { fee, available: free.toFixed(2) });
  return { amount, fee, bank };
}

/** The user cancels their own pending request: status 3, amount and fee refunded. */
export async function cancelWithdrawal(ctx: AppContext, userId: number, id: number): Promise<AppWithdrawItem> {
  const w = await ctx.db.transaction(async (tx) => {
    const row = await claimPending(tx, id, eq(withdrawals.userId, userId), { status: WithdrawStatus.CANCELLED });
    await post(tx, userId, refundEntries(row, null, 'cancelled'));
    return row;
  });
  notify(ctx, { type: 'WITHDRAW_SETTLED', userId, data: { id: w.id, userId } });
  return toAppItem(w);
}

export async function listUserWithdrawals(
  ctx: AppContext,
  userId: number,
  q: { pageNum: number; pageSize: number; status?: number },
): Promise<Page<AppWithdrawItem>> {
  const cond = and(eq(withdrawals.userId, userId), q.status != null ? eq(withdrawals.status, q.status) : undefined);
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(withdrawals).where(cond).orderBy(desc(withdrawals.id)).$dynamic(), q),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(cond),
  ]);
  return { list: list.map(toAppItem), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
