import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import { runPrimary, serveFromPrimary } from './cluster.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { connectionLost, isConnectionError } from './db/outage.js';
import { seedDemo } from './db/seed/index.js';
import { buildApp } from './app.js';
import { apnsPushProvider } from './lib/apns.js';
import { setPushProvider } from './lib/push.js';
import { ensureBuiltinRoles } from './modules/admins/service.js';
import { sealLegacyTotpSecrets } from './modules/admins/google.js';
import { startJobRunner, type JobRunner } from './jobs/index.js';

// A database connection lost where nobody awaits it (a connection's own 'error' event, a background
// statement) must not end the process: every request already gets its own answer. Anything else is a bug
// and still ends it, as Node does by default.
process.on('uncaughtException', (err) => {
  if (isConnectionError(err)) return connectionLost(err);
  console.error(err);
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  if (isConnectionError(err)) return connectionLost(err);
  console.error(err);
  process.exit(1);
});

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    runPrimary(config.WEB_CONCURRENCY, { port: config.PORT, host: config.HOST });
    return;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    listConnections: config.DATABASE_LIST_CONNECTIONS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const app = await buildApp({ config, database });
  // iOS devices through APNs once the iOS push settings are saved; the recording provider otherwise
  setPushProvider(apnsPushProvider());
  // Authenticator secrets written in clear before they were sealed (idempotent).
  await sealLegacyTotpSecrets(app.ctx);

  const seed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite');
  if (seed) {
    const logins = await seedDemo(app.ctx);
    if (logins.length) {
      console.log('\nDemo data created. Sign in with:');
      for (const l of logins) console.log(`  ${l.username.padEnd(10)} ${l.password.padEnd(12)} (${l.role})`);
      console.log('');
    }
  }

  // Scheduled tasks (定时任务): every instance may run the runner; each slot still runs once per cluster.
  let jobs: JobRunner | null = null;
  if (config.JOBS_ENABLED) jobs = await startJobRunner(app.ctx, { log: (msg, err) => app.log.error({ err }, msg) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await jobs?.stop();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (cluster.isWorker) {
    // the primary holds the port and hands connections out (cluster.ts)
    await app.ready();
    serveFromPrimary(app.server);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `Stock Admin is serving on http://localhost:${config.PORT} (database: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
