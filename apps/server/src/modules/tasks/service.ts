import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Lang, Page, TaskRecord, TaskResult, TaskRun, pageQuery, taskRunsQuery, updateTaskInput } from '@stock-admin/contracts';
import { scheduledTaskRuns, scheduledTasks } from './tables.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { jobByKey, registeredJobs, type JobDef } from '../../jobs/index.js';
import { isRunningHere, startRun, syncTasks } from './runner.js';
import { nextRunAfter, validateSchedule } from '../../jobs/schedule.js';
import { requirePermission } from '../../http/permissions.js';
import './messages.js';
import { onePage, pageOf } from '../../db/paging.js';

type Audit = (a: { targetId?: string | number | null; before?: unknown; after?: unknown }) => void;

/** How long run.do waits for the run to finish before answering with it still running. */
export const RUN_NOW_WAIT_MS = 4_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (def: JobDef | undefined, key: string, lang: Lang) => (def ? (lang === 'en-US' ? def.name.en : def.name.zh) : key);

function toRecord(ctx: AppContext, def: JobDef, t: typeof scheduledTasks.$inferSelect, lang: Lang): TaskRecord {
  return {
    key: def.key,
    name: nameOf(def, def.key, lang),
    schedule: t.schedule,
    defaultSchedule: def.schedule,
    enabled: t.enabled,
    running: t.lastResult === 'running' || isRunningHere(ctx, def.key),
    lastRunAt: iso(t.lastRunAt),
    lastFinishedAt: iso(t.lastFinishedAt),
    lastResult: (t.lastResult as TaskResult | null) ?? null,
    lastError: t.lastError,
    lastDurationMs: t.lastDurationMs,
    nextRunAt: t.enabled ? iso(t.nextRunAt) : null,
  };
}

export async function listTasks(ctx: AppContext, lang: Lang, q: z.output<typeof pageQuery>): Promise<Page<TaskRecord>> {
  await syncTasks(ctx);
  const defs = registeredJobs().sort((a, b) => a.key.localeCompare(b.key));
  const rows = defs.length
    ? await ctx.db
        .select()
        .from(scheduledTasks)
        .where(
          inArray(
            scheduledTasks.key,
            defs.map((d) => d.key),
          ),
        )
    : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const all = defs.flatMap((d) => (byKey.has(d.key) ? [toRecord(ctx, d, byKey.get(d.key)!, lang)] : []));
  return { list: pageOf(all, q), total: all.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function taskRow(ctx: AppContext, key: string) {
  const def = jobByKey(key);
  if (!def) throw fail('task_not_found');
  await syncTasks(ctx);
  const [t] = await ctx.db.select().from(scheduledTasks).where(eq(scheduledTasks.key, key)).limit(1);
  if (!t) throw fail('task_not_found');
  return { def, t };
}

export async function updateTask(
  ctx: AppContext,
  actor: Principal,
  lang: Lang,
  input: z.output<typeof updateTaskInput>,
  audit: Audit,
): Promise<TaskRecord> {
  const { def, t } = await taskRow(ctx, input.key);
  if (input.enabled !== undefined && input.enabled !== t.enabled)
    requirePermission(actor, 'scheduledtasks', input.enabled ? 'enable' : 'disable');
  let schedule = t.schedule;
  if (input.schedule !== undefined) {
    schedule = input.schedule === 'default' ? def.schedule : input.schedule;
    try {
      validateSchedule(schedule);
    } catch {
      throw invalid('schedule', 'reason.invalid_schedule');
    }
  }
  const enabled = input.enabled ?? t.enabled;
  const reschedule = schedule !== t.schedule || (enabled && !t.enabled);
  const [row] = await ctx.db
    .update(scheduledTasks)
    .set({ enabled, schedule, ...(reschedule ? { nextRunAt: nextRunAfter(schedule, new Date()) } : {}), updatedAt: new Date() })
    .where(eq(scheduledTasks.key, def.key))
    .returning();
  audit({ targetId: def.key, before: { enabled: t.enabled, schedule: t.schedule }, after: { enabled, schedule } });
  return toRecord(ctx, def, row!, lang);
}

function toRun(r: typeof scheduledTaskRuns.$inferSelect, lang: Lang): TaskRun {
  return {
    id: r.id,
    taskKey: r.taskKey,
    taskName: nameOf(jobByKey(r.taskKey), r.taskKey, lang),
    trigger: r.trigger,
    adminId: r.adminId,
    adminName: r.adminName,
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    durationMs: r.durationMs,
    result: r.result as TaskResult,
    error: r.error,
    summary: r.summary,
  };
}

async function runById(ctx: AppContext, id: number, lang: Lang): Promise<TaskRun> {
  const [r] = await ctx.db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, id)).limit(1);
  return toRun(r!, lang);
}

/** run.do: starts the job now and answers with the run once it finished, or after RUN_NOW_WAIT_MS while it still runs. */
export async function runNow(
  ctx: AppContext,
  actor: Principal,
  lang: Lang,
  key: string,
  audit: Audit,
  waitMs = RUN_NOW_WAIT_MS,
): Promise<TaskRun> {
  const { def } = await taskRow(ctx, key);
  const s = await startRun(ctx, def, 'manual', actor);
  if (s.state !== 'started' || s.runId == null) throw fail('task_busy');
  await Promise.race([s.finished.catch(() => {}), new Promise((r) => setTimeout(r, waitMs).unref())]);
  const run = await runById(ctx, s.runId, lang);
  audit({ targetId: def.key, after: { runId: run.id, result: run.result } });
  return run;
}

export async function listRuns(ctx: AppContext, lang: Lang, q: z.output<typeof taskRunsQuery>): Promise<Page<TaskRun>> {
  const where: SQL[] = [];
  if (q.taskKey) where.push(eq(scheduledTaskRuns.taskKey, q.taskKey));
  if (q.result) where.push(eq(scheduledTaskRuns.result, q.result));
  if (q.trigger) where.push(eq(scheduledTaskRuns.trigger, q.trigger));
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(scheduledTaskRuns).where(cond).orderBy(desc(scheduledTaskRuns.id)).$dynamic(), q),
    ctx.db.select({ n: count() }).from(scheduledTaskRuns).where(cond),
  ]);
  return { list: list.map((r) => toRun(r, lang)), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
