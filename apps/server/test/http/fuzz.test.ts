import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@stock-admin/contracts';
import type { Endpoint } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { superUser } from '../admins/admins-helpers.js';
import { balances, credit, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Issue 26: every mutating admin endpoint of the contracts, called with generated bad input — wrong
 * types, arrays and objects for single values, NUL and control characters, huge strings, number edge
 * cases — never answers 5xx, refuses with status 2 naming a field of its input, changes no state or
 * money, and leaves an operation-log row. Seeded and bounded (fast-check).
 */
const SEED = 20261124;
const RUNS_PER_ENDPOINT = 4;

type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined>;
const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && typeof (v as AnyEndpoint).path === 'string' && typeof (v as AnyEndpoint).method === 'string';

/** The object shape behind an input schema (through pipes, preprocessors and refinements), or null. */
function shapeOf(s: unknown): Record<string, unknown> | null {
  for (let cur = s as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined, i = 0; cur && i < 6; i++) {
    if (cur.shape && typeof cur.shape === 'object') return cur.shape;
    const d = cur.def as { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown } | undefined;
    cur = (d?.in ?? d?.innerType ?? d?.schema) as typeof cur;
  }
  return null;
}

// Admin endpoints that write (they name an operation-log module) and take an object input.
const targets = Object.values(contracts as Record<string, unknown>)
  .filter((api): api is Record<string, unknown> => typeof api === 'object' && api !== null && !Array.isArray(api))
  .flatMap((api) => Object.values(api).filter(isEndpoint))
  .filter((e) => e.module && e.method === 'POST' && e.access !== 'public' && !e.path.startsWith('/app/'))
  .map((e) => ({ e, keys: Object.keys(shapeOf(e.input) ?? {}) }))
  .filter((x) => x.keys.length > 0)
  .filter((x, i, all) => all.findIndex((y) => y.e.path === x.e.path) === i);

// A value no single field of any endpoint takes: PostgreSQL cannot store it, or it is an object or an
// array where a value is expected.
const poison = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constant({ $where: [1] }),
  fc.constant(['\u0000']),
);
const bad = fc.oneof(
  poison,
  fc.constant([1]),
  fc.constant(['1', '2']),
  fc.constant(true),
  fc.constant(null),
  fc.constant(''),
  fc.constant('\u0001\u0008\u001f'),
  fc.constant('x'.repeat(70_000)),
  fc.constantFrom(-1, 0, 1.5, -0, 2 ** 53 + 1, 1e300, Number.MAX_SAFE_INTEGER),
  fc.constantFrom('1e999', '0x10', ' 12 ', '-0', 'NaN', 'Infinity', '１２'),
);

let t: TestApp;
let token: string;
let userId: number;
// the logs (the operation log's chain head moves with every row it seals), sessions and the migration record
const EXCLUDED_TABLES = ['operation_log', 'audit_chain_head', 'login_log', 'admin_sessions', 'schema_migrations'];
let fingerprintSql: string;

async function fingerprint(): Promise<string> {
  const [r] = rows<{ f: string }>(await t.app.ctx.db.execute(sql.raw(fingerprintSql)));
  return r!.f;
}
const oplogCount = async () => rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operation_log`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  token = (await superUser(t)).token;
  userId = await makeUser(t);
  await credit(t, userId, '1000');
  const tables = rows<{ name: string }>(
    // tables and partitioned tables, not their partitions (a partitioned log is read, or left out, whole)
    await t.app.ctx.db.execute(sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`),
  )
    .map((r) => r.name)
    .filter((n) => !EXCLUDED_TABLES.includes(n));
  // every row of every table (but the logs and sessions), as one hash
  fingerprintSql = `SELECT md5(${tables
    .map((n) => `coalesce((SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) FROM "${n}" x), '-')`)
    .join(' || ')}) AS f`;
});
afterAll(() => t.close());

describe('bad input on every mutating endpoint', () => {
  it(`covers the contracts' writing endpoints (${targets.length})`, () => {
    expect(targets.length).toBeGreaterThan(40);
    expect(targets.map((x) => x.e.path)).toContain('/admin/withdraw/updateState.do');
    expect(targets.map((x) => x.e.path)).toContain('/admin/user/updateAmt.do');
  });

  it('reads no array or object as a single value in any field of any input (the shared schemas are strict)', () => {
    const loose: string[] = [];
    for (const { e } of targets) {
      for (const [key, field] of Object.entries(shapeOf(e.input)!)) {
        for (const v of [[1], ['1'], [true], ['true'], { 0: 1 }]) {
          const r = (field as z.ZodType).safeParse(v);
          // a list field may take an array; no field may turn one into a single value
          if (r.success && r.data !== undefined && !Array.isArray(r.data) && typeof r.data !== 'object')
            loose.push(`${e.path} ${key}: ${JSON.stringify(v)} read as ${JSON.stringify(r.data)}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  it('never 5xx; status 2 naming a field; no state or money change; an operation-log row', async () => {
    const before = await fingerprint();
    const money = await balances(t, userId);
    const failures: string[] = [];
    for (const { e, keys } of targets) {
      const payload = fc
        .record({ poisoned: fc.constantFrom(...keys), values: fc.dictionary(fc.constantFrom(...keys), bad, { maxKeys: keys.length }) })
        .chain(({ poisoned, values }) => poison.map((p) => ({ ...values, [poisoned]: p })));
      await fc.assert(
        fc.asyncProperty(payload, async (body) => {
          const logged = await oplogCount();
          const r = await t.app.inject({
            method: 'POST',
            url: e.path,
            headers: { admintoken: token, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const where = `${e.path} ${JSON.stringify(body).slice(0, 200)}`;
          if (r.statusCode >= 500) failures.push(`${where}: HTTP ${r.statusCode} ${r.body.slice(0, 200)}`);
          const env = r.json() as { status: number; msg: string };
          const field = /^参数错误：(\S+) /.exec(env.msg)?.[1];
          if (env.status !== 2 || !field || !(field === 'body' || keys.includes(field.split('.')[0]!)))
            failures.push(`${where}: ${env.status} ${env.msg.slice(0, 120)}`);
          if ((await oplogCount()) !== logged + 1) failures.push(`${where}: no operation-log row`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(await balances(t, userId)).toEqual(money);
    expect(await fingerprint()).toBe(before);
  }, 120_000);
});
