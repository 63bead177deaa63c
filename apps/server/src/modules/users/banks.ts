import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BankItem, addBankInput, updateBankInput } from '@stock-admin/contracts';
import { userBanks, type UserBankRow } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { assertUserInScope, isAgentStaff } from '../_kit/scope.js';
import { getUserForUpdate } from './service.js';
import { toBankItem } from './shapes.js';
import './messages.js';

// A user's bank cards (at most MAX_BANK_CARDS, numbers sealed at rest): admin and app side.

/** A user's bank card with the full number (for withdrawal snapshots), or null. */
export async function getUserBank(ctx: AppContext, userId: number, bankId?: number) {
  const [b] = await ctx.db
    .select()
    .from(userBanks)
    .where(and(eq(userBanks.userId, userId), bankId != null ? eq(userBanks.id, bankId) : undefined))
    .orderBy(desc(userBanks.id))
    .limit(1);
  return b
    ? { id: b.id, bankName: b.bankName, branch: b.branch, cardNo: ctx.secrets.open(b.cardNoSealed), holderName: b.holderName }
    : null;
}

export const MAX_BANK_CARDS = 5;

async function bankOfScope(db: Db, p: Principal, bankId: number): Promise<UserBankRow> {
  const [b] = await db.select().from(userBanks).where(eq(userBanks.id, bankId)).limit(1);
  if (!b) throw fail('user_bank_not_found');
  await assertUserInScope(db, p, b.userId).catch(() => Promise.reject(fail('user_bank_not_found')));
  return b;
}

export async function listBanks(ctx: AppContext, p: Principal, userId: number): Promise<BankItem[]> {
  await assertUserInScope(ctx.db, p, userId, 'userId');
  const banks = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, userId)).orderBy(asc(userBanks.id));
  return banks.map((b) => toBankItem(ctx, b, !isAgentStaff(p)));
}

/** Adds a card to a user (admin or app), or replaces card `replaceId`. Checks the limit and duplicates. */
export async function saveBank(
  ctx: AppContext,
  userId: number,
  card: { bankName: string; branch?: string; cardNo: string; holderName: string },
  replaceId?: number,
): Promise<UserBankRow> {
  return ctx.db.transaction(async (tx) => {
    await getUserForUpdate(tx, userId);
    const mine = await tx.select().from(userBanks).where(eq(userBanks.userId, userId));
    if (replaceId != null && !mine.some((b) => b.id === replaceId)) throw fail('user_bank_not_found');
    if (replaceId == null && mine.length >= MAX_BANK_CARDS) throw fail('user_bank_limit', { max: MAX_BANK_CARDS });
    const dup = mine.some(
      (b) => b.id !== replaceId && b.cardLast4 === card.cardNo.slice(-4) && ctx.secrets.open(b.cardNoSealed) === card.cardNo,
    );
    if (dup) throw fail('user_bank_duplicate');
    const values = {
      bankName: card.bankName,
      branch: card.branch ?? '',
      cardNoSealed: ctx.secrets.seal(card.cardNo),
      cardLast4: card.cardNo.slice(-4),
      holderName: card.holderName,
      updatedAt: new Date(),
    };
    if (replaceId != null) {
      const [b] = await tx.update(userBanks).set(values).where(eq(userBanks.id, replaceId)).returning();
      return b!;
    }
    const [b] = await tx
      .insert(userBanks)
      .values({ userId, ...values })
      .returning();
    return b!;
  });
}

export async function addBankByAdmin(ctx: AppContext, p: Principal, input: z.output<typeof addBankInput>): Promise<BankItem> {
  await assertUserInScope(ctx.db, p, input.userId, 'userId');
  const b = await saveBank(ctx, input.userId, input);
  return toBankItem(ctx, b, !isAgentStaff(p));
}

export async function updateBankByAdmin(ctx: AppContext, p: Principal, input: z.output<typeof updateBankInput>) {
  const old = await bankOfScope(ctx.db, p, input.id);
  const b = await saveBank(
    ctx,
    old.userId,
    {
      bankName: input.bankName ?? old.bankName,
      branch: input.branch ?? old.branch,
      cardNo: input.cardNo ?? ctx.secrets.open(old.cardNoSealed),
      holderName: input.holderName ?? old.holderName,
    },
    old.id,
  );
  const full = !isAgentStaff(p);
  return { item: toBankItem(ctx, b, full), before: { ...toBankItem(ctx, old, false) }, after: { ...toBankItem(ctx, b, false) } };
}

export async function deleteBankByAdmin(ctx: AppContext, p: Principal, id: number) {
  const old = await bankOfScope(ctx.db, p, id);
  await ctx.db.delete(userBanks).where(eq(userBanks.id, id));
  return toBankItem(ctx, old, false);
}
