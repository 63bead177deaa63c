import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { ensureBuiltinRoles } from '../../src/modules/admins/service.js';
import { TEST_ENV, type TestApp } from '../helpers.js';

/**
 * Two application instances on one PostgreSQL schema, each with its own pool, jobs and quote service (one
 * leads), sharing a bus channel: what two workers of WEB_CONCURRENCY=2 are. The races are sent to both, so
 * that the database — not one process's event loop — decides who wins. PostgreSQL only (the embedded database
 * has one connection and serialises everything: a race there proves nothing).
 */
export async function twoInstances(env: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const schema = `r_${randomBytes(6).toString('hex')}`;
  const channel = `races:${schema}`;
  const open = async (name: string): Promise<TestApp> => {
    const config = loadConfig({
      ...TEST_ENV,
      BUS_CHANNEL: channel,
      DATABASE_URL: process.env.DATABASE_URL!,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    });
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      schemaName: schema,
      poolSize: 12,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      applicationName: `stock-admin test ${schema} ${name}`,
    });
    await migrate(database);
    await ensureBuiltinRoles(database.db);
    const app = await buildApp({ config, database });
    await app.ready();
    return { app, config, schema, close: async () => (await app.close(), await database.close()) };
  };
  const a = await open('a');
  const b = await open('b');
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.app.ctx.database.withConnection((q) => q(`DROP SCHEMA "${schema}" CASCADE`));
      await a.close();
    },
  };
}
