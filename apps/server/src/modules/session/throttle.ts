import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';

/**
 * Sign-in throttling that stops guessing without letting a stranger lock an operator out (issue 26).
 * Everything is read from the login log (the last 15 minutes), so every instance agrees:
 *
 * - an address that failed 5 times (any accounts) waits before its next try, longer each time:
 *   1, 2, 4, 8, then 15 minutes after its last failure;
 * - an account that failed 20 times (passwords, from any addresses) or 5 times (authenticator codes)
 *   is closed to addresses it was never signed in from (30 days), so the operator signing in from a
 *   usual address is not kept out by someone else's failures;
 * - an administrator's unlock (`unlock` row) forgives the account's failures before it.
 * A threshold crossed writes a `lock_ip` / `lock_account` row, an unlock an `unlock` row.
 */
export const WINDOW_MINUTES = 15;
export const IP_FAILURES = 5;
export const ACCOUNT_FAILURES = 20;
export const CODE_FAILURES = 5;
export const TRUSTED_DAYS = 30;
const MAX_BACKOFF_MINUTES = 15;

/** Minutes an address waits after its `n`-th failure in the window (0 below the threshold). */
export const backoffMinutes = (n: number): number => (n < IP_FAILURES ? 0 : Math.min(MAX_BACKOFF_MINUTES, 2 ** (n - IP_FAILURES)));

export type Verdict = { ok: true } | { ok: false; reason: 'ip'; minutes: number } | { ok: false; reason: 'account' };

interface Counts {
  ip_failures: number;
  ip_last_ms: number | null;
  account_failures: number;
  code_failures: number;
  trusted: boolean;
}

async function counts(db: Db, username: string, ip: string): Promise<Counts> {
  const [r] = rows<Counts>(
    await db.execute(sql`
      WITH since AS (
        SELECT greatest(now() - make_interval(mins => ${WINDOW_MINUTES}),
                        coalesce((SELECT max(created_at) FROM login_log WHERE username = ${username} AND result = 'unlock'), '-infinity')) AS t
      )
      SELECT
        (SELECT count(*) FROM login_log WHERE ip = ${ip} AND result IN ('bad_password', 'bad_code')
           AND created_at > now() - make_interval(mins => ${WINDOW_MINUTES})
           AND (username <> ${username} OR created_at > (SELECT t FROM since)))::int AS ip_failures,
        (SELECT (extract(epoch FROM max(created_at)) * 1000)::float8 FROM login_log WHERE ip = ${ip} AND result IN ('bad_password', 'bad_code')
           AND created_at > now() - make_interval(mins => ${WINDOW_MINUTES})) AS ip_last_ms,
        (SELECT count(*) FROM login_log WHERE username = ${username} AND result = 'bad_password' AND created_at > (SELECT t FROM since))::int AS account_failures,
        (SELECT count(*) FROM login_log WHERE username = ${username} AND result = 'bad_code' AND created_at > (SELECT t FROM since))::int AS code_failures,
        EXISTS (SELECT 1 FROM login_log WHERE username = ${username} AND ip = ${ip} AND result = 'ok'
           AND created_at > now() - make_interval(days => ${TRUSTED_DAYS})) AS trusted`),
  );
  return r!;
}

/** May this address try to sign in to this account now? */
export async function mayTry(db: Db, username: string, ip: string, now = Date.now()): Promise<Verdict> {
  const c = await counts(db, username, ip);
  const wait = backoffMinutes(c.ip_failures);
  if (wait > 0 && c.ip_last_ms != null) {
    const left = c.ip_last_ms + wait * 60_000 - now;
    if (left > 0) return { ok: false, reason: 'ip', minutes: Math.max(1, Math.ceil(left / 60_000)) };
  }
  if (!c.trusted && (c.account_failures >= ACCOUNT_FAILURES || c.code_failures >= CODE_FAILURES)) return { ok: false, reason: 'account' };
  return { ok: true };
}

/**
 * After a failure has been logged: the row of the lock it caused, if it crossed a threshold (the
 * address's first back-off, or the account closing to unknown addresses).
 */
export async function noteLocks(db: Db, username: string, ip: string, log: (result: string) => Promise<void>): Promise<void> {
  const c = await counts(db, username, ip);
  if (c.ip_failures === IP_FAILURES) await log('lock_ip');
  if (c.account_failures === ACCOUNT_FAILURES || c.code_failures === CODE_FAILURES) await log('lock_account');
}
