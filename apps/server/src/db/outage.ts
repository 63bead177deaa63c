/**
 * Telling "the database is unreachable" from every other failure, and saying so once per outage.
 *
 * A lost or refused connection is not a bug of ours: the request gets the outage envelope (HTTP 503,
 * `Status.DB_UNAVAILABLE`, `Retry-After`), `/readyz` answers 503 so a load balancer drains the instance,
 * and the log gets one line when the outage begins and one when the database answers again — not one
 * per request. Nothing here ends the process.
 */

// SQLSTATE classes and codes of a connection that is gone or refused: 08 connection exception,
// 57P01/57P02/57P03 administrator or crash shutdown / cannot connect now, 53300 too many connections.
const SQLSTATES = /^(08...|57P0[123]|53300)$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
// node-postgres says these in words only
const MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Connection ended unexpectedly/,
];

/** True for an error (or an error it wraps, as drizzle's query errors do) that means "no database". */
export function isConnectionError(e: unknown): boolean {
  for (const { code, message } of causes(e)) {
    if (typeof code === 'string' && (SQLSTATES.test(code) || NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/**
 * An error and the errors it wraps, outermost first, five deep at most: drizzle wraps the driver's error (whose `code`
 * is the SQLSTATE) in its own. Every test of a database error (`isConnectionError`, `isConflict`, the metrics'
 * SQLSTATE class) reads them through this.
 */
export function* causes(e: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let err = e, depth = 0; err && typeof err === 'object' && depth < 5; err = (err as { cause?: unknown }).cause, depth++)
    yield err as { code?: unknown; message?: unknown };
}

/** True for a unique violation (23505), of `constraint` when named, in the error or one it wraps. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (const c of causes(e)) {
    if (c.code === '23505') return !constraint || (c as { constraint?: unknown }).constraint === constraint;
  }
  return false;
}

/** True for a foreign-key violation (23503) in the error or one it wraps. */
export const isFkViolation = (e: unknown): boolean => [...causes(e)].some((c) => c.code === '23503');

/** True for a lock request that gave up after `lock_timeout` (55P03) in the error or one it wraps. */
export const isLockTimeout = (e: unknown): boolean => [...causes(e)].some((c) => c.code === '55P03');

type Log = (level: 'error' | 'info', msg: string, detail?: Record<string, unknown>) => void;

const state = { down: false, since: 0, errors: 0 };
let log: Log = (level, msg, detail) => (level === 'error' ? console.error : console.log)(msg, detail ?? '');

/** The server's logger (app.ts); before it is set, the console. */
export function setOutageLog(l: Log): void {
  log = l;
}

/** A connection failed or was refused: the first one of an outage is logged, the others counted. */
export function connectionLost(err: unknown): void {
  state.errors++;
  if (state.down) return;
  state.down = true;
  state.since = Date.now();
  log('error', 'database unavailable: connection lost or refused (logged once until it answers again)', {
    err: err instanceof Error ? { message: err.message, code: (err as { code?: string }).code } : String(err),
  });
}

/** Another server of DATABASE_URL's hosts took over writes (db/hosts.ts): said once, in the server's log. */
export function primaryMoved(host: string, port: number): void {
  log('info', 'the database server taking writes changed', { host, port });
}

/** A statement succeeded: an outage in progress is over. */
export function databaseAnswered(): void {
  if (!state.down) return;
  log('info', 'database answering again', { downMs: Date.now() - state.since, failedCalls: state.errors });
  state.down = false;
  state.errors = 0;
}

export const databaseDown = (): boolean => state.down;

/** Seconds a client should wait before retrying (the `Retry-After` header). */
export const RETRY_AFTER_S = 5;
