import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { CorpRun } from '@stock-admin/contracts/corpactions';
import { planText, type ExRightsTerms } from '@stock-admin/contracts/exrights';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { fail } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { notify } from '../../realtime/notify.js';
import { postBatch, type LedgerEntry } from '../fundrecords/index.js';
import { riskRules } from '../risk/index.js';
import { adjustPositions, lockHeldPositions, type PositionChange } from '../trading/index.js';
import { adjustHolding, TooFewShares } from './adjust.js';
import { readRun } from './reads.js';

/**
 * The ex-date run (issue 62): every due action's stock's positions, open since before the ex-date, adjusted in
 * batches of BATCH — each batch one transaction that locks the action row (two runners of one action take turns), its
 * positions in id order, then the users the ledger posts to (the one lock order), and writes the positions, the
 * `dividend` records and the history rows together. A position adjusted by an action has its history row (unique per
 * action and position), so a run cut short continues where it stopped and a second run changes nothing; the action
 * is marked applied with its last batch. The price goes ex first (the quote service's `quote_ex_rights` row): an
 * action whose quote has not gone ex yet waits.
 */

export const BATCH = 500;

const saidInBoth = (key: string, params: Record<string, number>) => ({
  'zh-CN': t('zh-CN', key, params),
  'en-US': t('en-US', key, params),
});

interface Due extends ExRightsTerms {
  id: number;
  gid: string;
  exDate: string;
  ref: string | null;
  close: string | null;
}

