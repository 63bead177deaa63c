import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, serial, text, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../db/columns.js';

// The route wrapper's own records (http/oplog.ts, http/idempotency.ts): the only tables a shared layer owns.

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
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
  // partitioned by month (modules/logs/migrations/0447): the key holds the partition's column, and seq's index is
  // not unique (the chain's lock gives each seal its own)
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('operation_log_created_idx').on(t.createdAt),
    index('operation_log_admin_idx').on(t.adminId, t.createdAt),
    index('operation_log_seq').on(t.seq),
    index('operation_log_unsealed')
      .on(t.id)
      .where(sql`seq IS NULL`),
    index('operation_log_failed_idx')
      .on(t.result, t.createdAt)
      .where(sql`result <> 'ok'`),
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

/** Each removal of the chain's oldest rows (retention of whole months, or a super-user's deletion): what it left. */
export const auditChainCuts = pgTable('audit_chain_cuts', {
  id: serial('id').primaryKey(),
  fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
  toSeq: bigint('to_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  rowsRemoved: bigint('rows_removed', { mode: 'number' }).notNull(),
  reason: text('reason', { enum: ['retention', 'delete'] }).notNull(),
  months: text('months'),
  createdAt: ts('created_at').notNull().defaultNow(),
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
