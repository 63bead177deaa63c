import { bigint, bigserial, boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The admins domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

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
