import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** migrations/0440_idempotency_keys.sql: one row per (principal, Idempotency-Key) — http/idempotency.ts. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `admin:<id>` or `user:<id>`: one principal's key never replays another's answer. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha-256 of the method, path and body of the first call. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['running', 'committed', 'done'] })
      .notNull()
      .default('running'),
    httpStatus: integer('http_status'),
    /** The first answer's bytes, replayed as they are. */
    response: text('response'),
    lockedUntil: ts('locked_until').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_at').on(t.createdAt)],
);
