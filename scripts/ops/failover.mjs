// The failover drill (docs/operations.md, "Failover"): a primary and its synchronous streaming standby on this machine,
// two instances of the server on a DATABASE_URL naming both (target_session_attrs=read-write, db/hosts.ts), deposits
// written through both; the primary is stopped hard and the standby promoted. Every write is sent again with its
// idempotency key until it is answered. Then: every acknowledged write is on the new primary exactly once, no write ran
// twice, no answer was a 500, ledger:verify passes; the figure is the seconds writes were refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminLogin, startServer } from '../../bench/lib/server.mjs';
import { BENCH_ADMIN, schemaWithUsers } from '../../bench/lib/users.mjs';
import { freePort } from '../../e2e/lib/server.mjs';
import { Cluster, ownedDir } from './cluster.mjs';
import { Writer, verifyBooks, drillEnv } from './writer.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function failoverDrill({ users = 2000, writeSeconds = 5, promoteAfterSeconds = 2, targetSeconds = 30 } = {}) {
  const work = ownedDir(fs.mkdtempSync(path.join(os.tmpdir(), 'ops-failover-')));
  const figures = { drill: 'failover', users, instances: 2 };
  const servers = [];
  let primary, standby, writer;
  try {
    primary = await Cluster.create(path.join(work, 'primary'), {
      wal_level: 'replica',
      max_wal_senders: 4,
      // what is acknowledged is on both servers: synchronous replication of every commit (the money tables' included)
      synchronous_standby_names: "'drill_standby'",
      synchronous_commit: 'on',
    });
    primary.start();
    standby = await Cluster.standbyOf(primary, path.join(work, 'standby'));
    standby.configure({
      primary_conninfo: `'host=127.0.0.1 port=${primary.port} user=postgres application_name=drill_standby'`,
      // once promoted it has no standby of its own: its commits must not wait for one
      synchronous_standby_names: "''",
    });
    standby.start();
    await primary.query('CREATE DATABASE stock');
    const single = await schemaWithUsers(primary.url.replace(/\/postgres$/, '/stock'), 'drill', users, await freePort());
    const both =
      single.replace(`127.0.0.1:${primary.port}/`, `127.0.0.1:${primary.port},127.0.0.1:${standby.port}/`) +
      '&target_session_attrs=read-write';
    const env = drillEnv({
      DATABASE_URL: both,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    for (let i = 0; i < 2; i++) servers.push(await startServer({ port: await freePort(), env }));
    const token = await adminLogin(servers[0].base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const ids = (
      await primary.query('SELECT id FROM drill.users WHERE account_type = 0 AND deleted_at IS NULL ORDER BY id LIMIT 500', [], 'stock')
    ).map((r) => r.id);
    writer = new Writer((n) => servers[n % 2].base, token, ids, { retry: true });
    writer.start(4);
    const progress = process.env.DRILL_DEBUG
      ? setInterval(() => console.error(`[drill] acked ${writer.done.length} failed ${writer.failed} 5xx ${writer.http5xx}`), 1000)
      : undefined;
    await sleep(writeSeconds * 1000);

    // the primary is lost; after a moment the standby is promoted (an operator's or a manager's decision)
    const lostAt = Date.now();
    const ackedBefore = writer.done.length;
    primary.stop('immediate');
    await sleep(promoteAfterSeconds * 1000);
    standby.promote();
    const promotedAt = Date.now();
    // writes are answered again once an acknowledgement comes after the promotion
    while (!writer.done.some((w) => w.ackAt > promotedAt)) {
      if (Date.now() - lostAt > targetSeconds * 4000) throw new Error('no write was answered after the promotion');
      await sleep(50);
    }
    const firstAfter = Math.min(...writer.done.filter((w) => w.ackAt > promotedAt).map((w) => w.ackAt));
    figures.unavailableSeconds = (firstAfter - lostAt) / 1000;
    figures.afterPromotionSeconds = (firstAfter - promotedAt) / 1000;
    await sleep(3000);
    await writer.stop();
    clearInterval(progress);

    const rows = await standby.query(
      `SELECT admin_note AS note, order_no, count(*) OVER (PARTITION BY admin_note) AS n FROM drill.recharge_orders WHERE admin_note LIKE 'drill %'`,
      [],
      'stock',
    );
    const byOrder = new Set(rows.map((r) => r.order_no));
    figures.acknowledged = writer.done.length;
    figures.acknowledgedBeforeLoss = ackedBefore;
    figures.lostAcknowledged = writer.done.filter((w) => !byOrder.has(w.orderNo)).length;
    figures.ranTwice = rows.filter((r) => Number(r.n) > 1).length;
    figures.retriedCalls = writer.done.filter((w) => w.tries > 1).length;
    figures.refusedAnswers = writer.failed;
    figures.http500 = writer.http5xx;
    Object.assign(figures, verifyBooks(both));
    figures.ok =
      figures.lostAcknowledged === 0 &&
      figures.ranTwice === 0 &&
      figures.http500 === 0 &&
      figures.ledgerVerified &&
      figures.unavailableSeconds <= targetSeconds;
    return figures;
  } finally {
    await writer?.stop();
    for (const s of servers) await s.stop().catch(() => undefined);
    primary?.destroy();
    standby?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
