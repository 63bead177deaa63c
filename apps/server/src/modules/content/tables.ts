import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, ts } from '../../db/columns.js';
import { admins } from '../_kit/parties.js';

// The content domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0430_content.sql.

export const siteImages = pgTable('site_images', {
  key: text('key').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    cover: text('cover').references(() => siteImages.key),
    source: text('source'),
    summary: text('summary'),
    body: text('body').notNull(),
    shown: boolean('shown').notNull().default(true),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: ts('publish_at').notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('articles_published_idx')
      .on(t.pinned.desc(), t.publishAt.desc())
      .where(sql`shown`),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  image: text('image')
    .notNull()
    .references(() => siteImages.key),
  targetUrl: text('target_url'),
  sort: integer('sort').notNull().default(0),
  pc: boolean('pc').notNull().default(true),
  mobile: boolean('mobile').notNull().default(true),
  shown: boolean('shown').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  banner: text('banner').references(() => siteImages.key),
  rules: text('rules').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  target: text('target').notNull().default('all'),
  targetId: integer('target_id'),
  shown: boolean('shown').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});
