import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { corpActionInput, corpActionTerms } from '@stock-admin/contracts/corpactions';
import { planText, type ExRightsTerms } from '@stock-admin/contracts/exrights';
import type { AppContext, Principal } from '../../app/context.js';
import { isAgentStaff } from '../_kit/scope.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { isUniqueViolation } from '../../db/outage.js';
import { AppError, fail, invalid } from '../../http/errors.js';
import { readAction } from './reads.js';
import './messages.js';

/**
 * Entering and cancelling corporate actions (issue 62). Both are dual control (`corporate.action`): what runs here
 * runs once a second administrator approved. One live action per stock and ex-date (a partial unique index): a
 * duplicate or a conflicting one is refused naming the action already there, whoever entered it first.
 */

export type Terms = z.output<typeof corpActionTerms>;
export type ActionInput = z.output<typeof corpActionInput>;

/** The terms' own rules, field by field (an import row's checks too): null when they hold, else [field, message key]. */
export function termsProblem(t: Terms): [string, string] | null {
  if (!t.cashPerShare && !t.bonusPer10 && !t.transferPer10 && !t.splitRatio) return ['cashPerShare', 'reason.corp_no_terms'];
  if (t.splitRatio && Number.parseFloat(t.splitRatio) === 1) return ['splitRatio', 'reason.corp_split_one'];
  return null;
}

/** The dates' rules: [field, message key, params] of the first that fails. */
export function datesProblem(
  ctx: AppContext,
  d: { recordDate: string; exDate: string; payDate?: string | null },
): [string, string, Record<string, string>?] | null {
  if (d.exDate <= d.recordDate) return ['exDate', 'reason.corp_dates_order'];
  if (d.payDate && d.payDate < d.recordDate) return ['payDate', 'reason.corp_pay_before_record'];
  if (ctx.market && !ctx.market.isTradingDay(d.exDate)) return ['exDate', 'corpaction.ex_not_trading', { day: d.exDate }];
  return null;
}

const refuse = (field: string, key: string, params?: Record<string, string>) =>
  params ? new AppError(2, key, params) : invalid(field, key);

export interface Existing {
  id: number;
  plan: string;
}

/** The live action of a stock on an ex-date, if any. */
export async function existingOn(db: Db, stockId: number, exDate: string): Promise<Existing | null> {
  const [r] = rows<{ id: number } & Record<string, string | null>>(
    await db.execute(sql`
      SELECT id, cash_per_share::text AS "cashPerShare", bonus_per10::text AS "bonusPer10",
             transfer_per10::text AS "transferPer10", split_ratio::text AS "splitRatio"
      FROM corp_actions WHERE stock_id = ${stockId} AND ex_date = ${exDate}::date AND status <> 'cancelled'`),
  );
  return r ? { id: Number(r.id), plan: planText(r as ExRightsTerms) } : null;
}

export interface StockRef {
  id: number;
  gid: string;
  code: string;
  name: string;
}

export async function stockByGid(db: Db, gid: string): Promise<StockRef | null> {
  const [s] = rows<StockRef>(await db.execute(sql`SELECT id, gid, code, name FROM stocks WHERE gid = ${gid}`));
  return s ?? null;
}

