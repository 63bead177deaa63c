import { bigint, bigserial, boolean, customType, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

// Mirrors migrations/0300_admins.sql (and the admins columns of 0001 it extends).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The `admins` table with the columns 0300 adds (foundation's `admins` object lists only its own). */
export const adminAccounts = pgTable('admins', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull(),
  agentId: integer('agent_id'),
  locked: boolean('locked').notNull().default(false),
  /** Sealed (ctx.secrets); legacy rows may still hold the plain secret until re-sealed at start-up. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpPendingSecret: text('totp_pending_secret'),
  chatEnabled: boolean('chat_enabled').notNull().default(false),
  avatar: text('avatar').notNull().default(''),
  lang: text('lang'),
  phone: text('phone'),
  email: text('email'),
  siteStyle: jsonb('site_style').notNull().default({}),
  lastLoginAt: ts('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  status: text('status').notNull().default('active'),
  expiresAt: ts('expires_at'),
  activatedAt: ts('activated_at'),
  activatedBy: integer('activated_by'),
  passwordChangedAt: ts('password_changed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const adminAvatars = pgTable('admin_avatars', {
  adminId: integer('admin_id').primaryKey(),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const smsLog = pgTable('sms_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  kind: text('kind').notNull(),
  content: text('content').notNull(),
  provider: text('provider').notNull(),
  result: text('result').notNull(),
  error: text('error'),
  providerRef: text('provider_ref'),
  adminId: integer('admin_id'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pushLog = pgTable('push_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  platform: text('platform').notNull(),
  target: text('target').notNull(),
  title: text('title').notNull().default(''),
  body: text('body').notNull().default(''),
  provider: text('provider').notNull(),
  result: text('result').notNull(),
  error: text('error'),
  adminId: integer('admin_id'),
  userId: integer('user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const iosPushSettings = pgTable('ios_push_settings', {
  id: integer('id').primaryKey().default(1),
  keyId: text('key_id').notNull(),
  teamId: text('team_id').notNull(),
  bundleId: text('bundle_id').notNull(),
  production: boolean('production').notNull().default(false),
  keySealed: text('key_sealed'),
  keyFingerprint: text('key_fingerprint'),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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
