import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { ChannelItem, ChannelType, Page, channelAddInput, channelListQuery, channelUpdateInput } from '@stock-admin/contracts';
import { payChannels } from './tables.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { maskSecret } from '../../lib/secretbox.js';
import './messages.js';
import { likeContains } from '../../db/like.js';
import { onePage } from '../../db/paging.js';

type ChannelRow = typeof payChannels.$inferSelect;
type AddInput = z.output<typeof channelAddInput>;
type UpdateInput = z.output<typeof channelUpdateInput>;

/** Only the last 4 characters of a secret, and nothing at all of a short one. */
export function maskChannelSecret(plain: string | null | undefined): string {
  if (!plain) return '';
  return plain.length <= 8 ? '********' : maskSecret(plain);
}

function openMasked(ctx: AppContext, sealed: string | null): string {
  if (!sealed) return '';
  try {
    return maskChannelSecret(ctx.secrets.open(sealed));
  } catch {
    return '********';
  }
}

/** The decrypted gateway credentials, for code that signs gateway requests (never for responses). */
export async function channelSecrets(ctx: AppContext, id: number): Promise<{ merchantCode: string; merchantKey: string } | null> {
  const [c] = await ctx.db.select().from(payChannels).where(eq(payChannels.id, id)).limit(1);
  if (!c) return null;
  return {
    merchantCode: c.merchantCodeSealed ? ctx.secrets.open(c.merchantCodeSealed) : '',
    merchantKey: c.merchantKeySealed ? ctx.secrets.open(c.merchantKeySealed) : '',
  };
}

interface Extras {
  todayAmount: string;
  layerings: { id: number; layeringName: string }[];
}

