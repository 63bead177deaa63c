import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, bytea } from '../../db/columns.js';

// The account domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const adminAvatars = pgTable('admin_avatars', {
  adminId: integer('admin_id').primaryKey(),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
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
