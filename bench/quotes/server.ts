// Benchmark harness of the quote service: the real server (buildApp, as main.ts) with N synthetic
// symbols and M signed-in sessions, the feed's clock inside a trading session. Every tick of the
// service is reported over IPC: its start (epoch ms, the clock the socket clients use), its CPU and wall
// time and the number of quotes that changed. Bundled by run.mjs (apps/server/build.mjs), plain node.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { adminSessions } from '../../apps/server/src/modules/session/tables.js';
import { admins } from '../../apps/server/src/modules/_kit/parties.js';
import { ensureBuiltinRoles, roleIdByCode } from '../../apps/server/src/modules/admins/service.js';
import { hashPassword } from '../../apps/server/src/lib/password.js';
import { hashToken, newToken } from '../../apps/server/src/lib/tokens.js';
import { syntheticStocks } from './synthetic.js';

const send = (m: unknown) => process.send!(m);

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 10 });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const db = database.db;
  const symbols = syntheticStocks(Number(process.env.BENCH_SYMBOLS ?? 5000));
  for (let i = 0; i < symbols.length; i += 1000) {
    const part = symbols.slice(i, i + 1000);
    const list = (f: (s: (typeof part)[number]) => string) => `{${part.map(f).join(',')}}`;
    await db.execute(sql`INSERT INTO stocks (code, name, market, gid, board, pinyin)
      SELECT * FROM unnest(${list((s) => s.code)}::text[], ${list((s) => `"${s.name}"`)}::text[], ${list((s) => s.market)}::text[],
        ${list((s) => s.gid)}::text[], ${list((s) => s.board)}::text[], ${list(() => 'BENCH')}::text[])`);
  }
  // Sessions are written directly (a real sign-in costs an argon2 verification each).
  const roleId = (await roleIdByCode(db, 'admin'))!;
  const passwordHash = await hashPassword('unused-bench-password');
  const n = Number(process.env.BENCH_SOCKETS ?? 200);
  const ids = await db
    .insert(admins)
    .values(Array.from({ length: n }, (_, i) => ({ username: `qbench_${i}`, name: `Bench ${i}`, passwordHash, roleId })))
    .returning({ id: admins.id });
  const tokens = ids.map(() => newToken());
  await db
    .insert(adminSessions)
    .values(
      ids.map((r, k) => ({ adminId: r.id, tokenHash: hashToken(tokens[k]!), expiresAt: new Date(Date.now() + 3600_000), ip: '127.0.0.1' })),
    );

  const app = await buildApp({ config, database });
  const service = app.market;
  const tick = service.tick.bind(service);
  service.tick = async () => {
    const start = performance.timeOrigin + performance.now();
    const changed = await tick();
    if (changed)
      send({
        op: 'tick',
        start,
        changed,
        cpuMs: service.lastTickStats.cpuMs,
        wallMs: service.lastTickStats.wallMs,
        at: service.quote(symbols[0]!.gid)?.at,
      });
    return changed;
  };
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  process.on('message', async (m: { op: string }) => {
    if (m.op === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({
    op: 'ready',
    db: database.kind,
    sessions: ids.map((r, k) => ({ adminId: r.id, token: tokens[k] })),
    gids: symbols.map((s) => s.gid),
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
