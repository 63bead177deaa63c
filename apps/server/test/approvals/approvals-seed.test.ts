import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_STATUSES } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { createAdmin } from '../../src/modules/admins/index.js';
import { seedApprovalsDemo } from '../../src/modules/approvals/seed.js';
import { createTestApp, login, post, type TestApp } from '../helpers.js';
import { balances, credit, ledgerOk, makeUser } from '../funds/funds.helpers.js';

let t: TestApp;
let users: number[];
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.app.ctx.db, { username: 'admin', name: '管理员', password: 'admin123', roleCode: 'admin' });
  await createAdmin(t.app.ctx.db, { username: 'finance', name: '财务', password: 'finance123', roleCode: 'finance' });
  users = [];
  for (let i = 0; i < 7; i++) users.push(await makeUser(t));
  await credit(t, users[6]!, '300');
  await seedApprovalsDemo(t.app.ctx);
}, 60_000);
afterAll(() => t.close());

describe('dual control demo data', () => {
  it('switches the demo rules on and leaves requests in every status, made through the services', async () => {
    const token = await login(t, 'finance', 'finance123');
    const rules = (await post(t, '/admin/approval/ruleList.do', {}, { token, json: true })).json().data as {
      operation: string;
      enabled: boolean;
      threshold: string | null;
    }[];
    expect(rules.filter((r) => r.enabled).map((r) => [r.operation, r.threshold])).toEqual([
      ['balance', '50000.00'],
      ['deposit.create', '50000.00'],
      ['withdrawal.pay', '50000.00'],
      ['position.create', null],
      ['access', null],
      // on until an operator writes its rule (issue 66; issue 62)
      ['recon.reopen', null],
      ['corporate.action', null],
    ]);
    const statuses = rows<{ status: string }>(
      await t.app.ctx.db.execute(sql`SELECT DISTINCT status FROM approval_requests ORDER BY status`),
    ).map((r) => r.status);
    expect(statuses).toEqual([...APPROVAL_STATUSES].sort());
    // the approved credit was posted once, through the ledger; the failed debit and the others moved nothing
    expect((await balances(t, users[2]!)).userAmt).toBe('60000.00');
    for (const i of [0, 1, 3, 4, 5]) expect((await balances(t, users[i]!)).userAmt).toBe('0.00');
    expect((await balances(t, users[6]!)).userAmt).toBe('300.00');
    expect(await ledgerOk(t)).toBe(true);
    // the queue shows finance what waits (the admin's two pending requests)
    const queue = (await post(t, '/admin/approval/list.do', { status: 'pending', mine: true }, { token, json: true })).json().data;
    expect(queue.total).toBe(2);
    expect(queue.list[0]).toMatchObject({ decidable: true, own: false, operation: 'balance' });
  });
});
