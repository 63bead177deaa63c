import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { counters, type Counter } from '../../src/modules/_kit/counters.js';
import { rows } from '../../src/db/rows.js';
import { createTestApp, get, login, makeAdmin, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Replaces registered counters for one test and puts the domains' own back afterwards. */
const saved = new Map<string, Counter | undefined>();
function fake(key: string, fn: Counter) {
  if (!saved.has(key)) saved.set(key, counters.get(key));
  counters.set(key, fn);
}
function unregister(key: string) {
  if (!saved.has(key)) saved.set(key, counters.get(key));
  counters.delete(key);
}
afterEach(() => {
  for (const [k, fn] of saved) {
    if (fn) counters.set(k, fn);
    else counters.delete(k);
  }
  saved.clear();
});

const count = (token: string) => get(t, '/admin/system/count.do', {}, { token });
const ALL = ['2', '19', '20', '21', '22', 'idVerify', 'recharge'];

describe('GET /admin/system/count.do', () => {
  it('needs a signed-in admin', async () => {
    expect((await get(t, '/admin/system/count.do')).json()).toMatchObject({ status: 10, data: null });
  });

  it('answers 0 for keys nobody registered, every key for a role that sees everything', async () => {
    for (const k of ALL) unregister(k);
    const a = await signedIn(t, 'admin');
    const r = (await count(a.token)).json();
    expect(r.status).toBe(0);
    expect(r.data).toEqual({ '2': 0, '19': 0, '20': 0, '21': 0, '22': 0, idVerify: 0, recharge: 0 });
  });

  it('only includes the counts the caller’s role may query', async () => {
    for (const k of ALL) fake(k, async () => 3);
    const finance = await signedIn(t, 'finance'); // withdrawallist, rechargelist, userlist read; no financing, no contract
    expect((await count(finance.token)).json().data).toEqual({ '2': 3, '21': 3, idVerify: 3, recharge: 3 });
    const risk = await signedIn(t, 'risk'); // financing, userlist read
    expect((await count(risk.token)).json().data).toEqual({ '19': 3, '20': 3, '21': 3, idVerify: 3 });
    const support = await signedIn(t, 'support');
    expect(Object.keys((await count(support.token)).json().data).sort()).toEqual(
      ['19', '2', '20', '21', '22', 'idVerify', 'recharge'].sort(),
    );
  });

  it('gives the super account every count whatever its role says', async () => {
    for (const k of ALL) fake(k, async () => 1);
    const s = await makeAdmin(t, 'support', { username: t.config.SUPER_ACCOUNT });
    const token = await login(t, s.username, s.password);
    expect(Object.keys((await count(token)).json().data)).toHaveLength(ALL.length);
  });

  it('computes each count from the database in the caller’s scope', async () => {
    // A stand-in for a domain counter: counts pending rows, agent staff only their agent's.
    await t.app.ctx.db.execute(sql`CREATE TABLE IF NOT EXISTS counts_probe (agent_id int, pending boolean)`);
    await t.app.ctx.db.execute(sql`INSERT INTO counts_probe VALUES (1, true), (1, true), (2, true), (1, false), (NULL, true)`);
    fake('2', async (ctx, admin) => {
      const scope = admin.agentId == null ? sql`true` : sql`agent_id = ${admin.agentId}`;
      return rows<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM counts_probe WHERE pending AND ${scope}`))[0]!.n;
    });
    const platform = await signedIn(t, 'finance');
    const agent1 = await signedIn(t, 'agent', { agentId: 1 });
    const agent2 = await signedIn(t, 'agent', { agentId: 2 });
    expect((await count(platform.token)).json().data['2']).toBe(4);
    expect((await count(agent1.token)).json().data['2']).toBe(2);
    expect((await count(agent2.token)).json().data['2']).toBe(1);
    await t.app.ctx.db.execute(sql`DROP TABLE counts_probe`);
  });

  it('leaves out a counter that fails instead of failing the header', async () => {
    fake('2', async () => {
      throw new Error('boom');
    });
    fake('recharge', async () => 5);
    const a = await signedIn(t, 'finance');
    const r = (await count(a.token)).json();
    expect(r.status).toBe(0);
    expect(r.data['2']).toBeUndefined();
    expect(r.data.recharge).toBe(5);
  });
});
