import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '@stock-admin/contracts';
import { superUser } from '../admins/admins-helpers.js';
import { createTestApp, post, type TestApp } from '../helpers.js';

/**
 * Issue 51: a list that grows without bound counts its total up to COUNT_CAP + 1 and no further (a year of the
 * operation log counted whole took longer than its page); below the cap the total stays exact.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await superUser(t)).token;
  await t.app.ctx.db.execute(sql`
    INSERT INTO login_log (username, result, created_at)
    SELECT CASE WHEN i <= 7 THEN 'capped-few' ELSE 'capped-many' END, 'ok', now() - i * interval '1 second'
    FROM generate_series(1, ${COUNT_CAP + 50}) AS i`);
}, 120_000);
afterAll(() => t?.close());

const list = async (body: Record<string, unknown>) => (await post(t, '/admin/log/loginList.do', body, { token, json: true })).json();

describe('a capped total', () => {
  it('stops counting at COUNT_CAP + 1, and the pages still read', async () => {
    const all = await list({ pageNum: 1, pageSize: 10 });
    expect(all.status).toBe(0);
    expect(all.data.total).toBe(COUNT_CAP + 1);
    expect(all.data.list).toHaveLength(10);
    const deep = await list({ pageNum: 1000, pageSize: 100 });
    expect(deep.data.list).toHaveLength(100);
  });

  it('is exact below the cap', async () => {
    const few = await list({ pageNum: 1, pageSize: 5, username: 'capped-few' });
    expect(few.data.total).toBe(7);
    expect(few.data.list).toHaveLength(5);
    // the username searched by its start, any case (migration 0449's index), not anywhere in it
    expect((await list({ pageNum: 1, pageSize: 5, username: 'CAPPED-F' })).data.total).toBe(7);
    expect((await list({ pageNum: 1, pageSize: 5, username: 'pped-few' })).data.total).toBe(0);
  });
});
