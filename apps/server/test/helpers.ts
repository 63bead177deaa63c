import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createAdmin, ensureBuiltinRoles } from '../src/modules/admins/service.js';
import { copyTemplate } from './fixtures/pg-template.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The PostgreSQL schema of this app's tables (in a database of its own, or beside other apps' in one). */
  schema?: string;
  /** On PostgreSQL, what names this app's connections: `stock-admin test <name>` in pg_stat_activity. */
  name?: string;
  close(): Promise<void>;
}

/** The settings every test server starts from (test apps, the race suite's instances and its killed process). */
export const TEST_ENV = {
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'test-secret-key-0123456789',
  // the quote feed ticks in tests that ask for it (a short QUOTE_INTERVAL_MS); elsewhere it stays out of the way
  QUOTE_INTERVAL_MS: '60000',
  // the exchange's calendar on both databases (the embedded demo's all-day session is tested on its own)
  QUOTE_SESSION: 'exchange',
  // no simulated traffic unless a test starts it
  SIMULATE_RATE: '0',
} as const;

/**
 * A fresh application on its own database: in-memory PGlite, or (when DATABASE_URL is set, as in CI) a PostgreSQL
 * database of its own copied from the suite's migrated template (test/fixtures/pg-template.ts), dropped afterwards. A test
 * that names a DATABASE_URL of its own (a proxy, a scratch cluster) gets a schema of its own there, migrated.
 * REDIS_URL likewise selects the Redis bus.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    /** Runs before the app is ready, as main.ts seeds the demo before the quote service starts. */
    beforeReady?: (app: FastifyInstance) => Promise<unknown>;
  } = {},
): Promise<TestApp> {
  const pgTemplate = inject('pgTemplate');
  const copy =
    pgTemplate && process.env.DATABASE_URL && !env.DATABASE_URL
      ? await copyTemplate(process.env.DATABASE_URL, pgTemplate.database)
      : undefined;
  const config = loadConfig({
    ...TEST_ENV,
    // each test app hears only its own bus (Redis runs are shared by parallel files: quotes of one must not reach another)
    BUS_CHANNEL: `test:${randomBytes(6).toString('hex')}`,
    ...pick(process.env, ['DATABASE_URL', 'REDIS_URL']),
    ...(copy ? { DATABASE_URL: copy.url } : {}),
    ...env,
  });
  const schemaName = copy ? pgTemplate!.schema : config.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const name = copy?.name ?? schemaName;
  // a copy left behind by a start that failed would stay on the server: dropped (FORCE ends its connections)
  const { app, database } = await start(config, schemaName, name, opts).catch(async (err: unknown) => {
    await copy?.drop();
    throw err;
  });
  return {
    app,
    config,
    schema: schemaName,
    name,
    async close() {
      await app.close();
      if (copy) {
        await database.close();
        await copy.drop();
        return;
      }
      if (schemaName) {
        await database.withConnection((q) => q(`DROP SCHEMA "${schemaName}" CASCADE`));
      }
      await database.close();
    },
  };
}

/** Opens the app's database, migrates it (a copy of the template has every migration: nothing to do) and builds the app. */
async function start(
  config: Config,
  schemaName: string | undefined,
  name: string | undefined,
  opts: { beforeReady?: (app: FastifyInstance) => Promise<unknown> },
) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    schemaName,
    // 12 for requests, plus the one the quote leader keeps (modules/market/service.ts) on PostgreSQL
    poolSize: 13,
    // as main.ts opens it: a test that turns the pipelined list connections off has none
    listConnections: config.DATABASE_LIST_CONNECTIONS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    // its own name in pg_stat_activity, so that a test can end exactly its own connections
    ...(name ? { applicationName: `stock-admin test ${name}` } : {}),
    // the suite's migrated embedded database (test/global-setup.ts), for an app on an in-memory one
    ...(!config.DATABASE_URL && config.dataDir === 'memory://' && templateFile() ? { template: templateBlob() } : {}),
    ...(config.DATABASE_READ_URL
      ? {
          read: {
            url: config.DATABASE_READ_URL,
            maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
            stickyMs: config.DATABASE_READ_STICKY_MS,
            pollMs: 100,
          },
        }
      : {}),
  });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const app = await buildApp({ config, database });
  await opts.beforeReady?.(app);
  await app.ready();
  return { app, database };
}

const templateFile = (): string | undefined => inject('pgliteTemplate');
let template: Blob | undefined;
function templateBlob(): Blob {
  template ??= new Blob([fs.readFileSync(templateFile()!)]);
  return template;
}

function pick(env: NodeJS.ProcessEnv, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => env[k]).map((k) => [k, env[k]!]));
}

let seq = 0;
/** Creates an admin with a unique login on the given role; returns its login and password. */
export async function makeAdmin(t: TestApp, roleCode = 'admin', extra: { agentId?: number; username?: string } = {}) {
  const username = extra.username ?? `${roleCode}_${++seq}_${randomBytes(2).toString('hex')}`;
  const password = 'Passw0rd!';
  const id = await createAdmin(t.app.ctx.db, { username, name: `Test ${username}`, password, roleCode, agentId: extra.agentId });
  return { id, username, password };
}

/** Signs in and returns the token (throws when the login is refused). */
export async function login(t: TestApp, username: string, password: string, extra: Record<string, string> = {}): Promise<string> {
  const r = await post(t, '/api/adminUser/login.do', { username, password, ...extra });
  const body = r.json();
  if (body.status !== 0) throw new Error(`login failed: ${body.msg}`);
  return body.data.token as string;
}

/** A signed-in admin of a role, ready to call: `{ token, id, username }`. */
export async function signedIn(t: TestApp, roleCode = 'admin', extra: { agentId?: number } = {}) {
  const a = await makeAdmin(t, roleCode, extra);
  return { ...a, token: await login(t, a.username, a.password) };
}

/** A form-encoded POST (the console's default), with optional token and language. */
export function post(
  t: TestApp,
  url: string,
  body: Record<string, unknown> = {},
  opts: { token?: string; lang?: string; json?: boolean; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.admintoken = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  if (opts.json) {
    headers['content-type'] = 'application/json';
    return t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body), remoteAddress: opts.ip });
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return t.app.inject({ method: 'POST', url, headers, payload: form.toString(), remoteAddress: opts.ip });
}

export function get(t: TestApp, url: string, query: Record<string, unknown> = {}, opts: { token?: string; lang?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.admintoken = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers });
}
