import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { appToken, makeUser } from '../funds/funds.helpers.js';
import { signedIn, type TestApp } from '../helpers.js';
import { postMultipart, tinyPng } from '../users/users-helpers.js';
import { twoInstances } from './instances.js';
import { call, race, report } from './kit.js';

/**
 * Issue 36: the review queues that move no money — real-name checks and signed contracts — decided by several
 * operators at once on two instances: one decision each, the rest told what it became, no 5xx.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let op1: string;
let op2: string;

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances();
  apps = [inst.a, inst.b];
  op1 = (await signedIn(inst.a, 'admin')).token;
  op2 = (await signedIn(inst.a, 'admin')).token;
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('review-queue races');
  await inst.close();
});

describe.skipIf(!PG)('review queues on two instances', () => {
  it('30 real-name decisions on one user, approve against reject: one decision', async () => {
    for (let k = 0; k < 4; k++) {
      const id = await makeUser(inst.a, { realState: 1 });
      await race(
        apps,
        Array.from(
          { length: 30 },
          (_, i) => (t: TestApp) =>
            call(t, '/admin/user/authByAdmin.do', i % 2 ? { id, state: 2 } : { id, state: 3, reason: '照片不清晰' }, {
              admin: i % 3 ? op1 : op2,
            }),
        ),
      );
      const [u] = rows<{ real_state: number }>(await inst.a.app.ctx.db.execute(sql`SELECT real_state FROM users WHERE id = ${id}`));
      expect([2, 3]).toContain(u!.real_state);
    }
  });

  it('30 decisions on one signed contract: one decision, one message to the user', async () => {
    const tpl = (
      await call(
        inst.a,
        '/admin/contract-template/add',
        { name: `竞审协议-${Date.now()}`, kind: 'account', body: '<p>乙方 {{realName}}</p>' },
        { admin: op1 },
      )
    ).json();
    expect(tpl.status, tpl.msg).toBe(0);
    for (let k = 0; k < 3; k++) {
      const userId = await makeUser(inst.a);
      const pushed = (
        await call(
          inst.a,
          '/admin/contractPush/push/user',
          { templateId: tpl.data.id, audience: { kind: 'users', userIds: [userId] } },
          { admin: op1 },
        )
      ).json();
      expect(pushed.status, pushed.msg).toBe(0);
      const list = await inst.a.app.inject({
        method: 'GET',
        url: `/admin/contract-template/query/userList?templateId=${tpl.data.id}&pageSize=100`,
        headers: { admintoken: op1 },
      });
      const c = (list.json().data.list as { id: number; userId: number }[]).find((x) => x.userId === userId)!;
      const signed = await postMultipart(
        inst.a,
        '/app/contract/sign.do',
        { id: c.id, signature: { filename: 'sig.png', contentType: 'image/png', data: tinyPng() } },
        { usertoken: await appToken(inst.a, userId) },
      );
      expect(signed.json().status).toBe(0);
      await race(
        apps,
        Array.from(
          { length: 30 },
          (_, i) => (t: TestApp) =>
            call(
              t,
              '/admin/contract-template/updateRecordStatus',
              i % 2 ? { id: c.id, status: 'approved' } : { id: c.id, status: 'rejected', reason: '签名不符' },
              { admin: i % 3 ? op1 : op2 },
            ),
        ),
      );
      const [n] = rows<{ n: number }>(
        await inst.a.app.ctx.db
          .execute(sql`SELECT count(*)::int AS n FROM station_message_recipients r JOIN station_messages m ON m.id = r.message_id
          WHERE r.user_id = ${userId} AND coalesce(r.title, m.title) LIKE '%合同%' AND coalesce(r.title, m.title) <> '合同待签署'`),
      );
      expect(n!.n).toBe(1);
    }
  });
});
