import os from 'node:os';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { scheduledTaskRuns, scheduledTasks } from './tables.js';
import type { AppContext, Principal } from '../../app/context.js';
import { metrics } from '../../lib/metrics.js';
import { jobByKey, registeredJobs, type JobDef } from '../../jobs/registry.js';
import { nextRunAfter } from '../../jobs/schedule.js';

/** Identifies this process in the run history. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}`;

/** Advisory-lock namespace of job runs (the migration lock uses 727001). */
const LOCK_NS = 727100;

/**
 * Jobs running in this process, per database handle: PGlite has a single session, where advisory
 * locks are re-entrant, so overlap within one process is stopped here.
 */
const runningByDb = new WeakMap<object, Set<string>>();
function runningSet(ctx: AppContext): Set<string> {
  let s = runningByDb.get(ctx.database);
  if (!s) runningByDb.set(ctx.database, (s = new Set()));
  return s;
}

export const isRunningHere = (ctx: AppContext, key: string) => runningSet(ctx).has(key);

/** Creates the task rows of registered jobs that have none yet, and schedules enabled tasks that lack a next run. */
export async function syncTasks(ctx: AppContext): Promise<void> {
  const defs = registeredJobs();
  if (!defs.length) return;
  const now = new Date();
  await ctx.db
    .insert(scheduledTasks)
    .values(defs.map((d) => ({ key: d.key, schedule: d.schedule, nextRunAt: nextRunAfter(d.schedule, now) })))
    .onConflictDoNothing({ target: scheduledTasks.key });
  const unscheduled = await ctx.db
    .select()
    .from(scheduledTasks)
    .where(
      and(
        eq(scheduledTasks.enabled, true),
        isNull(scheduledTasks.nextRunAt),
        inArray(
          scheduledTasks.key,
          defs.map((d) => d.key),
        ),
      ),
    );
  for (const t of unscheduled) {
    await ctx.db
      .update(scheduledTasks)
      .set({ nextRunAt: nextRunAfter(t.schedule, now) })
      .where(eq(scheduledTasks.key, t.key));
  }
}

