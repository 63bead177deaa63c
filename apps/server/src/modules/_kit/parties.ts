import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../db/columns.js';

/**
 * The parties' tables: the platform's users and agents, its administrators and their roles. Nearly every domain reads
 * them, and so do the layers under most domains — the ledger (fundrecords) posts to users' and agents' balances, the
 * session signs administrators in with their roles' permissions, agent scoping (scope.ts) joins the agent tree — so
 * they are declared here, below every domain, and no domain reads another one's tables from above it. Each is still
 * owned by one domain (PARTY_OWNERS): only that domain writes it, as with its own tables.ts, and its migrations stay in
 * that domain's migrations/. The SQL files are the source of the database's shape; these mirror them.
 */
export const PARTY_OWNERS = {
  users: 'users',
  agents: 'agents',
  admins: 'admins',
  admin_roles: 'roles',
  admin_role_permissions: 'roles',
} as const;

// users (migrations/0200_users.sql and the users domain's migrations)

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickName: text('nick_name').notNull().default(''),
  realName: text('real_name'),
  idNumberSealed: text('id_number_sealed'),
  idNumberMasked: text('id_number_masked'),
  /** 0 real, 1 simulated */
  accountType: smallint('account_type').notNull().default(0),
  agentId: integer('agent_id'),
  referrerId: integer('referrer_id'),
  /** equity */
  userAmt: money('user_amt').notNull().default('0'),
  /** free cash */
  enableAmt: money('enable_amt').notNull().default('0'),
  /** held */
  frozenAmt: money('frozen_amt').notNull().default('0'),
  tradeLocked: boolean('trade_locked').notNull().default(false),
  loginLocked: boolean('login_locked').notNull().default(false),
  /** 0 none, 1 pending, 2 approved, 3 rejected */
  realState: smallint('real_state').notNull().default(0),
  realRejectReason: text('real_reject_reason'),
  realSubmittedAt: ts('real_submitted_at'),
  realReviewedAt: ts('real_reviewed_at'),
  realReviewedBy: integer('real_reviewed_by'),
  idFront: text('id_front'),
  idBack: text('id_back'),
  regTime: ts('reg_time').notNull().defaultNow(),
  regIp: text('reg_ip'),
  layeringId: integer('layering_id'),
  layeringPinned: boolean('layering_pinned').notNull().default(false),
  online: boolean('online').notNull().default(false),
  lastLoginAt: ts('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  remark: text('remark').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export type UserRow = typeof users.$inferSelect;

// agents (migrations/0200_users.sql)

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  realName: text('real_name').notNull().default(''),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  inviteCode: text('invite_code').notNull(),
  parentId: integer('parent_id'),
  level: integer('level').notNull().default(1),
  /** Ids from the root down to this agent itself. */
  path: integer('path').array().notNull(),
  feeRate: rate('fee_rate').notNull().default('0'),
  deferralRate: rate('deferral_rate').notNull().default('0'),
  profitRate: rate('profit_rate').notNull().default('0'),
  balance: money('balance').notNull().default('0'),
  locked: boolean('locked').notNull().default(false),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export type AgentRow = typeof agents.$inferSelect;

// admins (migrations/0001_foundation.sql)

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id').notNull(),
  agentId: integer('agent_id'),
  locked: boolean('locked').notNull().default(false),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  chatEnabled: boolean('chat_enabled').notNull().default(false),
  avatar: text('avatar').notNull().default(''),
  lang: text('lang'),
  phone: text('phone'),
  email: text('email'),
  siteStyle: jsonb('site_style').notNull().default({}),
  lastLoginAt: ts('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// Mirrors migrations/0300_admins.sql (and the admins columns of 0001 it extends).

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

// roles (migrations/0001_foundation.sql)

export const adminRoles = pgTable('admin_roles', {
  id: serial('id').primaryKey(),
  code: text('code'),
  name: text('name').notNull(),
  describe: text('describe').notNull().default(''),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const adminRolePermissions = pgTable(
  'admin_role_permissions',
  {
    roleId: integer('role_id').notNull(),
    permissionKey: text('permission_key').notNull(),
    actions: text('actions').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);
