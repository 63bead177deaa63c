import { operationLog } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { Principal } from './context.js';
import { storable } from './input.js';
import { redact } from './redact.js';

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

/** Writes one operation-log row; the summary is redacted here so no caller can leak a secret. */
export async function writeOplog(db: Db, e: OplogEntry): Promise<void> {
  await db.insert(operationLog).values({
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
  });
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
  await writeOplog(a.db, {
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
  }).catch((err) => a.req.log.error({ err }, 'operation log write failed'));
}