/** The start of a Shanghai day: positions opened from then on were bought ex-rights. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

async function dueActions(db: Db, where: ReturnType<typeof sql>): Promise<Due[]> {
  // named as the terms are, so the rows are the due actions themselves
  return rows<Due>(
    await db.execute(sql`
      SELECT a.id, a.gid, a.ex_date::text AS "exDate", a.cash_per_share::text AS "cashPerShare",
             a.bonus_per10::text AS "bonusPer10", a.transfer_per10::text AS "transferPer10", a.split_ratio::text AS "splitRatio",
             x.ref_price::text AS ref, x.close_price::text AS close
      FROM corp_actions a LEFT JOIN quote_ex_rights x ON x.action_id = a.id
      WHERE a.status = 'scheduled' AND ${where}
      ORDER BY a.ex_date, a.id`),
  );
}

interface Totals {
  actions: number;
  positions: number;
  credited: Decimal;
  debited: Decimal;
}

/** One batch of an action: false when the action is done (applied, or no longer scheduled). */
async function applyBatch(ctx: AppContext, runId: number, a: Due, taxPct: string, totals: Totals): Promise<boolean> {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = rows<{ status: string }>(await tx.execute(sql`SELECT status FROM corp_actions WHERE id = ${a.id} FOR UPDATE`));
    if (row?.status !== 'scheduled') return false;
    // the batch: positions this action has not adjusted yet (a run cut short, or another runner's batches)
    const held = [];
    let after = 0;
    while (held.length < BATCH) {
      const page = await lockHeldPositions(tx, a.gid, dayStart(a.exDate), after, BATCH);
      if (!page.length) break;
      after = page[page.length - 1]!.id;
      const done = new Set(
        rows<{ position_id: number }>(
          await tx.execute(sql`
            SELECT position_id FROM position_adjustments
            WHERE action_id = ${a.id} AND position_id = ANY(${`{${page.map((p) => p.id).join(',')}}`}::int[])`),
        ).map((r) => Number(r.position_id)),
      );
      held.push(...page.filter((p) => !done.has(p.id)));
      if (page.length < BATCH) break;
    }
    const last = held.length < BATCH;
    // users after positions (the lock order); a short pays from the free cash it has
    const userIds = [...new Set(held.map((p) => p.userId))].sort((x, y) => x - y);
    const free = new Map(
      userIds.length
        ? rows<{ id: number; enable_amt: string }>(
            await tx.execute(sql`
              SELECT id, enable_amt::text AS enable_amt FROM users
              WHERE id = ANY(${`{${userIds.join(',')}}`}::int[]) ORDER BY id FOR UPDATE`),
          ).map((u) => [Number(u.id), new Decimal(u.enable_amt)])
        : [],
    );
    const plan = planText(a);
    const changes: PositionChange[] = [];
    const postings: { userId: number; entry: LedgerEntry }[] = [];
    const history: Record<string, unknown>[] = [];
    for (const p of held) {
      let adj;
      try {
        adj = adjustHolding(p, a, { ref: a.ref!, taxPct, freeCash: free.get(p.userId) ?? 0 });
      } catch (e) {
        if (e instanceof TooFewShares) throw fail('corpaction.too_few_shares', { code: a.gid, position: p.id });
        throw e;
      }
      const cash = new Decimal(adj.cash);
      free.set(p.userId, (free.get(p.userId) ?? new Decimal(0)).plus(cash));
      if (!cash.isZero())
        postings.push({
          userId: p.userId,
          entry: {
            type: 'dividend',
            amount: cash,
            enable: cash,
            equity: 0,
            frozen: 0,
            reference: `ca:${a.id}:${p.id}`,
            note: `${a.gid} ${plan}`,
          },
        });
      changes.push({
        id: p.id,
        sharesBefore: p.shares,
        shares: adj.shares,
        buyPrice: adj.buyPrice,
        margin: adj.margin,
        takeProfit: adj.takeProfit,
        stopLoss: adj.stopLoss,
      });
      history.push({
        position_id: p.id,
        user_id: p.userId,
        agent_id: p.agentId,
        direction: p.direction,
        shares_before: p.shares,
        shares_after: adj.shares,
        price_before: p.buyPrice,
        price_after: adj.buyPrice,
        amount_before: adj.costBefore,
        amount_after: adj.costAfter,
        margin_before: p.margin,
        margin_after: adj.margin,
        take_profit_before: p.takeProfit,
        take_profit_after: adj.takeProfit,
        stop_loss_before: p.stopLoss,
        stop_loss_after: adj.stopLoss,
        dividend: adj.dividend,
        tax: adj.tax,
        fraction_shares: adj.fractionShares,
        fraction_cash: adj.fractionCash,
        cash: adj.cash,
        unpaid: adj.unpaid,
      });
      if (cash.gt(0)) totals.credited = totals.credited.plus(cash);
      else totals.debited = totals.debited.minus(cash);
    }
    if (held.length) {
      await postBatch(tx, postings);
      const n = await adjustPositions(tx, changes);
      // every position was locked above, so each one's conditional update holds
      if (n !== changes.length) throw new Error(`corporate action ${a.id}: ${changes.length - n} positions changed under their locks`);
      await tx.execute(sql`
        INSERT INTO position_adjustments (action_id, run_id, position_id, user_id, agent_id, direction, shares_before, shares_after,
          price_before, price_after, amount_before, amount_after, margin_before, margin_after, take_profit_before,
          take_profit_after, stop_loss_before, stop_loss_after, dividend, tax, fraction_shares, fraction_cash, cash, unpaid, ref_price)
        SELECT ${a.id}, ${runId}, h.position_id, h.user_id, h.agent_id, h.direction, h.shares_before, h.shares_after, h.price_before,
          h.price_after, h.amount_before, h.amount_after, h.margin_before, h.margin_after, h.take_profit_before, h.take_profit_after,
          h.stop_loss_before, h.stop_loss_after, h.dividend, h.tax, h.fraction_shares, h.fraction_cash, h.cash, h.unpaid, ${a.ref}::numeric
        FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS h(position_id int, user_id int, agent_id int, direction text,
          shares_before int, shares_after int, price_before numeric, price_after numeric, amount_before numeric, amount_after numeric,
          margin_before numeric, margin_after numeric, take_profit_before numeric, take_profit_after numeric, stop_loss_before numeric,
          stop_loss_after numeric, dividend numeric, tax numeric, fraction_shares numeric, fraction_cash numeric, cash numeric, unpaid numeric)`);
      totals.positions += held.length;
    }
    if (last) {
      await tx.execute(sql`
        UPDATE corp_actions SET status = 'applied', applied_at = now(), run_id = ${runId}, ref_price = ${a.ref}::numeric,
               close_price = ${a.close}::numeric
        WHERE id = ${a.id}`);
      totals.actions++;
    }
    return !last;
  });
}

