import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../../db/columns.js';

// The agreements domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0431_agreements_messaging.sql (contracts half).

export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    updatedBy: text('updated_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('agreement_templates_default_idx')
      .on(t.kind)
      .where(sql`is_default AND deleted_at IS NULL`),
  ],
);

export const agreementTemplateVersions = pgTable(
  'agreement_template_versions',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => agreementTemplates.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

export const userAgreements = pgTable(
  'user_agreements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => agreementTemplates.id),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('assigned'),
    assignedBy: text('assigned_by'),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
    pushedAt: ts('pushed_at'),
    version: integer('version'),
    body: text('body'),
    bodyHash: text('body_hash'),
    signatureKey: text('signature_key'),
    signedAt: ts('signed_at'),
    signIp: text('sign_ip'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    unique().on(t.templateId, t.userId),
    index('user_agreements_status_idx').on(t.status, t.id),
    index('user_agreements_user_idx').on(t.userId),
  ],
);