/** Inserts checked actions; a stock that already has one on the ex-date (or gets one meanwhile) is refused by name. */
export async function insertActions(
  tx: Db,
  adminId: number | null,
  items: { stock: StockRef; input: Terms & { recordDate: string; exDate: string; payDate?: string | null; note?: string | null } }[],
  source: { kind: 'entered' | 'imported'; fileName?: string },
): Promise<number[]> {
  const ids: number[] = [];
  for (const { stock, input } of items) {
    const there = await existingOn(tx, stock.id, input.exDate);
    if (there) throw fail('corpaction.duplicate', { code: stock.gid, day: input.exDate, id: there.id, plan: there.plan });
    try {
      const [r] = rows<{ id: number }>(
        await tx.execute(sql`
          INSERT INTO corp_actions (stock_id, gid, code, stock_name, record_date, ex_date, pay_date, cash_per_share,
                                    bonus_per10, transfer_per10, split_ratio, source, file_name, note, created_by)
          VALUES (${stock.id}, ${stock.gid}, ${stock.code}, ${stock.name}, ${input.recordDate}::date, ${input.exDate}::date,
                  ${input.payDate ?? null}::date, ${input.cashPerShare ?? null}::numeric, ${input.bonusPer10 ?? null}::numeric,
                  ${input.transferPer10 ?? null}::numeric, ${input.splitRatio ?? null}::numeric, ${source.kind},
                  ${source.fileName ?? null}, ${input.note ?? null}, ${adminId})
          RETURNING id`),
      );
      ids.push(Number(r!.id));
    } catch (e) {
      // another administrator's action on the same stock and day committed between the check and the insert
      if (isUniqueViolation(e, 'corp_actions_stock_ex_key')) {
        const winner = await existingOn(tx, stock.id, input.exDate).catch(() => null);
        throw fail('corpaction.duplicate', { code: stock.gid, day: input.exDate, id: winner?.id ?? '?', plan: winner?.plan ?? '' });
      }
      throw e;
    }
  }
  return ids;
}

/** Entering, cancelling and applying actions move every holder's money: platform staff only (agents read their subtree). */
export function assertPlatformStaff(admin: Principal): void {
  if (isAgentStaff(admin)) throw fail('corpaction.platform_only');
}

/** An action's checks: the stock, its terms and dates, no other action on that stock and day. Its stock when they hold. */
export async function checkAction(ctx: AppContext, input: ActionInput): Promise<StockRef> {
  const stock = await stockByGid(ctx.db, input.gid);
  if (!stock) throw invalid('gid', 'reason.corp_stock_not_found');
  const terms = termsProblem(input);
  if (terms) throw invalid(...terms);
  const dates = datesProblem(ctx, input);
  if (dates) throw refuse(...dates);
  const there = await existingOn(ctx.db, stock.id, input.exDate);
  if (there) throw fail('corpaction.duplicate', { code: stock.gid, day: input.exDate, id: there.id, plan: there.plan });
  return stock;
}

export async function addAction(ctx: AppContext, adminId: number, input: ActionInput) {
  const stock = await checkAction(ctx, input);
  const [id] = await ctx.db.transaction((tx) => insertActions(tx as unknown as Db, adminId, [{ stock, input }], { kind: 'entered' }));
  // this instance's quote service reads the new ex-date at its next tick (another's within its symbols' refresh)
  ctx.market?.symbolsChanged();
  return (await readAction(ctx.db, id!))!;
}

/** An action that can still be cancelled (`lock`: held until the transaction ends). */
export async function assertCancellable(db: Db, id: number, lock = false): Promise<void> {
  const [a] = rows<{ status: string; gid: string; ex: boolean }>(
    await db.execute(sql`
      SELECT status, gid, EXISTS (SELECT 1 FROM quote_ex_rights x WHERE x.action_id = corp_actions.id) AS ex
      FROM corp_actions WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  if (!a) throw fail('corpaction.not_found');
  if (a.status !== 'scheduled') throw fail('corpaction.not_scheduled', { status: `corpaction.status.${a.status}` });
  // its quote already fell by it: cancelling would leave the positions holding a loss that is not real
  if (a.ex) throw fail('corpaction.quote_went_ex', { code: a.gid });
}

export async function cancelAction(ctx: AppContext, adminId: number, id: number, reason: string) {
  const cancelled = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await assertCancellable(tx, id, true);
    await tx.execute(sql`
      UPDATE corp_actions SET status = 'cancelled', cancelled_by = ${adminId}, cancelled_at = now(), cancel_reason = ${reason}
      WHERE id = ${id}`);
    return (await readAction(tx, id))!;
  });
  // this instance's quote service drops it from the ex-dates it waits for at its next tick, not at its next refresh
  ctx.market?.symbolsChanged();
  return cancelled;
}
