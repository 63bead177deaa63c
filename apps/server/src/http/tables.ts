import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../db/columns.js';

// The route wrapper's own records (http/oplog.ts, http/idempotency.ts): the only tables a shared layer owns.

export const operationLog = pgTable(
  'operation_log',
  {
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
    /** migrations/0442: the row's place in the hash chain, the previous link's hash and its own (http/chain.ts) */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('operation_log_created_idx').on(t.createdAt),
    index('operation_log_admin_idx').on(t.adminId, t.createdAt),
    uniqueIndex('operation_log_seq').on(t.seq),
    index('operation_log_unsealed')
      .on(t.id)
      .where(sql`seq IS NULL`),
  ],
);

/** The chain's last link and where it starts now (after a deletion of its oldest rows): one row. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  firstSeq: bigint('first_seq', { mode: 'number' }).notNull(),
  firstPrev: text('first_prev').notNull(),
});

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