export interface RunStart {
  /** `started`, or why not: another run holds the job (`busy`), or another instance already took this slot (`skipped`). */
  state: 'started' | 'busy' | 'skipped';
  runId?: number;
  /** Settles when the run has finished and been recorded. */
  finished: Promise<void>;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const summaryOf = (v: unknown): Record<string, unknown> => {
  if (v == null || typeof v !== 'object' || Array.isArray(v)) return v === undefined ? {} : { value: v };
  try {
    return JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Runs a job once, cluster-wide: a PostgreSQL advisory lock per job (held on a dedicated connection
 * for the run) keeps two runs of one job from overlapping; a scheduled run also claims its slot with
 * a conditional update of `next_run_at`, so that only one instance runs each slot.
 */
export function startRun(ctx: AppContext, def: JobDef, trigger: 'schedule' | 'manual', actor?: Principal | null): Promise<RunStart> {
  const start = deferred<RunStart>();
  const runningHere = runningSet(ctx);
  if (runningHere.has(def.key)) return Promise.resolve({ state: 'busy', finished: Promise.resolve() });
  runningHere.add(def.key);
  // A declined attempt answers only once it has let go of the lock and of `runningHere`, so that an
  // attempt made right after it finds the job free (and not "busy" because of the one declined).
  let declined: 'busy' | 'skipped' | null = null;
  const finished = ctx.database
    .withConnection(async (q) => {
      const lockSql = `${LOCK_NS}, hashtext('${def.key}')`;
      const got = await q(`SELECT pg_try_advisory_lock(${lockSql}) AS ok`);
      if (!got.rows[0]?.ok) {
        declined = 'busy';
        return;
      }
      try {
        if (trigger === 'schedule') {
          const [task] = await ctx.db.select().from(scheduledTasks).where(eq(scheduledTasks.key, def.key)).limit(1);
          const claimed = task
            ? await ctx.db
                .update(scheduledTasks)
                .set({ nextRunAt: nextRunAfter(task.schedule, new Date()) })
                .where(and(eq(scheduledTasks.key, def.key), eq(scheduledTasks.enabled, true), lte(scheduledTasks.nextRunAt, sql`now()`)))
                .returning({ key: scheduledTasks.key })
            : [];
          if (!claimed.length) {
            declined = 'skipped';
            return;
          }
        }
        // We hold the lock: a run still marked running was cut short by a stopped instance.
        await ctx.db
          .update(scheduledTaskRuns)
          .set({ result: 'interrupted', finishedAt: new Date() })
          .where(and(eq(scheduledTaskRuns.taskKey, def.key), eq(scheduledTaskRuns.result, 'running')));
        const startedAt = new Date();
        const [run] = await ctx.db
          .insert(scheduledTaskRuns)
          .values({
            taskKey: def.key,
            trigger,
            adminId: actor?.adminId ?? null,
            adminName: actor?.username ?? null,
            instance: INSTANCE_ID,
            startedAt,
          })
          .returning({ id: scheduledTaskRuns.id });
        await ctx.db
          .update(scheduledTasks)
          .set({ lastRunAt: startedAt, lastResult: 'running', lastError: null })
          .where(eq(scheduledTasks.key, def.key));
        const done = deferred<void>();
        start.resolve({ state: 'started', runId: run!.id, finished: done.promise });
        let result: 'ok' | 'error' = 'ok';
        let error: string | null = null;
        let summary: Record<string, unknown> = {};
        try {
          summary = summaryOf(await def.run(ctx));
        } catch (e) {
          result = 'error';
          error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
        }
        const finishedAt = new Date();
        const durationMs = finishedAt.getTime() - startedAt.getTime();
        metrics.jobRuns.inc({ job: def.key, result });
        metrics.jobDuration.observe({ job: def.key }, durationMs / 1000);
        await ctx.db
          .update(scheduledTaskRuns)
          .set({ result, error, summary, finishedAt, durationMs })
          .where(eq(scheduledTaskRuns.id, run!.id));
        await ctx.db
          .update(scheduledTasks)
          .set({ lastResult: result, lastError: error, lastFinishedAt: finishedAt, lastDurationMs: durationMs })
          .where(eq(scheduledTasks.key, def.key));
        done.resolve();
      } finally {
        await q(`SELECT pg_advisory_unlock(${lockSql})`);
      }
    })
    .finally(() => runningHere.delete(def.key))
    .then(
      () => {
        if (declined) start.resolve({ state: declined, finished: Promise.resolve() });
      },
      (e) => {
        start.reject(e);
        throw e;
      },
    );
  // The caller waits on start; a failure after the start is reported through `finished`.
  finished.catch(() => {});
  return start.promise.then((s) => ({ ...s, finished: s.state === 'started' ? finished : s.finished }));
}

/** One pass of the runner: starts every enabled job whose next run is due. */
export async function tick(ctx: AppContext, log?: (msg: string, err?: unknown) => void): Promise<RunStart[]> {
  const keys = registeredJobs().map((d) => d.key);
  if (!keys.length) return [];
  const due = await ctx.db
    .select({ key: scheduledTasks.key })
    .from(scheduledTasks)
    .where(and(eq(scheduledTasks.enabled, true), lte(scheduledTasks.nextRunAt, sql`now()`), inArray(scheduledTasks.key, keys)));
  const starts: RunStart[] = [];
  for (const { key } of due) {
    const def = jobByKey(key);
    if (!def) continue;
    try {
      starts.push(await startRun(ctx, def, 'schedule'));
    } catch (e) {
      // Keep going with the other jobs.
      log?.(`scheduled task ${key} could not start`, e);
    }
  }
  return starts;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts the scheduler (main.ts): every `tickMs` it runs the due jobs. Several instances may run it;
 * each slot still runs once. `stop()` waits (up to 10 s) for runs in progress.
 */
export async function startJobRunner(
  ctx: AppContext,
  opts: { tickMs?: number; log?: (msg: string, err?: unknown) => void } = {},
): Promise<JobRunner> {
  const tickMs = opts.tickMs ?? 10_000;
  await syncTasks(ctx);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking = false;
  const timer = setInterval(() => {
    if (stopped || ticking) return;
    ticking = true;
    tick(ctx, opts.log)
      .then((starts) => {
        for (const s of starts) {
          if (s.state !== 'started') continue;
          const p = s.finished.catch((e) => opts.log?.('scheduled task failed to record', e));
          inFlight.add(p);
          void p.finally(() => inFlight.delete(p));
        }
      })
      .catch((e) => opts.log?.('scheduled task tick failed', e))
      .finally(() => (ticking = false));
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
}
