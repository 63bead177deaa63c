import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

// Mirrors migrations/0001_foundation.sql; the SQL files are the source of the database's shape.

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

export const adminSessions = pgTable('admin_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: integer('admin_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokeReason: text('revoke_reason'),
});

export const loginLog = pgTable('login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: integer('admin_id'),
  username: text('username').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  result: text('result').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: integer('admin_id'),
  adminName: text('admin_name'),
  module: text('module').notNull(),
  action: text('action').notNull(),
  method: text('method').notNull(),
  targetId: text('target_id'),
  summary: jsonb('summary').notNull().default({}),
  ip: text('ip'),
  userAgent: text('user_agent'),
  result: text('result').notNull(),
  status: integer('status').notNull(),
  msg: text('msg'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
