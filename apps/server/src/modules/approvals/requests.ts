import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STEP_UP_OPERATIONS,
  type ApprovalDetail,
  type ApprovalItem,
  type ApprovalOperation,
  type Endpoint,
  type Lang,
  type approvalListQuery,
} from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { t } from '../../app/i18n.js';
import type { Db } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { withCommitHooks, type CommitHooks } from '../../db/transactions.js';
import { AppError, fail } from '../../http/errors.js';
import { runAsMaker } from '../../http/route.js';
import { can } from '../../http/permissions.js';
import { redact } from '../../http/redact.js';
import { notify } from '../../realtime/notify.js';
import type { Guard } from '../_kit/guards.js';
import { guardOf } from './registry.js';
import { adminPrincipal, verifyStepUp } from '../session/index.js';
import { readInput, storeInput, type StoredInput } from './codec.js';
import { applyRuleChange, holds, ruleOf } from './rules.js';
import { approvalRequests, type Said } from './tables.js';
import './messages.js';
import { isUniqueViolation } from '../../db/outage.js';

type Row = typeof approvalRequests.$inferSelect;
/** A line said in both languages (the queue's readers choose theirs). */
export async function saidIn(say: (lang: Lang) => Promise<string> | string): Promise<Said> {
  return { 'zh-CN': await say('zh-CN'), 'en-US': await say('en-US') };
}

type Reason = { key: string; params?: Record<string, string | number> };

/** A claim older than this belongs to a process that died mid-approval: nothing committed, so it is released. */
export const STALE_CLAIM_MS = 5 * 60_000;

const mayDecide = (p: Principal) => can(p, 'approvals', 'edit');

export function itemOf(r: Row, reader: Principal, lang: Lang): ApprovalItem {
  const reason = r.reason as Reason | null;
  return {
    id: r.id,
    operation: r.operation as ApprovalOperation,
    target: r.target,
    path: r.path,
    summary: r.summary[lang],
    amount: r.amount,
    status: r.status,
    makerId: r.makerId,
    makerName: r.makerName,
    checkerId: r.status === 'pending' ? null : r.checkerId,
    checkerName: r.status === 'pending' ? null : r.checkerName,
    note: r.note,
    reason: reason ? t(lang, reason.key, reason.params) : null,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    expiresAt: r.expiresAt.toISOString(),
    decidable: r.status === 'pending' && r.makerId !== reader.adminId && mayDecide(reader),
    stepUp: STEP_UP_OPERATIONS.includes(r.operation as ApprovalOperation),
    own: r.makerId === reader.adminId,
  };
}

/** One pending request per operation and target: the second is refused naming the first. */
async function refuseDuplicate(db: Db, operation: string, target: string, err: unknown): Promise<never> {
  if (!isUniqueViolation(err, 'approval_requests_one_pending')) throw err;
  const [first] = await db
    .select({ id: approvalRequests.id, maker: approvalRequests.makerName })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.operation, operation), eq(approvalRequests.target, target), eq(approvalRequests.status, 'pending')));
  throw fail('approval_duplicate', { id: first?.id ?? '?', maker: first?.maker ?? '?' });
}

export interface NewRequest {
  operation: ApprovalOperation;
  target: string;
  path: string;
  raw: unknown;
  amount: string | null;
  /** the queue's line in both languages */
  summary: Said;
  expiresHours: number;
}

/** Stores a held call (inside a transaction: the caller's log row and key mark commit with it) and tells the checkers. */
export async function createRequest(
  ctx: AppContext,
  maker: Principal,
  lang: Lang,
  r: NewRequest,
): Promise<{ id: number; status: 'pending' }> {
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(approvalRequests)
        .values({
          operation: r.operation,
          target: r.target,
          path: r.path,
          input: storeInput(ctx.secrets, r.raw),
          amount: r.amount,
          summary: r.summary,
          makerId: maker.adminId,
          makerName: maker.username,
          lang,
          expiresAt: new Date(Date.now() + r.expiresHours * 3_600_000),
        })
        .returning({ id: approvalRequests.id });
      return row!.id;
    });
  } catch (err) {
    return refuseDuplicate(ctx.db, r.operation, r.target, err);
  }
  notify(ctx, { type: 'APPROVAL_REQUESTED', data: { id, amount: r.amount ?? undefined, summary: r.summary } });
  return { id, status: 'pending' };
}

