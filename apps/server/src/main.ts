import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { runPrimary, serveFromPrimary } from './cluster.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { connectionLost, isConnectionError } from './db/outage.js';
import { demoLogins, seedDemo, type DemoLogin } from './modules/seed.js';
import { buildApp } from './app.js';
import { serveMetricsPort } from './http/metrics.js';
import { apnsPushProvider } from './modules/logs/index.js';
import { setPushProvider } from './modules/logs/index.js';
import { ensureBuiltinRoles, sealLegacyTotpSecrets } from './modules/admins/index.js';
import { iosPushCredentials } from './modules/account/index.js';
import { startJobRunner, type JobRunner } from './modules/tasks/index.js';
import type { Simulation } from './simulate/index.js';
import { startDemoTraffic } from './simulate/demo.js';

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
    serveMetricsPort(config, (msg) => console.error(msg));
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
    ...(config.DATABASE_READ_URL
      ? { read: { url: config.DATABASE_READ_URL, maxLagMs: config.DATABASE_READ_MAX_LAG_MS, stickyMs: config.DATABASE_READ_STICKY_MS } }
      : {}),
  });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const app = await buildApp({ config, database });
  // iOS devices through APNs once the iOS push settings are saved; the recording provider otherwise
  setPushProvider(apnsPushProvider({ credentials: iosPushCredentials }));
  // Authenticator secrets written in clear before they were sealed (idempotent).
  await sealLegacyTotpSecrets(app.ctx);

  const seed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite');
  const created = seed ? await seedDemo(app.ctx) : [];
  if (created.length) console.log('\nDemo data created.');

  // Scheduled tasks (定时任务): every instance may run the runner; each slot still runs once per cluster.
  let jobs: JobRunner | null = null;
  if (config.JOBS_ENABLED) jobs = await startJobRunner(app.ctx, { log: (msg, err) => app.log.error({ err }, msg) });

  let traffic: Simulation | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      traffic?.stop();
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
  serveMetricsPort(config, (msg) => app.log.error(msg));
  // the demo's simulated end users, through its own public API (issue 37)
  if (seed && config.SIMULATE_RATE > 0) {
    const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
    traffic = await startDemoTraffic(app.ctx, `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`, config.SIMULATE_RATE);
    // the demo's traffic never ends the server: what went wrong is logged
    traffic.result().then(
      (r) => r.failures.length && app.log.warn({ failures: r.failures, problems: r.rec.problems.slice(0, 10) }, 'simulated traffic'),
      (err) => app.log.error({ err }, 'simulated traffic stopped'),
    );
  }
  console.log(banner(config, database.kind, seed ? demoLogins(app.ctx.config.SUPER_ACCOUNT) : []));
}

/**
 * What `npm start` prints once it serves (issue 37): where, the demo sign-ins, the database, the market and how
 * much the log will say. After it the terminal stays quiet but for warnings and errors (LOG_LEVEL).
 */
function banner(config: Config, kind: 'pglite' | 'postgres', logins: DemoLogin[]): string {
  // a wildcard address is reached as localhost; a bound one (127.0.0.1 on the demo) as itself
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  const lines = [
    `Stock Admin is serving on http://${host}:${config.PORT} (database: ${kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
  ];
  if (logins.length) lines.push(`  demo sign-ins  ${logins.map((l) => `${l.username} / ${l.password}`).join('   ')}`);
  lines.push(
    `  market         ${config.QUOTE_SOURCE === 'http' ? 'vendor feed' : 'simulated feed'}, ${
      config.QUOTE_SESSION === 'continuous' ? 'open all day (QUOTE_SESSION=continuous)' : 'Shanghai exchange hours'
    }`,
  );
  if (kind === 'pglite')
    lines.push(
      `  traffic        ${config.SIMULATE_RATE > 0 ? `simulated users, ${config.SIMULATE_RATE} actions/s, under the agent 模拟流量 (SIMULATE_RATE=0: off)` : 'off (SIMULATE_RATE)'}`,
    );
  lines.push(`  listening on   ${config.HOST}${config.HOST === '127.0.0.1' ? ' (this machine only; set HOST to open it)' : ''}`);
  lines.push(
    `  log            ${config.LOG_LEVEL}${config.LOG_LEVEL === 'warn' ? ' (warnings and errors only; LOG_LEVEL=info for every request)' : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
