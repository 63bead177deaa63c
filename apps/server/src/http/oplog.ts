import { operationLog } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import type { Principal } from './context.js';
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
    targetId: e.targetId == null ? null : String(e.targetId),
    summary: (redact(e.summary) ?? {}) as object,
    ip: e.ip,
    userAgent: e.userAgent?.slice(0, 300) ?? null,
    result: e.status === 0 ? 'ok' : 'fail',
    status: e.status,
    msg: e.msg.slice(0, 500),
  });
}
