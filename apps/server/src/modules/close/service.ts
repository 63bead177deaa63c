import Decimal from 'decimal.js';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { CloseListItem, CloseListQuery, CloseStatement } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { withoutCommitHooks } from '../../db/transactions.js';
import { isLockTimeout } from '../../db/outage.js';
import { fail } from '../../http/errors.js';
import { notify } from '../../realtime/notify.js';
import { addDays, balancesBefore, computeStatement, dayOf, dayStart, totalsOf, type Balances } from './statement.js';
import { closeHead, dailyCloses } from './tables.js';
import { advanceCheckpoint } from './checkpoint.js';
import './messages.js';
import { pageOf } from '../../db/paging.js';

const balancesOf = (s: CloseStatement): Balances => {
  const of = (a: string) => new Decimal(s.accounts.find((x) => x.account === a)?.closing ?? 0);
  return { users: of('users'), agents: of('agents'), house: of('house'), simulated: of('simulated') };
};

async function stored(tx: Db, day: string) {
  const [r] = await tx.select().from(dailyCloses).where(eq(dailyCloses.day, day));
  return r;
}

/** The opening of `day`: the previous day's stored closing, or (no close before it) the ledger before the day. */
async function openingOf(tx: Db, day: string): Promise<{ balances: Balances; chained: boolean }> {
  const prev = await stored(tx, addDays(day, -1));
  if (prev) return { balances: balancesOf(prev.statement), chained: true };
  const [earlier] = await tx.select({ day: dailyCloses.day }).from(dailyCloses).where(lt(dailyCloses.day, day)).limit(1);
  // a closed day before this one but not the day before: a gap the chain cannot cross (closes run in order)
  return { balances: await balancesBefore(tx, dayStart(day)), chained: !earlier };
}

/** The house's result before the month of `day` began. */
async function houseBeforeMonth(tx: Db, day: string): Promise<Decimal> {
  const first = `${day.slice(0, 8)}01`;
  if (first === day) return (await openingOf(tx, day)).balances.house;
  const prev = await stored(tx, addDays(first, -1));
  return prev ? balancesOf(prev.statement).house : (await balancesBefore(tx, dayStart(first))).house;
}

async function computeDay(tx: Db, day: string, asOf: Date) {
  return computeStatement(tx, day, asOf, await openingOf(tx, day), await houseBeforeMonth(tx, day));
}

/** Today in Asia/Shanghai. */
export const today = (): string => dayOf(new Date());

