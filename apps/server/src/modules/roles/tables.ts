import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The roles domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

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
