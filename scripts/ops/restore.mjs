// The restore drill (docs/operations.md, "Backup and point-in-time recovery"): a scratch primary streams its WAL to a
// second folder as it is written (pg_receivewal, a synchronous standby of the money commits: nothing is acknowledged
// before its WAL is on the second disk); a base backup is taken while deposits keep coming; a moment T is noted; the
// primary is stopped hard and its folder deleted; the base backup is restored and the WAL replayed up to T. Then:
// every deposit acknowledged before T is there and none sent after T; ledger:verify and audit:verify pass; the closed
// day's statement is the same as before. Prints one JSON line: RPO (acknowledged writes lost), RTO (seconds from the
// restore's start until /readyz answers), the counts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminLogin, freshSchema, startServer } from '../../bench/lib/server.mjs';
import { BENCH_ADMIN, schemaWithUsers } from '../../bench/lib/users.mjs';
import { freePort } from '../../e2e/lib/server.mjs';
import { Cluster, ownedDir, pgSpawn } from './cluster.mjs';
import { Writer, call, shanghaiDay, verifyBooks, drillEnv } from './writer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function restoreDrill({ users = 2000, writeSeconds = 6, rtoTargetSeconds = 300, scale = 0 } = {}) {
  const work = ownedDir(fs.mkdtempSync(path.join(os.tmpdir(), 'ops-restore-')));
  const wal = ownedDir(path.join(work, 'wal')); // the second disk: WAL as it is written
  const base = path.join(work, 'base'); // the base backup
  const figures = { drill: 'restore', users, ...(scale ? { yearScale: scale } : {}) };
  let primary, restored, receiver, server, writer;
  try {
    primary = await Cluster.create(path.join(work, 'primary'), {
      wal_level: 'replica',
      max_wal_senders: 4,
      max_replication_slots: 4,
      // RPO 0: a commit returns once pg_receivewal has flushed its WAL on the second disk
      synchronous_standby_names: "'drill_wal'",
      synchronous_commit: 'on',
    });
    primary.start();
    await primary.query(`SELECT pg_create_physical_replication_slot('drill_wal')`);
    receiver = pgSpawn('pg_receivewal', [
      '-D',
      wal,
      '-S',
      'drill_wal',
      '--synchronous',
      '--no-loop',
      '-d',
      `host=127.0.0.1 port=${primary.port} user=postgres application_name=drill_wal`,
    ]);
    await primary.query('CREATE DATABASE stock');
    const dbUrl = primary.url.replace(/\/postgres$/, '/stock');
    if (scale) {
      // a cluster of a real platform's size: bench/year's history at this scale in a schema of its own beside the drill's
      const { url: yearUrl } = await freshSchema(dbUrl, 'year');
      const migrate = await startServer({ port: await freePort(), env: drillEnv({ DATABASE_URL: yearUrl }) });
      await migrate.stop();
      const y0 = Date.now();
      execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/year/seed.mjs'), yearUrl, String(scale)], {
        cwd: path.join(root, 'apps/server'),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      figures.yearSeedSeconds = (Date.now() - y0) / 1000;
      const [size] = await primary.query(`SELECT pg_database_size('stock') AS b`);
      figures.clusterGB = Math.round(Number(size.b) / 1e7) / 100;
    }
    const url = await schemaWithUsers(dbUrl, 'drill', users, await freePort());
    const env = drillEnv({ DATABASE_URL: url });
    server = await startServer({ port: await freePort(), env });
    const token = await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    // a closed day, to compare after the restore
    const yesterday = shanghaiDay(-1);
    await call(server.base, token, '/admin/close/run.do', { day: yesterday });
    const statementBefore = await call(server.base, token, '/admin/close/detail.do', { day: yesterday });

    const ids = (
      await primary.query('SELECT id FROM drill.users WHERE account_type = 0 AND deleted_at IS NULL ORDER BY id LIMIT 500', [], 'stock')
    ).map((r) => r.id);
    writer = new Writer(server.base, token, ids);
    writer.start(4);
    await sleep(2000);
    const b0 = Date.now();
    primary.baseBackup(ownedDir(base));
    figures.baseBackupSeconds = (Date.now() - b0) / 1000;
    await sleep(writeSeconds * 1000);
    const T = new Date();
    await sleep(3000);
    // the server is lost: stopped hard, its files gone; the writes in flight fail
    primary.destroy();
    await writer.stop();
    await server.stop();
    server = undefined;

    const t0 = Date.now();
    const dir = path.join(work, 'restored');
    execFileSync('cp', ['-a', base, dir]);
    restored = await Cluster.fromFiles(dir, {
      // a segment pg_receivewal was still writing is named .partial: replay it too
      restore_command: `'f=${wal}/%f; if [ -f $f ]; then cp $f %p; elif [ -f $f.partial ]; then cp $f.partial %p; else exit 1; fi'`,
      recovery_target_time: `'${T.toISOString().replace('T', ' ').replace('Z', '+00')}'`,
      recovery_target_action: "'promote'",
      // the restored server has no standby of its own yet: commits must not wait for one
      synchronous_standby_names: "''",
    });
    fs.writeFileSync(path.join(dir, 'recovery.signal'), '');
    restored.start();
    for (;;) {
      const [r] = await restored.query('SELECT pg_is_in_recovery() AS rec');
      if (!r.rec) break;
      if (Date.now() - t0 > rtoTargetSeconds * 2000) throw new Error('the restored cluster did not finish recovery');
      await sleep(200);
    }
    const restoredUrl = url.replace(`:${primary.port}/`, `:${restored.port}/`);
    server = await startServer({ port: await freePort(), env: { ...env, DATABASE_URL: restoredUrl } });
    figures.rtoSeconds = (Date.now() - t0) / 1000;

    // what the restored books hold
    const orderNos = new Set((await restored.query('SELECT order_no FROM drill.recharge_orders', [], 'stock')).map((r) => r.order_no));
    const acked = writer.done.filter((w) => w.ackAt < T.getTime());
    const after = writer.done.filter((w) => w.sentAt > T.getTime());
    figures.ackedBeforeT = acked.length;
    figures.rpoLostAcked = acked.filter((w) => !orderNos.has(w.orderNo)).length;
    figures.sentAfterT = after.length;
    figures.presentAfterT = after.filter((w) => w.orderNo && orderNos.has(w.orderNo)).length;
    figures.failedWrites = writer.failed;
    const token2 = await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const statementAfter = await call(server.base, token2, '/admin/close/detail.do', { day: yesterday });
    figures.closedDaySame = JSON.stringify(statementAfter) === JSON.stringify(statementBefore);
    Object.assign(figures, verifyBooks(restoredUrl));
    figures.ok =
      figures.rpoLostAcked === 0 &&
      figures.presentAfterT === 0 &&
      figures.ackedBeforeT > 0 &&
      figures.sentAfterT > 0 &&
      figures.closedDaySame &&
      figures.ledgerVerified &&
      figures.auditVerified &&
      figures.rtoSeconds <= rtoTargetSeconds;
    return figures;
  } finally {
    await writer?.stop();
    await server?.stop().catch(() => undefined);
    receiver?.kill('SIGTERM');
    primary?.destroy();
    restored?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export { root };
