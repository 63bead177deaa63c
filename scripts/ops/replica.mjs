// The replica drill (docs/operations.md, "A read replica"): a scratch primary and its streaming standby, two
// instances with DATABASE_READ_URL on Redis, four operators crediting deposits while four others page through the
// deposit list; the standby's lag is sampled from /readyz; halfway the standby is stopped hard. Targets: no 5xx and no
// refused read while it is up or down, each writer's next list shows their deposit, lists ran on the standby before
// the stop and on the primary after it.
import fs from 'node:fs';
import { hash } from '@node-rs/argon2';
import os from 'node:os';
import path from 'node:path';
import { adminLogin, startServer } from '../../bench/lib/server.mjs';
import { BENCH_ADMIN, schemaWithUsers } from '../../bench/lib/users.mjs';
import { freePort } from '../../e2e/lib/server.mjs';
import { Cluster, ownedDir } from './cluster.mjs';
import { Writer, call, drillEnv } from './writer.mjs';
import { percentile } from '../../bench/lib/stats.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function replicaDrill({ users = 2000, seconds = 20 } = {}) {
  const work = ownedDir(fs.mkdtempSync(path.join(os.tmpdir(), 'ops-replica-')));
  const figures = { drill: 'replica', users, instances: 2 };
  const servers = [];
  let primary, standby, writer;
  try {
    primary = await Cluster.create(path.join(work, 'primary'), { wal_level: 'replica', max_wal_senders: 4 });
    primary.start();
    await primary.query('CREATE DATABASE stock');
    const url = await schemaWithUsers(primary.url.replace(/\/postgres$/, '/stock'), 'drill', users, await freePort());
    standby = await Cluster.standbyOf(primary, path.join(work, 'standby'));
    standby.start();
    const env = drillEnv({
      DATABASE_URL: url,
      DATABASE_READ_URL: url.replace(`:${primary.port}/`, `:${standby.port}/`),
      METRICS_TOKEN: 'replica-drill-metrics-token',
    });
    for (let i = 0; i < 2; i++) servers.push(await startServer({ port: await freePort(), env }));
    const ids = (await primary.query('SELECT id FROM drill.users WHERE account_type = 0 ORDER BY id LIMIT 500', [], 'stock')).map(
      (r) => r.id,
    );
    const writerToken = await adminLogin(servers[0].base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    writer = new Writer((n) => servers[n % 2].base, writerToken, ids);
    writer.start(4);

    // readers: four other operators (their reads are not held on the primary by the writer's changes), paging the
    // deposit list on both instances
    const password = await hash('bench-reader-1');
    for (let i = 0; i < 4; i++)
      await primary.query(
        `INSERT INTO drill.admins (username, name, password_hash, role_id) SELECT $1, $1, $2, id FROM drill.admin_roles WHERE code = 'admin'`,
        [`reader_${i}`, password],
        'stock',
      );
    const lags = [];
    const reads = { ok: 0, refused: 0, http5xx: 0 };
    const readerTokens = [];
    for (let i = 0; i < 4; i++) readerTokens.push(await adminLogin(servers[i % 2].base, `reader_${i}`, 'bench-reader-1'));
    let running = true;
    const readLoop = async (i) => {
      while (running) {
        try {
          await call(servers[i % 2].base, readerTokens[i], '/admin/recharge/list.do', { pageNum: 1 + (i % 3), pageSize: 20 });
          reads.ok++;
        } catch (e) {
          reads.refused++;
          if (e.http >= 500) reads.http5xx++;
        }
      }
    };
    const loops = readerTokens.map((_, i) => readLoop(i));
    const sample = setInterval(async () => {
      const r = await fetch(`${servers[0].base}/readyz`).then(
        (x) => x.json(),
        () => null,
      );
      if (r?.replica?.lagMs != null) lags.push(r.replica.lagMs);
    }, 200);

    // the writer's own list right after their deposit (their reads stay on the primary)
    let readYourWrite = 0;
    let readYourWriteMissed = 0;
    const checkOwn = async () => {
      const d = await call(servers[1].base, writerToken, '/admin/recharge/create.do', {
        userId: ids[0],
        amount: '1.00',
        status: 1,
        note: 'drill own',
      });
      const l = await call(servers[0].base, writerToken, '/admin/recharge/list.do', { pageNum: 1, pageSize: 100 });
      if (l.list.some((o) => o.orderNo === d.orderNo)) readYourWrite++;
      else {
        readYourWriteMissed++;
        if (process.env.DRILL_DEBUG) console.error('[drill] missed', d.orderNo, l.list.map((o) => o.orderNo).join(' '));
      }
    };
    const metrics = async () => {
      const m = await fetch(`${servers[0].base}/readyz`).then((x) => x.json());
      return m.replica;
    };
    const half = (seconds * 1000) / 2;
    const end1 = Date.now() + half;
    while (Date.now() < end1) {
      await checkOwn();
      await sleep(500);
    }
    figures.stateBeforeStop = (await metrics()).state;
    const onStandby = async () => {
      let n = 0;
      for (const srv of servers) {
        const text = await fetch(`${srv.base}/metrics`, { headers: { authorization: 'Bearer replica-drill-metrics-token' } }).then((r) =>
          r.text(),
        );
        n += Number(/^db_replica_reads_total\{to="replica"\} (\d+)/m.exec(text)?.[1] ?? 0);
      }
      return n;
    };
    figures.statementsOnStandbyBeforeStop = await onStandby();
    const readsBefore = reads.ok;
    standby.stop('immediate');
    const end2 = Date.now() + half;
    while (Date.now() < end2) {
      await checkOwn();
      await sleep(500);
    }
    figures.stateAfterStop = (await metrics()).state;
    figures.statementsOnStandbyAfterStop = (await onStandby()) - figures.statementsOnStandbyBeforeStop;
    running = false;
    clearInterval(sample);
    await Promise.all(loops);
    await writer.stop();
    const sorted = [...lags].sort((a, b) => a - b);
    figures.lagMs = { samples: sorted.length, median: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
    figures.reads = reads.ok;
    figures.readsBeforeStop = readsBefore;
    figures.refusedReads = reads.refused;
    figures.http5xx = reads.http5xx + writer.http5xx;
    figures.writes = writer.done.length;
    figures.refusedWrites = writer.failed;
    figures.readYourWrite = `${readYourWrite} of ${readYourWrite + readYourWriteMissed}`;
    figures.ok =
      figures.http5xx === 0 &&
      figures.refusedReads === 0 &&
      figures.refusedWrites === 0 &&
      readYourWriteMissed === 0 &&
      figures.stateBeforeStop === 'up' &&
      figures.statementsOnStandbyBeforeStop > 0 &&
      figures.stateAfterStop === 'down';
    return figures;
  } finally {
    await writer?.stop();
    for (const s of servers) await s.stop().catch(() => undefined);
    primary?.destroy();
    standby?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
