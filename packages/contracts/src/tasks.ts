import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool } from './fields.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Outcome of a scheduled-task run; `interrupted` = the instance running it stopped before it finished. */
export const TASK_RESULTS = ['running', 'ok', 'error', 'interrupted'] as const;
export type TaskResult = (typeof TASK_RESULTS)[number];

export const taskKey = () =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, { message: 'invalid_task_key' });

/**
 * A job's schedule: a 5- or 6-field cron expression evaluated in Asia/Shanghai (`0 3 * * *`), or an
 * interval `@every 30s|15m|2h|1d`.
 */
export const taskSchedule = () => z.string().trim().min(1).max(64);

export const taskRecord = z.object({
  key: z.string(),
  name: z.string(),
  schedule: z.string(),
  /** The schedule the code registered (update.do may override it). */
  defaultSchedule: z.string(),
  enabled: z.boolean(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastResult: z.enum(TASK_RESULTS).nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  nextRunAt: z.string().nullable(),
});
export type TaskRecord = z.infer<typeof taskRecord>;

export const taskRun = z.object({
  id: z.number(),
  taskKey: z.string(),
  taskName: z.string(),
  /** `schedule` or `manual` (run-now). */
  trigger: z.string(),
  adminId: z.number().nullable(),
  adminName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  result: z.enum(TASK_RESULTS),
  error: z.string().nullable(),
  /** What the job reported (counts and the like). */
  summary: z.unknown(),
});
export type TaskRun = z.infer<typeof taskRun>;

export const taskRunsQuery = pageQuery.extend({
  taskKey: optionalText(64),
  result: z.preprocess(blankToUndefined, z.enum(TASK_RESULTS).optional()),
  trigger: z.preprocess(blankToUndefined, z.enum(['schedule', 'manual']).optional()),
});

export const updateTaskInput = z.object({
  key: taskKey(),
  /** true enables (needs edit + enable), false disables (edit + disable). */
  enabled: z.preprocess(blankToUndefined, zBool().optional()),
  /** Replaces the schedule; "default" restores the registered one. */
  schedule: z.preprocess(blankToUndefined, taskSchedule().optional()),
});

const tasks = (action: 'query' | 'edit') => ({ permission: 'scheduledtasks' as const, action });

export const tasksApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/task/list.do',
    access: tasks('query'),
    input: pageQuery,
    data: pageOf(taskRecord),
    summary: 'Scheduled tasks with their last run',
  }),
  runs: endpoint({
    method: 'POST',
    path: '/admin/task/runs.do',
    access: tasks('query'),
    input: taskRunsQuery,
    data: pageOf(taskRun),
    summary: 'Run history of the scheduled tasks',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/task/update.do',
    access: tasks('edit'),
    input: updateTaskInput,
    data: taskRecord,
    module: 'tasks',
    summary: 'Enable / disable a task or change its schedule',
  }),
  run: endpoint({
    method: 'POST',
    path: '/admin/task/run.do',
    access: tasks('edit'),
    input: z.object({ key: taskKey() }),
    data: taskRun,
    module: 'tasks',
    summary: 'Run a task now (answers within a few seconds with the run, finished or still running)',
  }),
} as const;