function toItem(ctx: AppContext, c: ChannelRow, x: Extras): ChannelItem {
  return {
    id: c.id,
    type: c.type as ChannelType,
    name: c.name,
    displayName: c.displayName,
    payeeName: c.payeeName,
    account: c.account,
    bankName: c.bankName,
    bankBranch: c.bankBranch,
    qrImage: c.qrImage,
    minAmount: c.minAmount,
    maxAmount: c.maxAmount,
    dailyCap: c.dailyCap,
    gatewayUrl: c.gatewayUrl,
    merchantCode: openMasked(ctx, c.merchantCodeSealed),
    merchantKey: openMasked(ctx, c.merchantKeySealed),
    shown: c.shown,
    enabled: c.enabled,
    withdrawable: c.withdrawable,
    sort: c.sort,
    remark: c.remark,
    todayAmount: new Decimal(x.todayAmount).toFixed(2),
    layerings: x.layerings,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Start of today in Asia/Shanghai, as SQL. */
export const todayStartSql = sql`(date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;

/** Tier names and today's successful deposit total of each channel. */
async function extrasFor(db: Db, ids: number[]): Promise<Map<number, Extras>> {
  const out = new Map<number, Extras>(ids.map((id) => [id, { todayAmount: '0', layerings: [] }]));
  if (!ids.length) return out;
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const links = rows<{ channel_id: number; id: number; layering_name: string }>(
    await db.execute(sql`
      SELECT cl.channel_id, t.id, t.layering_name
      FROM channel_layering cl JOIN layering_tiers t ON t.id = cl.layering_id
      WHERE cl.channel_id IN (${idList}) ORDER BY t.id`),
  );
  for (const l of links) out.get(l.channel_id)?.layerings.push({ id: l.id, layeringName: l.layering_name });
  for (const [id, amount] of await todayDepositTotals(db, ids)) out.get(id)!.todayAmount = amount;
  return out;
}

/** Successful deposits into each channel today (Asia/Shanghai), for the daily cap. */
async function todayDepositTotals(db: Db, ids: number[]): Promise<Map<number, string>> {
  const r = rows<{ channel_id: number; total: string }>(
    await db.execute(sql`
      SELECT channel_id, sum(amount)::text AS total FROM recharge_orders
      WHERE channel_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) AND status = 1 AND created_at >= ${todayStartSql}
      GROUP BY channel_id`),
  );
  return new Map(r.map((x) => [x.channel_id, x.total]));
}

/** Deposits and withdrawals that name the channel. */
async function channelReferences(db: Db, id: number): Promise<number> {
  const [r] = rows<{ n: number }>(
    await db.execute(sql`SELECT ((SELECT count(*) FROM recharge_orders WHERE channel_id = ${id}) +
                                 (SELECT count(*) FROM withdrawals WHERE payout_channel_id = ${id}))::int AS n`),
  );
  return r?.n ?? 0;
}

export async function listChannels(
  ctx: AppContext,
  q: z.output<typeof channelListQuery>,
  opts: { withdrawalsOnly?: boolean } = {},
): Promise<Page<ChannelItem>> {
  const where: SQL[] = [];
  if (q.type) where.push(eq(payChannels.type, q.type));
  if (q.keyword)
    where.push(
      or(
        ilike(payChannels.name, likeContains(q.keyword)),
        ilike(payChannels.displayName, likeContains(q.keyword)),
        ilike(payChannels.account, likeContains(q.keyword)),
      )!,
    );
  if (q.enabled !== undefined) where.push(eq(payChannels.enabled, q.enabled));
  if (q.shown !== undefined) where.push(eq(payChannels.shown, q.shown));
  if (q.withdrawable !== undefined) where.push(eq(payChannels.withdrawable, q.withdrawable));
  if (opts.withdrawalsOnly) where.push(eq(payChannels.withdrawable, true), eq(payChannels.enabled, true));
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(payChannels).where(cond).orderBy(asc(payChannels.sort), asc(payChannels.id)).$dynamic(), q),
    ctx.db.select({ n: count() }).from(payChannels).where(cond),
  ]);
  const extras = await extrasFor(
    ctx.db,
    list.map((c) => c.id),
  );
  return {
    list: list.map((c) => toItem(ctx, c, extras.get(c.id)!)),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function getChannel(ctx: AppContext, id: number, db: Db = ctx.db): Promise<ChannelItem> {
  const [c] = await db.select().from(payChannels).where(eq(payChannels.id, id)).limit(1);
  if (!c) throw fail('channel.not_found');
  return toItem(ctx, c, (await extrasFor(db, [id])).get(id)!);
}

/** A secret field from a form: empty or the masked value echoed back keeps what is stored. */
const keepsSecret = (v: string | undefined) => !v || v.startsWith('****');

/** The rules a channel must meet whatever the form sent (checked after merging an update). */
function checkChannel(c: {
  type: string;
  payeeName: string;
  account: string;
  bankName: string;
  qrImage: string;
  gatewayUrl: string;
  hasMerchantCode: boolean;
  minAmount: string | null;
  maxAmount: string | null;
}): void {
  const need = (field: string, v: unknown) => {
    if (!v) throw invalid(field, 'reason.invalid_for_type');
  };
  switch (c.type) {
    case 'bank':
      need('payeeName', c.payeeName);
      need('bankName', c.bankName);
      need('account', c.account);
      break;
    case 'alipay':
    case 'wechat':
      need('account', c.account || c.qrImage);
      break;
    case 'usdt':
      need('account', c.account);
      break;
    case 'gateway':
      need('gatewayUrl', c.gatewayUrl);
      need('merchantCode', c.hasMerchantCode);
      break;
  }
  if (c.minAmount != null && c.maxAmount != null && new Decimal(c.minAmount).gt(c.maxAmount))
    throw invalid('maxAmount', 'reason.invalid_min_max');
}

function snapshot(c: ChannelRow) {
  const { merchantCodeSealed, merchantKeySealed, ...rest } = c;
  return { ...rest, merchantCode: merchantCodeSealed ? 'set' : '', merchantKey: merchantKeySealed ? 'set' : '' };
}

export async function addChannel(ctx: AppContext, input: AddInput): Promise<{ item: ChannelItem; after: unknown }> {
  const values = {
    type: input.type,
    name: input.name,
    displayName: input.displayName,
    payeeName: input.payeeName ?? '',
    account: input.account ?? '',
    bankName: input.bankName ?? '',
    bankBranch: input.bankBranch ?? '',
    qrImage: input.qrImage ?? '',
    minAmount: input.minAmount ?? null,
    maxAmount: input.maxAmount ?? null,
    dailyCap: input.dailyCap ?? null,
    gatewayUrl: input.gatewayUrl ?? '',
    merchantCodeSealed: keepsSecret(input.merchantCode) ? null : ctx.secrets.seal(input.merchantCode!),
    merchantKeySealed: keepsSecret(input.merchantKey) ? null : ctx.secrets.seal(input.merchantKey!),
    shown: input.shown ?? true,
    enabled: input.enabled ?? true,
    withdrawable: input.withdrawable ?? false,
    sort: input.sort ?? 0,
    remark: input.remark ?? '',
  };
  checkChannel({ ...values, hasMerchantCode: !!values.merchantCodeSealed });
  const [row] = await ctx.db.insert(payChannels).values(values).returning();
  return { item: toItem(ctx, row!, { todayAmount: '0', layerings: [] }), after: snapshot(row!) };
}

/**
 * Replaces the channel's fields with the form's (an empty text or amount clears it); booleans and
 * the sort order left out keep their value, and so do secrets sent empty or masked.
 */
export async function updateChannel(ctx: AppContext, input: UpdateInput): Promise<{ item: ChannelItem; before: unknown; after: unknown }> {
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx.select().from(payChannels).where(eq(payChannels.id, input.id)).for('update').limit(1);
    if (!old) throw fail('channel.not_found');
    const values = {
      type: input.type,
      name: input.name,
      displayName: input.displayName,
      payeeName: input.payeeName ?? '',
      account: input.account ?? '',
      bankName: input.bankName ?? '',
      bankBranch: input.bankBranch ?? '',
      qrImage: input.qrImage ?? '',
      minAmount: input.minAmount ?? null,
      maxAmount: input.maxAmount ?? null,
      dailyCap: input.dailyCap ?? null,
      gatewayUrl: input.gatewayUrl ?? '',
      merchantCodeSealed: keepsSecret(input.merchantCode) ? old.merchantCodeSealed : ctx.secrets.seal(input.merchantCode!),
      merchantKeySealed: keepsSecret(input.merchantKey) ? old.merchantKeySealed : ctx.secrets.seal(input.merchantKey!),
      shown: input.shown ?? old.shown,
      enabled: input.enabled ?? old.enabled,
      withdrawable: input.withdrawable ?? old.withdrawable,
      sort: input.sort ?? old.sort,
      remark: input.remark ?? '',
      updatedAt: new Date(),
    };
    checkChannel({ ...values, hasMerchantCode: !!values.merchantCodeSealed });
    const [row] = await tx.update(payChannels).set(values).where(eq(payChannels.id, input.id)).returning();
    const x = (await extrasFor(tx, [input.id])).get(input.id)!;
    return { item: toItem(ctx, row!, x), before: snapshot(old), after: snapshot(row!) };
  });
}

export async function setWithdrawable(ctx: AppContext, id: number, withdrawable: boolean): Promise<{ item: ChannelItem; before: unknown }> {
  const [old] = await ctx.db.select({ withdrawable: payChannels.withdrawable }).from(payChannels).where(eq(payChannels.id, id)).limit(1);
  if (!old) throw fail('channel.not_found');
  await ctx.db.update(payChannels).set({ withdrawable, updatedAt: new Date() }).where(eq(payChannels.id, id));
  return { item: await getChannel(ctx, id), before: old };
}

/** Deletes a channel nothing references; one with deposits or withdrawals must be disabled instead. */
export async function deleteChannel(ctx: AppContext, id: number): Promise<{ before: unknown }> {
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx.select().from(payChannels).where(eq(payChannels.id, id)).for('update').limit(1);
    if (!old) throw fail('channel.not_found');
    const refs = await channelReferences(tx, id);
    if (refs > 0) throw fail('channel.in_use', { count: refs });
    await tx.delete(payChannels).where(eq(payChannels.id, id));
    return { before: snapshot(old) };
  });
}
