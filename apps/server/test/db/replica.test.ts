import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadReplica } from '../../src/db/replica.js';
import { makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
// @ts-expect-error -- the drills' plain-JavaScript helpers (scripts/ops), typed by use
import { Cluster } from '../../../../scripts/ops/cluster.mjs';

/**
 * Issue 61: list pages read on a streaming standby (DATABASE_READ_URL). A scratch primary and its standby on this
 * machine (initdb, pg_basebackup -R): the reads really run on the standby (a paused replay shows in another operator's
 * list), the caller's own write shows in their next list at once, a lagging standby is left for the primary once past
 * its limit, and a stopped one changes nothing an operator sees. Needs PostgreSQL's server programs (CI has them).
 */
const PG = !!process.env.DATABASE_URL && fs.existsSync('/usr/lib/postgresql');

interface ClusterLike {
  url: string;
  port: number;
  start(): void;
  stop(mode?: string): void;
  destroy(): void;
  query(sql: string, params?: unknown[], db?: string): Promise<Record<string, unknown>[]>;
}

describe.skipIf(!PG)('a read standby', () => {
  let work: string;
  let primary: ClusterLike;
  let standby: ClusterLike;
  let t: TestApp;
  let writer: string;
  let other: string;
  let reader: string;
  let replica: ReadReplica;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const until = async (cond: () => boolean | Promise<boolean>, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error('timed out');
      await sleep(50);
    }
  };
  const deposit = async (token: string) => {
    const r = (
      await post(t, '/admin/recharge/create.do', { userId: await makeUser(t), amount: '100', status: 1, note: '到账' }, { token })
    ).json();
    expect(r.status, r.msg).toBe(0);
    return r.data.orderNo as string;
  };
  const listed = async (token: string) => {
    const r = (await post(t, '/admin/recharge/list.do', { pageNum: 1, pageSize: 50 }, { token })).json();
    expect(r.status, r.msg).toBe(0);
    return (r.data.list as { orderNo: string }[]).map((o) => o.orderNo);
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-test-'));
    primary = await Cluster.create(path.join(work, 'primary'), { wal_level: 'replica', max_wal_senders: 4 });
    primary.start();
    standby = await Cluster.standbyOf(primary, path.join(work, 'standby'));
    standby.start();
    t = await createTestApp({
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: standby.url,
      DATABASE_READ_MAX_LAG_MS: '4000',
      DATABASE_READ_STICKY_MS: '1500',
      METRICS_TOKEN: 'replica-test-metrics-token',
    });
    replica = t.app.ctx.database.replica!;
    writer = (await signedIn(t, 'finance')).token;
    other = (await signedIn(t, 'finance')).token;
    reader = (await signedIn(t, 'admin')).token;
    await until(() => replica.status().state === 'up');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    standby?.destroy();
    primary?.destroy();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('runs a list page on the standby', async () => {
    const before = replica.counts.replica;
    await listed(reader);
    expect(replica.counts.replica).toBeGreaterThan(before);
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready).toMatchObject({ status: 'ready', replica: { state: 'up' } });
    const metrics = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer replica-test-metrics-token' } })
    ).body;
    expect(metrics).toMatch(/db_replica_up 1/);
  });

  it("shows the caller's own write at once while the standby lags; others read the standby until it lags past the limit", async () => {
    // a fresh commit replayed, then the standby stops replaying: from here its data falls behind
    await deposit(other);
    await sleep(300);
    await standby.query('SELECT pg_wal_replay_pause()');
    const orderNo = await deposit(writer);
    // the writer's next list reads the primary (their write is sticky for 1.5 s): it shows the deposit
    expect(await listed(writer)).toContain(orderNo);
    // another operator reads the standby, which has not replayed it: proof that lists run there
    expect(replica.status().state).toBe('up');
    expect(await listed(reader)).not.toContain(orderNo);
    // past the 4-s limit the standby is left for the primary: the list shows it
    await until(() => replica.status().state === 'lagging', 10_000);
    expect(await listed(reader)).toContain(orderNo);
    await standby.query('SELECT pg_wal_replay_resume()');
    await until(() => replica.status().state === 'up');
    expect(await listed(reader)).toContain(orderNo);
  }, 60_000);

  it('a stopped standby: every read answers from the primary, and reads return to it once it is back', async () => {
    standby.stop('immediate');
    const orderNo = await deposit(other);
    for (let i = 0; i < 10; i++) expect(await listed(reader)).toContain(orderNo);
    expect(replica.status().state).toBe('down');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().replica).toMatchObject({ state: 'down', lagMs: null });
    standby.start();
    await until(() => replica.status().state === 'up', 30_000);
    const before = replica.counts.replica;
    expect(await listed(reader)).toContain(orderNo);
    expect(replica.counts.replica).toBeGreaterThan(before);
  }, 60_000);
});
