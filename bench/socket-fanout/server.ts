// Benchmark harness: the real server (the same buildApp() as main.ts) plus an IPC channel through
// which the benchmark seeds signed-in sessions, raises events with notify() and reads memory.
// Bundled by run.mjs (apps/server/build.mjs) and started with plain node; listens on 127.0.0.1 only.
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { adminSessions } from '../../apps/server/src/modules/session/tables.js';
import { admins } from '../../apps/server/src/modules/_kit/parties.js';
import { ensureBuiltinRoles, roleIdByCode } from '../../apps/server/src/modules/admins/service.js';
import { hashPassword } from '../../apps/server/src/lib/password.js';
import { hashToken, newToken } from '../../apps/server/src/lib/tokens.js';
import { notify } from '../../apps/server/src/realtime/notify.js';

type Msg =
  | { op: 'seed'; n: number; ineligibleEvery: number; tag: string }
  | { op: 'raise'; events: number; rate: number; from: number }
  | { op: 'mem' }
  | { op: 'resetPeak'; gc?: boolean }
  | { op: 'snapshot'; file: string }
  | { op: 'stop' };

const send = (m: unknown) => process.send!(m);

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 10 });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  const db = app.ctx.db;

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);

  const handle = async (m: Msg) => {
    if (m.op === 'seed') {
      // Sessions are written directly (a real sign-in costs an argon2 verification each: 5,000 of
      // them would take minutes here); the socket still authenticates each token like any other.
      const adminRole = (await roleIdByCode(db, 'admin'))!;
      const riskRole = (await roleIdByCode(db, 'risk'))!; // no withdrawallist: must receive nothing
      const passwordHash = await hashPassword(`unused-${m.tag}`);
      const out: { adminId: number; token: string; eligible: boolean }[] = [];
      for (let start = 0; start < m.n; start += 1000) {
        const size = Math.min(1000, m.n - start);
        const rows = Array.from({ length: size }, (_, k) => {
          const i = start + k;
          const eligible = m.ineligibleEvery <= 0 || i % m.ineligibleEvery !== m.ineligibleEvery - 1;
          return { username: `bench_${m.tag}_${i}`, name: `Bench ${i}`, passwordHash, roleId: eligible ? adminRole : riskRole, eligible };
        });
        const ids = await db
          .insert(admins)
          .values(rows.map(({ eligible: _e, ...r }) => r))
          .returning({ id: admins.id });
        const tokens = rows.map(() => newToken());
        const expiresAt = new Date(Date.now() + 12 * 3600_000);
        await db
          .insert(adminSessions)
          .values(ids.map((r, k) => ({ adminId: r.id, tokenHash: hashToken(tokens[k]!), expiresAt, ip: '127.0.0.1' })));
        ids.forEach((r, k) => out.push({ adminId: r.id, token: tokens[k]!, eligible: rows[k]!.eligible }));
      }
      send({ op: 'seeded', sessions: out });
    } else if (m.op === 'raise') {
      const started = performance.now();
      const gap = 1000 / m.rate;
      for (let i = 0; i < m.events; i++) {
        const due = started + i * gap;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        notify(app.ctx, {
          type: 'WITHDRAW_REQUEST',
          data: { id: m.from + i, userName: 'Bench user', amount: '1000.00', t: performance.timeOrigin + performance.now() },
        });
      }
      await app.realtime.settle();
      send({ op: 'raised', events: m.events, ms: Math.round(performance.now() - started) });
    } else if (m.op === 'mem') {
      const cpu = process.cpuUsage();
      send({
        op: 'mem',
        rss: process.memoryUsage().rss,
        peakRss,
        heapUsed: process.memoryUsage().heapUsed,
        cpuUs: cpu.user + cpu.system,
        hub: app.realtime.stats(),
      });
    } else if (m.op === 'resetPeak') {
      if (process.env.BENCH_CLEAR_SESSION_CACHE) (app.ctx.sessionCache as unknown as { byHash: Map<string, unknown> }).byHash.clear();
      if (m.gc) (globalThis as { gc?: () => void }).gc?.();
      peakRss = process.memoryUsage().rss;
      send({ op: 'resetPeak' });
    } else if (m.op === 'snapshot') {
      const { writeHeapSnapshot } = await import('node:v8');
      send({ op: 'snapshot', file: writeHeapSnapshot(m.file) });
    } else if (m.op === 'stop') {
      clearInterval(sampler);
      await app.close();
      await database.close();
      process.exit(0);
    }
  };
  process.on('message', (m: Msg) => {
    handle(m).catch((err) => send({ op: 'error', error: String(err?.stack ?? err) }));
  });
  process.on('disconnect', () => process.exit(0));
  send({ op: 'ready', port: config.PORT, db: database.kind, bus: app.realtime.stats().bus, socketPort: config.SOCKET_PORT ?? null });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
