import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { defineJob } from '../../jobs/registry.js';
import { KEY_TTL_HOURS } from '../../http/idempotency.js';

/** Sessions revoked or expired this long ago are deleted. */
export const SESSION_RETENTION_DAYS = 30;

/** Runs a `DELETE … WHERE …` and says how many rows it removed (a cleanup job's summary). */
async function deleted(db: Db, del: SQL): Promise<number> {
  const r = rows<{ n: number }>(await db.execute(sql`WITH gone AS (${del} RETURNING 1) SELECT count(*)::int AS n FROM gone`));
  return r[0]?.n ?? 0;
}

export const sessionCleanupJob = defineJob({
  key: 'session-cleanup',
  name: { zh: '会话清理', en: 'Session cleanup' },
  schedule: '30 3 * * *',
  async run(ctx) {
    const n = await deleted(
      ctx.db,
      sql`DELETE FROM admin_sessions
          WHERE (revoked_at IS NOT NULL AND revoked_at < now() - make_interval(days => ${SESSION_RETENTION_DAYS}))
             OR expires_at < now() - make_interval(days => ${SESSION_RETENTION_DAYS})`,
    );
    return { deleted: n };
  },
});

/** Lapsed registration requests are kept a week (visible as expired in 管理列表), SMS codes a day. */
export const registrationCleanupJob = defineJob({
  key: 'registration-cleanup',
  name: { zh: '注册申请与验证码清理', en: 'Registration request and code cleanup' },
  schedule: '@every 1h',
  async run(ctx) {
    const requests = await deleted(ctx.db, sql`DELETE FROM admins WHERE status = 'pending' AND expires_at < now() - interval '7 days'`);
    const codes = await deleted(ctx.db, sql`DELETE FROM sms_codes WHERE created_at < now() - interval '1 day'`);
    return { requests, codes };
  },
});

/** Idempotency keys answer for 24 h (http/idempotency.ts); older ones are never replayed and are deleted here. */
export const idempotencyCleanupJob = defineJob({
  key: 'idempotency-cleanup',
  name: { zh: '幂等键清理', en: 'Idempotency key cleanup' },
  schedule: '@every 1h',
  async run(ctx) {
    const n = await deleted(ctx.db, sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})`);
    return { deleted: n };
  },
});
