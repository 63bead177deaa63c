import { bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The tasks domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const scheduledTasks = pgTable('scheduled_tasks', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  schedule: text('schedule').notNull(),
  nextRunAt: ts('next_run_at'),
  lastRunAt: ts('last_run_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastResult: text('last_result'),
  lastError: text('last_error'),
  lastDurationMs: integer('last_duration_ms'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const scheduledTaskRuns = pgTable('scheduled_task_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskKey: text('task_key').notNull(),
  trigger: text('trigger').notNull(),
  adminId: integer('admin_id'),
  adminName: text('admin_name'),
  instance: text('instance'),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  durationMs: integer('duration_ms'),
  result: text('result').notNull().default('running'),
  error: text('error'),
  summary: jsonb('summary').notNull().default({}),
});
