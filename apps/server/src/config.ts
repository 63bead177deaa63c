import path from 'node:path';
import { z } from 'zod';
import { parseHolidays } from './lib/holidays.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. The README's configuration table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Default: 127.0.0.1 on the embedded database (the demo, with its published passwords), 0.0.0.0 with DATABASE_URL. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Server processes on this host (node:cluster workers sharing the port). More than one needs
   * DATABASE_URL and REDIS_URL: each worker is an instance of the cluster.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Connections each instance (each worker) keeps to PostgreSQL (DATABASE_URL only). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Pipelined connections each instance keeps for list statements, besides the pool (db/pipeline.ts); 0: none. */
  DATABASE_LIST_CONNECTIONS: z.coerce.number().int().min(0).max(16).default(1),
  /** How long a request waits for a PostgreSQL connection before it is answered "database unavailable". */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** How long one statement may run (client-side: also bounds a server that stopped answering). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** A streaming standby for list pages, exports, reports and the analysis page (db/replica.ts); needs DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** The standby is read only while its replay is at most this far behind the primary. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** After an operator's change, their reads stay on the primary this long (so their next list shows it). */
  DATABASE_READ_STICKY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SUPER_ACCOUNT: z.string().min(1).default('super'),
  SINGLE_SESSION: bool.default(true),
  SOCKET_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Send Strict-Transport-Security (only when the site is served over HTTPS, e.g. behind a TLS proxy). */
  HSTS: bool.default(false),
  /** The API documentation at /api/docs: off, for signed-in admins (default), or public. */
  API_DOCS: z.enum(['off', 'signed-in', 'public']).default('signed-in'),
  SOCKET_MODE: z.enum(['same-origin', 'spec-ports']).default('same-origin'),
  /** Expected client heartbeat period; a socket silent for more than two periods is closed. */
  SOCKET_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /** How often open sockets re-check that their session is still valid (expiry, missed revocations). */
  SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Redis pub/sub channel of the event bus; instances sharing a database must share it. */
  BUS_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits, _ : . - only')
    .default('stock-admin:events'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** The demo's dual-control rules (issue 49) switched on when it is seeded; the browser suite seeds them off, and its
   * approvals spec switches on the rule it needs (other specs create admins and positions without a second admin). */
  DEMO_APPROVAL_RULES: bool.default(true),
  /** Run the scheduled-task runner in this process (every instance may; each slot still runs once). */
  JOBS_ENABLED: bool.default(true),
  /** Months of each partitioned log kept besides the current one (issue 51; the `log-partitions` job drops older months). */
  // never below six months: China's Cybersecurity Law (art. 21) asks for network logs kept at least that long
  RETAIN_OPERATION_LOG_MONTHS: z.coerce.number().int().min(6).max(600).default(36),
  RETAIN_LOGIN_LOG_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  RETAIN_USER_LOGIN_LOG_MONTHS: z.coerce.number().int().min(1).max(240).default(12),
  RETAIN_SMS_LOG_MONTHS: z.coerce.number().int().min(1).max(240).default(12),
  RETAIN_PUSH_LOG_MONTHS: z.coerce.number().int().min(1).max(240).default(6),
  /** Default: `info` (a line per request) with DATABASE_URL; `warn` on the embedded demo, whose terminal stays quiet. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CONSOLE_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where quotes come from: the built-in simulated feed, or a vendor over HTTP (QUOTE_URL). */
  QUOTE_SOURCE: z.enum(['simulated', 'http']).default('simulated'),
  QUOTE_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /** One tick (simulated step or vendor fetch) per interval for the whole cluster. */
  QUOTE_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** How our symbols are spelt at the vendor: sh600000 (gid), 600000.SH (suffix) or SH600000 (prefix). */
  QUOTE_SYMBOL_STYLE: z.enum(['gid', 'suffix', 'prefix']).default('suffix'),
  /** Time-out of one vendor request (a failed one is retried twice within the interval). */
  QUOTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  /** Quotes are marked stale when the vendor has not answered for this long (default: three intervals). */
  QUOTE_STALE_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /** Seed of the simulated feed: the same seed and clock give the same prices. */
  QUOTE_SEED: z.string().min(1).max(100).default('stock-admin'),
  /**
   * The market's hours: `exchange` (the Shanghai calendar: sessions, weekends, holidays) or `continuous` (the demo: a
   * simulated session open all day, every day, whose trading day is today in Shanghai). Default: `continuous` on
   * the embedded database, `exchange` with DATABASE_URL.
   */
  QUOTE_SESSION: z.enum(['exchange', 'continuous']).optional(),
  /**
   * The demo's simulated end users (issue 37): actions per second `npm start` drives through the public APIs so that
   * buys, deposits and withdrawals arrive; 0 turns it off. Default 0.5 on the embedded demo, 0 with DATABASE_URL.
   */
  SIMULATE_RATE: z.coerce.number().min(0).max(100).optional(),
  /** Exchange holidays besides the built-in list (comma-separated YYYY-MM-DD). */
  QUOTE_HOLIDAYS: z.string().default(''),
  /**
   * Demos and tests: the feed's clock starts at this time (ISO, e.g. 2026-11-24T10:00:00+08:00) and runs
   * on from there, so prices move outside trading hours. Never set in production.
   */
  /**
   * Metrics in the Prometheus text format (issue 38), never public: `/metrics` on the main port for a caller sending
   * `Authorization: Bearer <METRICS_TOKEN>`, and/or a listener of its own on METRICS_PORT (bound to METRICS_HOST,
   * 127.0.0.1 by default; with WEB_CONCURRENCY > 1 it is the primary's and sums the workers). Neither set: no metrics.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  QUOTE_CLOCK_START: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO date-time')
    .optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'QUOTE_SESSION' | 'HOST' | 'LOG_LEVEL' | 'SIMULATE_RATE'> & {
  SIMULATE_RATE: number;
  HOST: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute data folder, or `memory://` for an in-memory embedded database. */
  dataDir: string;
  /** QUOTE_SESSION, its default resolved. */
  QUOTE_SESSION: 'exchange' | 'continuous';
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const quoteProblems: string[] = [];
  if (c.QUOTE_SOURCE === 'http' && !c.QUOTE_URL) quoteProblems.push('  QUOTE_URL: required when QUOTE_SOURCE is http');
  const session = c.QUOTE_SESSION ?? (c.DATABASE_URL ? 'exchange' : 'continuous');
  // a vendor's quotes follow the exchange's hours; only the simulated feed can trade all day
  if (session === 'continuous' && c.QUOTE_SOURCE === 'http')
    if (c.QUOTE_SESSION) quoteProblems.push('  QUOTE_SESSION: continuous needs QUOTE_SOURCE=simulated');
  const badDays = parseHolidays(c.QUOTE_HOLIDAYS).bad;
  if (badDays.length) quoteProblems.push(`  QUOTE_HOLIDAYS: not a YYYY-MM-DD date: ${badDays.join(', ')}`);
  if (quoteProblems.length) throw new ConfigError(`Invalid configuration:\n${quoteProblems.join('\n')}`);
  if (c.WEB_CONCURRENCY > 1) {
    // the embedded database lives in one process, and workers only hear each other's live events,
    // revocations and cache drops through Redis
    const missing = (['DATABASE_URL', 'REDIS_URL'] as const).filter((k) => !c[k]);
    if (missing.length) {
      throw new ConfigError(`Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs ${missing.join(' and ')}`);
    }
  }
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_READ_URL: a read standby needs DATABASE_URL (its primary)');
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the operator typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = c.DATA_DIR.startsWith('memory://') ? c.DATA_DIR : path.resolve(base, c.DATA_DIR);
  return {
    ...c,
    dataDir,
    QUOTE_SESSION: c.QUOTE_SOURCE === 'http' ? 'exchange' : session,
    HOST: c.HOST ?? (c.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    LOG_LEVEL: c.LOG_LEVEL ?? (c.DATABASE_URL ? 'info' : 'warn'),
    SIMULATE_RATE: c.SIMULATE_RATE ?? (c.DATABASE_URL ? 0 : 0.5),
  };
}
