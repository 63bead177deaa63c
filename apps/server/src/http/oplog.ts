import { onPrimary } from '../db/replica.js';
import { getTableColumns, sql } from 'drizzle-orm';
import { operationLog } from './tables.js';
import type { CommitHooks, CommitOutcome } from '../db/transactions.js';
import type { Db } from '../db/client.js';
import type { Principal } from '../app/context.js';
import { storable } from './input.js';
import { redact } from './redact.js';
import { completeAndSeal, sealRows } from './chain.js';

export interface OplogEntry {
  admin: Principal | null;
  module: string;
  action: string;
  method: string;
  targetId?: string | number | null;
  summary: unknown;
  ip: string;
  userAgent?: string;
  status: number;
  msg: string;
}

/** The row of an entry; the summary is redacted here so no caller can leak a secret. */
const rowOf = (e: OplogEntry) =>
  ({
    adminId: e.admin?.adminId ?? null,
    adminName: e.admin?.username ?? null,
    module: e.module,
    action: e.action,
    method: e.method,
    // refused calls are logged too, with what could not be stored written out, not lost
    targetId: e.targetId == null ? null : storable(String(e.targetId)),
    summary: storable(redact(e.summary) ?? {}) as object,
    ip: e.ip,
    userAgent: e.userAgent ? storable(e.userAgent.slice(0, 300)) : null,
    result: e.status === 0 ? 'ok' : 'fail',
    status: e.status,
    msg: storable(e.msg.slice(0, 500)),
  }) satisfies typeof operationLog.$inferInsert;

/** A row's values by their SQL column names (the drizzle names of rowOf mapped), for completeAndSeal. */
const sqlNames = new Map(Object.entries(getTableColumns(operationLog)).map(([key, col]) => [key, col.name]));
const columnsOf = (row: ReturnType<typeof rowOf>) =>
  Object.fromEntries(Object.entries(row).map(([key, v]) => [sqlNames.get(key)!, v ?? null]));

/** Writes one operation-log row, finished, and seals it onto the chain. */
export async function writeOplog(db: Db, e: OplogEntry): Promise<void> {
  const [r] = await db.insert(operationLog).values(rowOf(e)).returning({ id: operationLog.id });
  await sealRows(db, [r!.id]);
}

/**
 * The operation-log row of one mutation call. Written inside the first transaction the call commits (as its
 * last statement: `CommitHooks`), so a committed change always has its row and a rolled-back one leaves none;
 * `finish` then completes it with the call's outcome (its message, the before/after the handler gave). A call
 * that committed nothing — refused, or a change without a transaction — gets its row from `finish`.
 */
export class OplogRow implements CommitHooks {
  readonly returnsXid = true;
  private id: number | null = null;
  private writing = false;
  /** Work the call started and left running (a send kicked off) inherits its context: it must not log again. */
  private finished = false;

  constructor(
    private readonly db: Db,
    private readonly entry: () => OplogEntry,
  ) {}

  async beforeCommit(tx: Db): Promise<CommitOutcome | undefined> {
    // one row per call: a later transaction of the same call (a batch's next item) adds nothing
    if (this.id != null || this.writing || this.finished) return undefined;
    this.writing = true;
    const [r] = await tx
      .insert(operationLog)
      .values(rowOf(this.entry()))
      .returning({ id: operationLog.id, xid: sql<string>`pg_current_xact_id_if_assigned()::text` });
    return {
      xid: r!.xid,
      committed: () => {
        this.id = r!.id;
        this.writing = false;
      },
      rolledBack: () => {
        this.writing = false;
      },
    };
  }

  /** The call's outcome: the committed row completed, or the row written now. */
  async finish(status: number, msg: string): Promise<void> {
    this.finished = true;
    const row = rowOf({ ...this.entry(), status, msg });
    // finished: now it may join the chain (a row left unsealed by a crash here is sealed by the audit-seal job)
    if (this.id != null && (await completeAndSeal(this.db, this.id, columnsOf(row)))) return;
    if (this.id == null) this.id = (await this.db.insert(operationLog).values(row).returning({ id: operationLog.id }))[0]!.id;
    await sealRows(this.db, [this.id]);
  }
}

/** Who asked for a CSV export and with which filters: the export's operation-log row. */
export interface ExportAudit {
  db: Db;
  admin: Principal;
  module: string;
  filters: unknown;
  req: { url: string; method: string; ip: string; headers: { 'user-agent'?: string }; log: { error(o: object, m: string): void } };
}

/**
 * The operation-log row of a CSV export (filters and row count). Written before the file's last byte
 * leaves, so whoever holds the whole file can find its entry; a failed write is logged, not thrown.
 */
export async function writeExportLog(a: ExportAudit, rows: number, ok: boolean): Promise<void> {
  // an export reads on the standby (db/replica.ts); its log row is a write
  await onPrimary(() =>
    writeOplog(a.db, {
      admin: a.admin,
      module: a.module,
      action: a.req.url.split('?')[0]!,
      method: a.req.method,
      targetId: null,
      summary: { input: a.filters, rows },
      ip: a.req.ip,
      userAgent: a.req.headers['user-agent'],
      status: ok ? 0 : 1,
      msg: ok ? `exported ${rows} rows` : `export failed after ${rows} rows`,
    }),
  ).catch((err) => a.req.log.error({ err }, 'operation log write failed'));
}
