import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { linkHash, sealLeftovers, sealRows, verifyChain } from '../../src/http/chain.js';
import { makeRole, superUser } from '../admins/admins-helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { twoInstances } from '../races/instances.js';
import { sleep } from '../realtime/realtime.helpers.js';

/**
 * Issue 49: the operation log is a hash chain no one can quietly change. Every finished row is sealed; a changed,
 * removed or relinked row breaks the walk at that row (the page and `npm run audit:verify` say which); the only
 * deletion is of the oldest rows, by time, whose range the deleting call's own row names.
 */
const PG = !!process.env.DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = async <R>(text: ReturnType<typeof sql>) => rows<R>(await t.app.ctx.db.execute(text));
const sealed = async () => (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM operation_log WHERE seq IS NOT NULL`))[0]!.n;
const rowAt = async (n: number) =>
  (
    await q<{ id: string; seq: string; msg: string }>(
      sql`SELECT id::text, seq::text, msg FROM operation_log ORDER BY operation_log.seq LIMIT 1 OFFSET ${n}`,
    )
  )[0]!;

describe('the operation log chain', () => {
  it('seals every finished row, refused calls included, and verifies untouched', async () => {
    for (let i = 0; i < 4; i++) await makeRole(t, { userlist: ['query'] });
    const su = await superUser(t);
    await post(t, '/admin/role/add.do', { name: '' }, { token: su.token }); // refused: logged and sealed too
    const r = await verifyChain(t.app.ctx.db);
    expect(r).toMatchObject({ ok: true, unsealed: 0, broken: null });
    expect(r.checked).toBe(await sealed());
    expect(r.checked).toBeGreaterThanOrEqual(5);
    const api = (await post(t, '/admin/log/chainVerify.do', {}, { token: su.token, json: true })).json();
    expect(api).toMatchObject({ status: 0, data: { ok: true, checked: r.checked } });
  });

  it('names a changed row, and verifies again once it is put back', async () => {
    const row = await rowAt(2);
    await t.app.ctx.db.execute(sql`UPDATE operation_log SET msg = 'quietly changed' WHERE id = ${row.id}`);
    expect((await verifyChain(t.app.ctx.db)).broken).toEqual({ seq: Number(row.seq), id: Number(row.id), problem: 'changed' });
    await t.app.ctx.db.execute(sql`UPDATE operation_log SET msg = ${row.msg} WHERE id = ${row.id}`);
    expect((await verifyChain(t.app.ctx.db)).ok).toBe(true);
    // a summary edited (jsonb) or a row's time moved are changes too
    await t.app.ctx.db.execute(sql`UPDATE operation_log SET created_at = created_at + interval '1 microsecond' WHERE id = ${row.id}`);
    expect((await verifyChain(t.app.ctx.db)).broken?.problem).toBe('changed');
    await t.app.ctx.db.execute(sql`UPDATE operation_log SET created_at = created_at - interval '1 microsecond' WHERE id = ${row.id}`);
    expect((await verifyChain(t.app.ctx.db)).ok).toBe(true);
  });

  it('seals a row its process left unsealed, a minute later (the audit-seal job)', async () => {
    await t.app.ctx.db.execute(
      sql`INSERT INTO operation_log (module, action, method, result, status, msg, created_at) VALUES ('logs', '/x', 'POST', 'ok', 0, 'left', now() - interval '2 minutes')`,
    );
    expect((await verifyChain(t.app.ctx.db)).unsealed).toBe(1);
    expect(await sealLeftovers(t.app.ctx.db)).toBe(1);
    expect(await verifyChain(t.app.ctx.db)).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('deletes only the oldest rows, by time, leaving a row that names the range; the rest verifies', async () => {
    const su = await superUser(t);
    const byId = (await post(t, '/admin/log/delete.do', { kind: 'operation', ids: '1' }, { token: su.token })).json();
    expect(byId.status).toBe(2);
    const before = await sealed();
    const cut = (
      await q<{ created_at: string }>(sql`SELECT created_at::text FROM operation_log ORDER BY operation_log.seq LIMIT 1 OFFSET 3`)
    )[0]!.created_at;
    const r = (
      await post(t, '/admin/log/delete.do', { kind: 'operation', before: new Date(cut).toISOString() }, { token: su.token })
    ).json();
    expect(r.status).toBe(0);
    expect(r.data.deleted).toBeGreaterThan(0);
    const [tomb] = await q<{ summary: { after: { fromSeq: number; toSeq: number; lastHash: string; deleted: number } } }>(
      sql`SELECT summary FROM operation_log WHERE action = '/admin/log/delete.do' AND result = 'ok' ORDER BY id DESC LIMIT 1`,
    );
    expect(tomb!.summary.after).toMatchObject({ fromSeq: 1, deleted: r.data.deleted });
    expect(tomb!.summary.after.toSeq).toBe(tomb!.summary.after.fromSeq + r.data.deleted - 1);
    expect(await sealed()).toBe(before - r.data.deleted + 1); // the tombstone joined
    expect(await verifyChain(t.app.ctx.db)).toMatchObject({ ok: true, firstSeq: tomb!.summary.after.toSeq + 1 });
  });

  it('names a row removed from the middle, and notices rows cut from the end', async () => {
    const mid = await rowAt(1);
    await t.app.ctx.db.execute(sql`DELETE FROM operation_log WHERE id = ${mid.id}`);
    expect((await verifyChain(t.app.ctx.db)).broken).toEqual({ seq: Number(mid.seq), id: null, problem: 'missing' });
    const own = await createTestApp();
    try {
      await makeRole(own, { userlist: ['query'] });
      await makeRole(own, { userlist: ['query'] });
      await own.app.ctx.db.execute(sql`DELETE FROM operation_log WHERE seq = (SELECT max(seq) FROM operation_log)`);
      expect((await verifyChain(own.app.ctx.db)).broken?.problem).toBe('missing');
    } finally {
      await own.close();
    }
  });
});

describe.skipIf(!PG)('the chain on PostgreSQL', () => {
  it('two instances writing at once: one chain, every place taken once', async () => {
    const { a, b, close } = await twoInstances({ JOBS_ENABLED: 'false' });
    try {
      const admins = await Promise.all([signedIn(a, 'admin'), signedIn(b, 'admin')]);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(i % 2 ? b : a, '/admin/role/add.do', { name: `链${i}_${Date.now() % 1e5}` }, { token: admins[i % 2]!.token }),
        ),
      );
      const r = await verifyChain(a.app.ctx.db);
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true, unsealed: 0 });
      const n = rows<{ n: number; max: number }>(
        await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n, max(seq)::int AS max FROM operation_log`),
      )[0]!;
      expect(r.checked).toBe(n.n);
      expect(n.max).toBe(n.n);
    } finally {
      await close();
    }
  });

  it("during a rolling upgrade: a row sealed beside the previous release's sealer takes the next place, not the same one", async () => {
    // The previous release (before issue 64's one-statement seal) sealed under the advisory lock alone, reading the
    // head without its row lock: a new instance's seal committed between that read and its write gave two rows one
    // place (the upgrade drill's audit check: "FAILED at seq 409: missing", 2026-12-05).
    const own = await createTestApp({ JOBS_ENABLED: 'false' });
    const db = own.app.ctx.db;
    try {
      await makeRole(own, { userlist: ['query'] });
      const finished = async () =>
        rows<{ id: string }>(
          await db.execute(sql`
            INSERT INTO operation_log (admin_id, admin_name, module, action, method, target_id, summary, ip, user_agent, result, status, msg)
            SELECT admin_id, admin_name, module, action, method, target_id, summary, ip, user_agent, result, status, msg
            FROM operation_log WHERE seq IS NOT NULL ORDER BY seq LIMIT 1 RETURNING id::text`),
        )[0]!.id;
      const [oldId, newId] = [await finished(), await finished()];
      let readHead!: () => void;
      const headRead = new Promise<void>((r) => (readHead = r));
      let letGo!: () => void;
      const gate = new Promise<void>((r) => (letGo = r));
      // the previous release's sealRows, word for word, held between its read of the head and its writes
      const previous = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(4900049)`);
        const [head] = rows<{ seq: string; hash: string }>(
          await tx.execute(sql`SELECT seq::text, hash FROM audit_chain_head WHERE id = 1`),
        );
        readHead();
        await gate;
        const seq = Number(head!.seq) + 1;
        const [r] = rows<{ hash: string }>(
          await tx.execute(sql`
            UPDATE operation_log SET seq = ${seq}, prev_hash = ${head!.hash}, hash = ${linkHash(sql`${head!.hash}::text`, sql`${seq}::bigint`)}
            WHERE id = ${oldId} AND seq IS NULL RETURNING hash`),
        );
        await tx.execute(sql`UPDATE audit_chain_head SET seq = ${seq}, hash = ${r!.hash} WHERE id = 1`);
      });
      await headRead;
      const today = sealRows(db, [Number(newId)]);
      await sleep(300);
      letGo();
      await Promise.all([previous, today]);
      const r = await verifyChain(db);
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true, unsealed: 0 });
      const seqs = rows<{ id: string; seq: string }>(
        await db.execute(sql`SELECT id::text, seq::text FROM operation_log WHERE id IN (${oldId}, ${newId}) ORDER BY seq`),
      );
      expect(seqs.map((x) => x.id)).toEqual([oldId, newId]);
      expect(Number(seqs[1]!.seq)).toBe(Number(seqs[0]!.seq) + 1);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('npm run audit:verify exits 0 on an untouched chain and 1 naming a changed row', async () => {
    const own = await createTestApp();
    try {
      await makeRole(own, { userlist: ['query'] });
      await makeRole(own, { userlist: ['query'] });
      const url = new URL(own.config.DATABASE_URL!); // the app's own database
      url.searchParams.set('options', `-c search_path=${own.schema}`);
      const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' };
      const cli = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/audit-verify.ts'], { env }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
        );
      const fine = await cli();
      expect(fine.code, fine.out).toBe(0);
      expect(fine.out).toMatch(/^OK: every operation-log row follows/m);
      const [row] = rows<{ id: string; seq: string }>(
        await own.app.ctx.db.execute(sql`SELECT id::text, seq::text FROM operation_log ORDER BY operation_log.seq LIMIT 1`),
      );
      await own.app.ctx.db.execute(sql`UPDATE operation_log SET target_id = '999' WHERE id = ${row!.id}`);
      const broken = await cli();
      expect(broken.code).toBe(1);
      expect(broken.out).toContain(`FAILED at seq ${row!.seq} (row #${row!.id}): changed`);
    } finally {
      await own.close();
    }
  }, 60_000);
});
