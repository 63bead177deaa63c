import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { seedAgreements } from '../../src/modules/agreements/seed.js';
import { seedMessages } from '../../src/modules/messages/seed.js';
import { seedUsersDemo } from '../../src/modules/users/seed.js';
import { createTestApp, get, signedIn, type TestApp } from '../helpers.js';

// Demo data of contracts and messaging (issue 24), made through the services.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).token;
  await seedUsersDemo(t.app.ctx);
  await seedAgreements(t.app.ctx);
  await seedMessages(t.app.ctx);
}, 120_000);
afterAll(() => t.close());

describe('contracts and messaging demo data', () => {
  it('has contracts in every state, with five waiting for review on badge 22, each signed text matching its hash', async () => {
    const byStatus = rows<{ status: string; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT status, count(*)::int AS n FROM user_agreements GROUP BY 1 ORDER BY 1`),
    );
    expect(byStatus.map((r) => r.status)).toEqual(['approved', 'pushed', 'rejected', 'signed']);
    expect((await get(t, '/admin/system/count.do', {}, { token: admin })).json().data['22']).toBe(5);
    const signed = (await get(t, '/admin/contract-template/query/sign/list', { status: 'signed' }, { token: admin })).json().data.list;
    const d = (await get(t, '/admin/contract-template/query/sign/detail', { id: signed[0].id }, { token: admin })).json().data;
    expect(d.hashOk).toBe(true);
    expect(d.body).toContain('证券账户开户协议');
    expect(d.body).not.toContain('{{realName}}');
  });

  it('has templates of each channel, sends done for everyone and a scheduled one', async () => {
    const sends = rows<{ channel: string; status: string; done: number; total: number }>(
      await t.app.ctx.db.execute(sql`SELECT channel, status, done, total FROM message_sends ORDER BY id`),
    );
    expect(sends.map((s) => `${s.channel}:${s.status}`)).toEqual(['station:done', 'push:done', 'push:scheduled']);
    expect(sends[0]!.done).toBe(sends[0]!.total);
    expect(sends[0]!.done).toBeGreaterThan(10);
  });
});