async function runActions(
  ctx: AppContext,
  due: Due[],
  day: string,
  trigger: 'job' | 'manual',
  adminId: number | null,
): Promise<CorpRun | null> {
  const [r] = rows<{ id: number }>(
    await ctx.db.execute(
      sql`INSERT INTO corp_action_runs (day, trigger, admin_id) VALUES (${day}::date, ${trigger}, ${adminId}) RETURNING id`,
    ),
  );
  const runId = Number(r!.id);
  const totals: Totals = { actions: 0, positions: 0, credited: new Decimal(0), debited: new Decimal(0) };
  const save = (status: string, error: string | null) =>
    ctx.db.execute(sql`
      UPDATE corp_action_runs SET status = ${status}, actions = ${totals.actions}, positions = ${totals.positions},
             credited = ${totals.credited.toFixed(2)}::numeric, debited = ${totals.debited.toFixed(2)}::numeric,
             error = ${error}, finished_at = now()
      WHERE id = ${runId}`);
  try {
    const taxPct = (await riskRules(ctx)).docs.stock.dividendTaxPct ?? '0';
    for (const a of due) while (await applyBatch(ctx, runId, a, taxPct, totals));
    await save('done', null);
  } catch (e) {
    await save('failed', e instanceof Error ? e.message : String(e)).catch(() => undefined);
    throw e;
  }
  // another runner applied them meanwhile: this run did nothing, and leaves no row
  if (!totals.actions && !totals.positions) {
    await ctx.db.execute(sql`DELETE FROM corp_action_runs WHERE id = ${runId}`);
    return null;
  }
  notify(ctx, {
    type: 'CORP_ACTIONS_APPLIED',
    data: {
      id: runId,
      day,
      actions: totals.actions,
      positions: totals.positions,
      summary: saidInBoth('corpaction.ran', { actions: totals.actions, positions: totals.positions }),
    },
  });
  return readRun(ctx.db, runId);
}

/**
 * The job (every minute, once per cluster): actions entered before their ex-date, whose ex-date came and whose quote
 * went ex. Nothing to do writes nothing. An action entered on or after its ex-date waits for an operator's run.
 */
export async function runDue(ctx: AppContext): Promise<{ run: number | null; actions: number; positions: number; late: number }> {
  const day = ctx.market?.currentTradingDay();
  if (!day) return { run: null, actions: 0, positions: 0, late: 0 };
  const due = await dueActions(
    ctx.db,
    sql`a.ex_date <= ${day}::date AND a.created_at < (a.ex_date::timestamp AT TIME ZONE 'Asia/Shanghai') AND x.action_id IS NOT NULL`,
  );
  const [late] = rows<{ n: number }>(
    await ctx.db.execute(sql`
      SELECT count(*)::int AS n FROM corp_actions
      WHERE status = 'scheduled' AND ex_date <= ${day}::date AND created_at >= (ex_date::timestamp AT TIME ZONE 'Asia/Shanghai')`),
  );
  if (!due.length) return { run: null, actions: 0, positions: 0, late: Number(late!.n) };
  const run = await runActions(ctx, due, day, 'job', null);
  return { run: run?.id ?? null, actions: run?.actions ?? 0, positions: run?.positions ?? 0, late: Number(late!.n) };
}

/** A day's actions that "run now" would apply, or why it cannot: the day has not opened, none waits, a quote is not ex yet. */
export async function assertRunnable(ctx: AppContext, day: string): Promise<Due[]> {
  const today = ctx.market?.currentTradingDay();
  if (today && day > today) throw fail('corpaction.run_future', { day });
  const due = await dueActions(ctx.db, sql`a.ex_date = ${day}::date`);
  if (!due.length) throw fail('corpaction.run_nothing', { day });
  const waiting = due.find((a) => a.ref == null);
  if (waiting) throw fail('corpaction.not_ex_yet', { code: waiting.gid });
  return due;
}

/** "Run now" for a day (dual control): its scheduled actions, late ones included, once their quote went ex. */
export async function runDay(ctx: AppContext, day: string, adminId: number): Promise<CorpRun> {
  const run = await runActions(ctx, await assertRunnable(ctx, day), day, 'manual', adminId);
  if (!run) throw fail('corpaction.run_nothing', { day });
  return run;
}
