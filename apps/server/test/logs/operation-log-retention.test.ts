import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { deleteChainPrefix, sealRows, verifyChain } from '../../src/http/chain.js';
import { maintainOperationLog, monthsOf } from '../../src/modules/logs/retention.js';
import { superUser } from '../admins/admins-helpers.js';
import { monthOf, monthsAgo } from './months.js';
import { createTestApp, post, type TestApp } from '../helpers.js';

/**
 * Issue 51 with issue 49: the operation log is partitioned by month (migration 0447) and its months past the retention
 * are dropped whole — but it is the audit chain, so only as a prefix of it. A month whose rows all come before the
 * rest goes, leaving a checkpoint and a sealed row naming the range, and the chain still verifies; a month with a
 * row sealed after the next month's rows stays until that month goes too. Runs on PGlite and, in CI, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.app.ctx.db;
const q = async <R>(text: ReturnType<typeof sql>) => rows<R>(await db().execute(text));
/** An operation-log row written `n` months ago (mid-month), sealed onto the chain now. */
async function rowAt(n: number, name: string): Promise<number> {
  const [r] = await q<{ id: number }>(sql`
    INSERT INTO operation_log (module, action, method, summary, result, status, msg, created_at)
    VALUES ('test', ${name}, 'POST', '{}', 'ok', 0, ${name}, ${monthsAgo(n).toISOString()}) RETURNING id::int`);
  await sealRows(db(), [r!.id]);
  return r!.id;
}
const names = async () =>
  (await q<{ msg: string }>(sql`SELECT msg FROM operation_log WHERE module = 'test' ORDER BY seq`)).map((r) => r.msg);

describe('the operation log by month', () => {
  it('is partitioned: a new row lands in its month, the list still reads it', async () => {
    const [p] = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_partitioned_table WHERE partrelid = to_regclass('operation_log')`,
    );
    expect(p!.n).toBe(1);
    const { token } = await superUser(t);
    expect((await post(t, '/admin/role/add.do', { name: '分区检查', describe: '' }, { token, json: true })).json().status).toBe(0);
    const [row] = await q<{ id: number; part: string }>(
      sql`SELECT id::int, tableoid::regclass::text AS part FROM operation_log ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.part).toBe(`operation_log_p${monthOf(new Date()).replace('-', '')}`);
    const list = (await post(t, '/admin/log/operationList.do', { pageNum: 1, pageSize: 5 }, { token, json: true })).json();
    expect(list.status, list.msg).toBe(0);
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(row!.id);
  });

  it('drops the months past the retention as a prefix of the chain, leaving a checkpoint; the chain still verifies', async () => {
    // the chain as a platform's would be: the old months sealed before the new ones (this app's own rows cut first)
    await deleteChainPrefix(db(), new Date(Date.now() + 1000));
    for (const [n, name] of [
      [14, 'm14'],
      [13, 'm13a'],
      [13, 'm13b'],
      [11, 'm11'],
    ] as const)
      await rowAt(n, name);
    const headBefore = (await q<{ first_seq: string }>(sql`SELECT first_seq::text FROM audit_chain_head`))[0]!;
    const [lastOf13] = await q<{ seq: string; hash: string }>(sql`SELECT seq::text, hash FROM operation_log WHERE msg = 'm13b'`);

    const r = await maintainOperationLog(db(), 12);
    expect(r.dropped).toEqual([monthOf(monthsAgo(14)), monthOf(monthsAgo(13))]);
    expect(r).toMatchObject({ fromSeq: Number(headBefore.first_seq), toSeq: Number(lastOf13!.seq), lastHash: lastOf13!.hash });
    expect(await names()).toEqual(['m11']);
    const months = await monthsOf(db(), 'operation_log');
    expect(months).not.toContain(monthOf(monthsAgo(13)));
    expect(months).toContain(monthOf(monthsAgo(11)));
    expect(months).toContain(monthOf(new Date()));
    // the chain starts after the cut, from the last removed link's hash; the checkpoint and the log say so
    expect((await q<{ first_seq: string; first_prev: string }>(sql`SELECT first_seq::text, first_prev FROM audit_chain_head`))[0]).toEqual({
      first_seq: String(Number(lastOf13!.seq) + 1),
      first_prev: lastOf13!.hash,
    });
    const [cut] = await q<Record<string, unknown>>(
      sql`SELECT to_seq::text, last_hash, rows_removed::int, reason, months FROM audit_chain_cuts ORDER BY id DESC LIMIT 1`,
    );
    expect(cut).toEqual({
      to_seq: lastOf13!.seq,
      last_hash: lastOf13!.hash,
      rows_removed: Number(lastOf13!.seq) - Number(headBefore.first_seq) + 1,
      reason: 'retention',
      months: `${monthOf(monthsAgo(14))},${monthOf(monthsAgo(13))}`,
    });
    const [tomb] = await q<{ msg: string; seq: string | null }>(
      sql`SELECT msg, seq::text FROM operation_log WHERE action = 'job:log-partitions' ORDER BY id DESC LIMIT 1`,
    );
    expect(tomb!.msg).toContain(`${headBefore.first_seq}–${lastOf13!.seq}`);
    expect(tomb!.seq).not.toBeNull();
    expect(await verifyChain(db())).toMatchObject({ ok: true, broken: null });
    // again: nothing more to drop
    expect((await maintainOperationLog(db(), 12)).dropped).toEqual([]);
  });

  it('keeps a month one of whose rows was sealed after the next month’s, until that month goes too', async () => {
    await deleteChainPrefix(db(), new Date(Date.now() + 1000)); // m11 and the rows of now sealed before the ones below
    await rowAt(9, 'm9a');
    await rowAt(8, 'm8');
    await rowAt(9, 'm9-late'); // written in month -9, sealed after month -8's row (its process died, the sweep sealed it)
    const r = await maintainOperationLog(db(), 8);
    expect(r.dropped).toEqual([monthOf(monthsAgo(11))]); // -11 (emptied by the cut) goes; -9 is not a prefix of the chain
    expect(await names()).toEqual(['m9a', 'm8', 'm9-late']);
    expect(await verifyChain(db())).toMatchObject({ ok: true });
    const later = await maintainOperationLog(db(), 7);
    expect(later.dropped).toEqual([monthOf(monthsAgo(9)), monthOf(monthsAgo(8))]);
    expect(await names()).toEqual([]);
    expect(await verifyChain(db())).toMatchObject({ ok: true });
  });

  it('a changed row is still found after a cut', async () => {
    const id = await rowAt(0, 'now');
    await db().execute(sql`UPDATE operation_log SET msg = 'edited' WHERE id = ${id}`);
    expect((await verifyChain(db())).broken).toMatchObject({ id, problem: 'changed' });
    await db().execute(sql`UPDATE operation_log SET msg = 'now' WHERE id = ${id}`);
    expect((await verifyChain(db())).ok).toBe(true);
  });
});