/** A guarded endpoint's gate (its guard's `hold`): hold the call when its operation's rule says so. */
export async function holdCall(
  ctx: AppContext,
  g: Guard,
  call: { input: unknown; raw: unknown; admin: Principal; lang: Lang },
): Promise<{ id: number; status: 'pending' } | null> {
  if (g.applies && !g.applies(call.input as never)) return null;
  const rule = await ruleOf(ctx.db, g.operation);
  if (!rule.enabled) return null;
  const amount = g.amount ? await g.amount(ctx.db, call.input as never) : null;
  if (!holds(rule, amount)) return null;
  // what can be refused now is refused now, not when a second administrator approves it
  await g.precheck?.(ctx, call.input as never, call.admin, call.lang);
  return createRequest(ctx, call.admin, call.lang, {
    operation: g.operation,
    target: g.target(call.input as never),
    path: g.endpoint.path,
    raw: call.raw,
    amount,
    summary: await saidIn((lang) => g.summary(ctx.db, call.input as never, lang)),
    expiresHours: rule.expiresHours,
  });
}

async function rowOf(db: Db, id: number): Promise<Row> {
  const [r] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!r) throw fail('approval_not_found');
  return r;
}

export async function listRequests(ctx: AppContext, p: Principal, lang: Lang, q: z.output<typeof approvalListQuery>) {
  const w: SQL[] = [];
  if (q.status) w.push(eq(approvalRequests.status, q.status));
  if (q.operation) w.push(eq(approvalRequests.operation, q.operation));
  if (q.makerId) w.push(eq(approvalRequests.makerId, q.makerId));
  if (q.mine) w.push(eq(approvalRequests.status, 'pending'), sql`${approvalRequests.makerId} <> ${p.adminId}`);
  const where = w.length ? and(...w) : undefined;
  const [{ total }] = (await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(where)) as [{ total: number }];
  const list = await onePage(ctx.db.select().from(approvalRequests).where(where).orderBy(desc(approvalRequests.id)).$dynamic(), q);
  return { list: list.map((r) => itemOf(r, p, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** What waits that this admin may decide (the workplace's "waiting for you", the menu badge). */
export async function pendingFor(ctx: AppContext, p: Principal): Promise<number> {
  if (!mayDecide(p)) return 0;
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'pending'), sql`${approvalRequests.makerId} <> ${p.adminId}`));
  return r?.n ?? 0;
}

export async function requestDetail(ctx: AppContext, p: Principal, lang: Lang, id: number): Promise<ApprovalDetail> {
  const r = await rowOf(ctx.db, id);
  return { ...itemOf(r, p, lang), input: (r.input as StoredInput).shown, result: r.result ?? null };
}

/** Ends a pending request that is not being run (rejected, cancelled, expired, failed): the row after, or undefined when it was not pending. */
async function end(db: Db, id: number, set: Partial<Row>, claimedBy?: number): Promise<Row | undefined> {
  const [ended] = await db
    .update(approvalRequests)
    .set({ ...set, decidedAt: new Date(), claimedAt: null })
    .where(
      and(
        eq(approvalRequests.id, id),
        eq(approvalRequests.status, 'pending'),
        claimedBy === undefined ? isNull(approvalRequests.claimedAt) : eq(approvalRequests.checkerId, claimedBy),
      ),
    )
    .returning();
  return ended;
}

const refuseDecided = (r: Row, lang: Lang) => fail('approval_not_pending', { status: t(lang, `approval.status.${r.status}`) });

function tellMaker(ctx: AppContext, r: Row, status: string) {
  notify(ctx, { type: 'APPROVAL_DECIDED', data: { id: r.id, summary: r.summary, status }, toAdminIds: [r.makerId] });
  notify(ctx, { type: 'APPROVAL_SETTLED', data: { id: r.id, status } });
}

export async function cancelRequest(ctx: AppContext, p: Principal, lang: Lang, id: number): Promise<ApprovalItem> {
  const r = await rowOf(ctx.db, id);
  if (r.makerId !== p.adminId) throw fail('approval_not_maker');
  if (r.status !== 'pending') throw refuseDecided(r, lang);
  const ended = await end(ctx.db, id, { status: 'cancelled' });
  if (!ended) throw fail('approval_busy');
  notify(ctx, { type: 'APPROVAL_SETTLED', data: { id, status: 'cancelled' } });
  return itemOf(ended, p, lang);
}

/** Marks the request approved inside the operation's own (first) transaction: the effect and the decision commit together. */
class ApprovedMark implements CommitHooks {
  written = false;
  constructor(
    private readonly id: number,
    private readonly checker: Principal,
    private readonly note: string | null,
  ) {}
  async beforeCommit(tx: Db) {
    if (this.written) return undefined;
    const done = await tx
      .update(approvalRequests)
      .set({ status: 'approved', decidedAt: new Date(), claimedAt: null, note: this.note })
      .where(
        and(eq(approvalRequests.id, this.id), eq(approvalRequests.status, 'pending'), eq(approvalRequests.checkerId, this.checker.adminId)),
      )
      .returning({ id: approvalRequests.id });
    // the claim was released under us (a stale-claim sweep): this run must not commit
    if (!done.length) throw fail('approval_busy');
    return { committed: () => (this.written = true), rolledBack: () => undefined };
  }
}

export interface Decision {
  id: number;
  approve: boolean;
  note?: string;
  code?: string;
}

/**
 * A checker's decision. Never the maker's (the super-user included). Approving: the checker's authenticator code where
 * the operation asks for it; the request is claimed (one checker wins, the others are told it is being decided), the
 * maker's call runs as the maker is now (role, scope) through the endpoint's own handler, and its first transaction
 * marks the request approved — so a state that moved (already paid, balance too low, user gone) fails the operation,
 * which then ends `failed` with the reason and nothing changed.
 */
export async function decide(ctx: AppContext, checker: Principal, lang: Lang, d: Decision, http: { req: unknown; reply: unknown }) {
  const r = await rowOf(ctx.db, d.id);
  if (r.makerId === checker.adminId) throw fail('approval_own');
  if (r.status !== 'pending') throw refuseDecided(r, lang);
  const note = d.note?.trim() || null;
  if (!d.approve) {
    const ended = await end(ctx.db, r.id, { status: 'rejected', checkerId: checker.adminId, checkerName: checker.username, note });
    if (!ended) throw fail('approval_busy');
    tellMaker(ctx, r, 'rejected');
    return { item: itemOf(ended, checker, lang), message: 'approval_rejected' };
  }
  if (STEP_UP_OPERATIONS.includes(r.operation as ApprovalOperation)) await verifyStepUp(ctx, checker.adminId, d.code);
  if (r.expiresAt.getTime() <= Date.now()) {
    await end(ctx.db, r.id, { status: 'expired', reason: { key: 'reason.approval_expired' } });
    throw refuseDecided({ ...r, status: 'expired' }, lang);
  }
  const claimed = await ctx.db
    .update(approvalRequests)
    .set({ claimedAt: new Date(), checkerId: checker.adminId, checkerName: checker.username })
    .where(and(eq(approvalRequests.id, r.id), eq(approvalRequests.status, 'pending'), isNull(approvalRequests.claimedAt)))
    .returning({ id: approvalRequests.id });
  if (!claimed.length) {
    const now = await rowOf(ctx.db, r.id);
    throw now.status === 'pending' ? fail('approval_busy') : refuseDecided(now, lang);
  }
  const failWith = async (reason: Reason) => {
    const ended = await end(ctx.db, r.id, { status: 'failed', reason, note }, checker.adminId);
    tellMaker(ctx, r, 'failed');
    throw fail(
      'approval_failed',
      { reason: t(lang, reason.key, reason.params) },
      itemOf(ended ?? (await rowOf(ctx.db, r.id)), checker, lang),
    );
  };
  try {
    const outcome = await execute(ctx, r, checker, note, http);
    if (outcome === 'maker_gone' || outcome === 'maker_forbidden') return await failWith({ key: `reason.approval_${outcome}` });
    await ctx.db
      .update(approvalRequests)
      .set({ result: (redact(outcome.data) ?? null) as object })
      .where(eq(approvalRequests.id, r.id));
  } catch (err) {
    if (err instanceof AppError && err.key === 'approval_failed') throw err;
    if (err instanceof AppError) return await failWith({ key: err.key, params: err.params });
    // not the operation's refusal (a database outage, a bug): release the claim so that it can be decided again
    await ctx.db
      .update(approvalRequests)
      .set({ claimedAt: null })
      .where(and(eq(approvalRequests.id, r.id), eq(approvalRequests.status, 'pending')));
    throw err;
  }
  tellMaker(ctx, r, 'approved');
  return { item: itemOf(await rowOf(ctx.db, r.id), checker, lang), message: 'approval_approved' };
}

async function execute(ctx: AppContext, r: Row, checker: Principal, note: string | null, http: { req: unknown; reply: unknown }) {
  const maker = await adminPrincipal(ctx, r.makerId);
  if (!maker) return 'maker_gone' as const;
  const raw = readInput(ctx.secrets, r.input as StoredInput);
  const mark = new ApprovedMark(r.id, checker, note);
  let out;
  if (r.operation === 'rules') {
    out = await withCommitHooks([mark], () => applyRuleChange(ctx, maker, raw));
  } else {
    const g = guardOf(r.operation, r.path);
    if (!g) throw new Error(`no guard of ${r.operation} at ${r.path}`);
    const e = g.endpoint;
    if (e.super && !maker.isSuper) return 'maker_forbidden' as const;
    if (typeof e.access === 'object' && !can(maker, e.access.permission, e.access.action)) {
      return 'maker_forbidden' as const;
    }
    const input = e.input ? parseStored(e, raw) : {};
    out = await withCommitHooks([mark], () => runAsMaker(g, { ctx, input, maker, lang: r.lang as Lang, ...http }));
  }
  // an operation that wrote without a transaction of its own: the decision is recorded after it
  if (!mark.written) await end(ctx.db, r.id, { status: 'approved', note }, checker.adminId);
  return out;
}

/** The stored input checked again against the endpoint's schema (a contract may have changed since it was held). */
function parseStored(e: Endpoint, raw: unknown): unknown {
  const parsed = (e.input as z.ZodType).safeParse(raw);
  if (!parsed.success) throw fail('invalid_body');
  return parsed.data;
}

/** The job: pending requests past their time expire; claims left by a process that died are released. */
export async function sweepRequests(ctx: AppContext): Promise<{ expired: number; released: number }> {
  const expired = await ctx.db
    .update(approvalRequests)
    .set({ status: 'expired', decidedAt: new Date(), reason: { key: 'reason.approval_expired' } })
    .where(and(eq(approvalRequests.status, 'pending'), isNull(approvalRequests.claimedAt), lt(approvalRequests.expiresAt, new Date())))
    .returning();
  for (const r of expired) tellMaker(ctx, r, 'expired');
  const released = await ctx.db
    .update(approvalRequests)
    .set({ claimedAt: null, checkerId: null, checkerName: null })
    .where(and(eq(approvalRequests.status, 'pending'), lt(approvalRequests.claimedAt, new Date(Date.now() - STALE_CLAIM_MS))))
    .returning({ id: approvalRequests.id });
  return { expired: expired.length, released: released.length };
}