/** A day's statement: stored once closed, otherwise provisional as of its end (or now, today). */
export async function statementOf(ctx: AppContext, day: string): Promise<CloseStatement> {
  if (day > today()) throw fail('close.future', { day });
  const row = await stored(ctx.db, day);
  if (row) return row.statement;
  const end = dayStart(addDays(day, 1));
  const asOf = end.getTime() > Date.now() ? new Date() : end;
  // one snapshot: the movements and the balances they are checked against
  return ctx.db.transaction(async (tx) => (await computeDay(tx, day, asOf)).statement, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** One try's wait for the SHARE lock: every posting queues behind a lock request that waits, so none waits long. */
const SETTLE_LOCK_WAIT_MS = 100;
/** How long a close keeps trying before it tells the operator to try again. */
const SETTLE_DEADLINE_MS = 60_000;

/**
 * The checkpoint's end: the last fund record once every posting in flight has finished. The SHARE lock waits for them
 * and holds new ones back only for this one read — a sequence hands out ids in order, so every record at or under it
 * is committed by then and every later one gets a higher id. Its request waits a short while at a time and is tried
 * again after a pause: a posting that is itself waiting (a record dated into the day another close is closing waits
 * for that close) would otherwise keep the request, and every posting queued behind it, waiting as long.
 */
async function settledRecords(ctx: AppContext): Promise<number> {
  const deadline = Date.now() + SETTLE_DEADLINE_MS;
  for (;;) {
    try {
      // it changes nothing: the call's log row and its key's mark commit with the close, not here
      return await withoutCommitHooks(() =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${SETTLE_LOCK_WAIT_MS}`));
          await tx.execute(sql`LOCK TABLE fund_records IN SHARE MODE`);
          const [r] = rows<{ to: string }>(await tx.execute(sql`SELECT coalesce(max(id), 0)::text AS to FROM fund_records`));
          return Number(r!.to);
        }),
      );
    } catch (e) {
      if (!isLockTimeout(e)) throw e;
      if (Date.now() > deadline) throw fail('close.busy');
      // the postings queued behind the request go first
      await new Promise((r) => setTimeout(r, 2 * SETTLE_LOCK_WAIT_MS + Math.random() * SETTLE_LOCK_WAIT_MS));
    }
  }
}

/**
 * Closes one day (the one after the last closed, or the first ever): stores its statement and moves the head.
 * Postings go on meanwhile: the statement is read in one snapshot (a posting moves a balance and writes its record in
 * one transaction, so the two agree in any snapshot), and the checkpoint stops at the records settled before it.
 */
async function closeOne(ctx: AppContext, day: string, by: string | null): Promise<CloseStatement> {
  const settled = await settledRecords(ctx);
  return ctx.db.transaction(
    async (tx) => {
      // one close at a time; LOCK takes no snapshot, so this one's sees the close before it committed
      await tx.execute(sql`LOCK TABLE daily_closes IN SHARE ROW EXCLUSIVE MODE`);
      const done = await stored(tx, day);
      if (done) return done.statement;
      const end = dayStart(addDays(day, 1));
      const { statement, closing } = await computeDay(tx, day, end);
      const totals = totalsOf(statement);
      const checkpoint = await advanceCheckpoint(tx, settled);
      const [head] = rows<{ hash: string }>(await tx.execute(sql`SELECT hash FROM audit_chain_head WHERE id = 1`));
      const closedAt = new Date();
      const final: CloseStatement = { ...statement, status: 'closed', closedAt: closedAt.toISOString(), closedBy: by };
      await tx.insert(dailyCloses).values({
        day,
        statement: final,
        usersClosing: closing.users.toFixed(2),
        agentsClosing: closing.agents.toFixed(2),
        houseClosing: closing.house.toFixed(2),
        simulatedClosing: closing.simulated.toFixed(2),
        houseDay: final.house.day,
        deposits: totals.deposits,
        withdrawals: totals.withdrawals,
        balanced: final.checks.balanced,
        checkpoint,
        chainHead: head?.hash || null,
        closedAt,
        closedBy: by,
      });
      await tx
        .insert(closeHead)
        .values({ closedThrough: end, checkpoint })
        .onConflictDoUpdate({ target: closeHead.one, set: { closedThrough: end, checkpoint } });
      return final;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** The last closed day, if any. */
export async function lastClosed(db: Db): Promise<string | null> {
  const [r] = await db.select({ day: dailyCloses.day }).from(dailyCloses).orderBy(desc(dailyCloses.day)).limit(1);
  return r?.day ?? null;
}

/**
 * Closes `day` and every open day before it since the last close (the first close ever: `day` alone, its opening
 * read from the whole ledger). A closed day is answered as stored: closing twice changes nothing.
 */
export async function closeThrough(ctx: AppContext, day: string, by: string | null): Promise<CloseStatement> {
  return (await closeDays(ctx, day, by)).statement;
}

/** closeThrough, and the days it closed (none when `day` was closed already). */
async function closeDays(ctx: AppContext, day: string, by: string | null): Promise<{ statement: CloseStatement; closed: string[] }> {
  if (day >= today()) throw fail('close.not_finished', { day });
  const last = await lastClosed(ctx.db);
  if (last && day <= last) {
    const row = await stored(ctx.db, day);
    if (!row) throw fail('close.before_books', { day });
    return { statement: row.statement, closed: [] };
  }
  let result: CloseStatement | undefined;
  const closed: string[] = [];
  for (let d = last ? addDays(last, 1) : day; d <= day; d = addDays(d, 1)) {
    result = await closeOne(ctx, d, by);
    closed.push(d);
    const summary = result.checks.balanced
      ? { 'zh-CN': `${d} 已日结，账目平衡`, 'en-US': `${d} is closed and balances` }
      : { 'zh-CN': `${d} 已日结，但账目不平衡，请核查`, 'en-US': `${d} is closed but does not balance: look into it` };
    notify(ctx, { type: 'DAY_CLOSED', data: { day: d, balanced: result.checks.balanced, summary } });
  }
  return { statement: result!, closed };
}

/** The job: closes yesterday and any day left open before it. */
export async function closeDue(ctx: AppContext): Promise<{ closed: string[] }> {
  const yesterday = addDays(today(), -1);
  const last = await lastClosed(ctx.db);
  if (last && last >= yesterday) return { closed: [] };
  return { closed: (await closeDays(ctx, yesterday, null)).closed };
}

const itemOf = (s: CloseStatement, totals: { deposits: string; withdrawals: string }): CloseListItem => ({
  day: s.day,
  status: s.status,
  usersClosing: s.accounts.find((a) => a.account === 'users')!.closing,
  agentsClosing: s.accounts.find((a) => a.account === 'agents')!.closing,
  houseDay: s.house.day,
  deposits: totals.deposits,
  withdrawals: totals.withdrawals,
  balanced: s.checks.balanced,
  closedAt: s.closedAt,
  closedBy: s.closedBy,
});

/**
 * The days newest first: from the first close (or yesterday, before any) through today. Closed days come from the
 * table; the open ones (today, and yesterday until the job ran) are computed as of now.
 */
export async function listDays(ctx: AppContext, q: CloseListQuery & { pageNum: number; pageSize: number }) {
  const [first] = await ctx.db.select({ day: dailyCloses.day }).from(dailyCloses).orderBy(dailyCloses.day).limit(1);
  const newest = q.to && q.to < today() ? q.to : today();
  const oldestBooks = first?.day ?? addDays(today(), -1);
  const oldest = q.from && q.from > oldestBooks ? q.from : oldestBooks;
  const days: string[] = [];
  for (let d = newest; d >= oldest; d = addDays(d, -1)) days.push(d);
  const page = pageOf(days, q);
  const paging = { total: days.length, pageNum: q.pageNum, pageSize: q.pageSize };
  if (!page.length) return { list: [], ...paging };
  const rowsOf = await ctx.db
    .select()
    .from(dailyCloses)
    .where(and(gte(dailyCloses.day, page[page.length - 1]!), lte(dailyCloses.day, page[0]!)));
  const byDay = new Map(rowsOf.map((r) => [r.day, r]));
  const list: CloseListItem[] = [];
  for (const d of page) {
    const r = byDay.get(d);
    if (r) list.push(itemOf(r.statement, { deposits: r.deposits, withdrawals: r.withdrawals }));
    else {
      const s = await statementOf(ctx, d);
      list.push(itemOf(s, totalsOf(s)));
    }
  }
  return { list, ...paging };
}
