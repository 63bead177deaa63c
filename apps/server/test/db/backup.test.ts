import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUPS_KEPT, restoreEmbedded } from '../../src/db/backup.js';
import { verifyLedger } from '../../src/modules/fundrecords/index.js';
import { makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 61: the embedded database's backup, taken by the running server (the `embedded-backup` task, run from the
 * task page's "run now"), and `npm run db:restore` putting it back: what was written before the copy is there, what
 * came after is not, and the ledger still proves itself.
 */
describe.skipIf(!!process.env.DATABASE_URL)('the embedded database backup', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-backup-'));
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deposit = async (token: string) => {
    const r = (
      await post(t!, '/admin/recharge/create.do', { userId: await makeUser(t!), amount: '250', status: 1, note: '到账' }, { token })
    ).json();
    expect(r.status, r.msg).toBe(0);
    return r.data.orderNo as string;
  };
  const orderNos = async () =>
    ((await t!.app.ctx.db.execute('SELECT order_no FROM recharge_orders')) as unknown as { rows: { order_no: string }[] }).rows.map(
      (r) => r.order_no,
    );

  it('copies the database while it serves, keeps the newest copies, and restores the copy taken', async () => {
    t = await createTestApp({ DATA_DIR: dir });
    const token = (await signedIn(t, 'admin')).token;
    const before = await deposit(token);
    const run = (await post(t, '/admin/task/run.do', { key: 'embedded-backup' }, { token })).json();
    expect(run.status, run.msg).toBe(0);
    const files = () => fs.readdirSync(path.join(dir, 'backups')).filter((f) => f.endsWith('.tar.gz'));
    const deadline = Date.now() + 30_000;
    while (files().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [file] = files();
    expect(file).toMatch(/^stock-admin-\d{8}-\d{6}\.tar\.gz$/);
    const after = await deposit(token);
    expect(await orderNos()).toEqual(expect.arrayContaining([before, after]));
    await t.close();
    t = undefined;

    const r = await restoreEmbedded(dir, path.join(dir, 'backups', file!));
    expect(r.replaced).toMatch(/pgdata\.replaced-/);
    expect(fs.existsSync(r.replaced!)).toBe(true);
    t = await createTestApp({ DATA_DIR: dir });
    const now = await orderNos();
    expect(now).toContain(before);
    expect(now).not.toContain(after);
    expect((await verifyLedger(t.app.ctx.db, { chain: true, stats: true })).ok).toBe(true);
  }, 120_000);

  it(`keeps the newest ${BACKUPS_KEPT} copies`, async () => {
    const backups = path.join(dir, 'backups');
    for (let i = 0; i < BACKUPS_KEPT + 2; i++) fs.writeFileSync(path.join(backups, `stock-admin-20200101-00000${i}.tar.gz`), '');
    const token = (await signedIn(t!, 'admin')).token;
    expect((await post(t!, '/admin/task/run.do', { key: 'embedded-backup' }, { token })).json().status).toBe(0);
    const deadline = Date.now() + 30_000;
    const count = () => fs.readdirSync(backups).filter((f) => f.endsWith('.tar.gz')).length;
    while (count() !== BACKUPS_KEPT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(BACKUPS_KEPT);
    expect(fs.readdirSync(backups)).not.toContain('stock-admin-20200101-000000.tar.gz');
  }, 60_000);
});
