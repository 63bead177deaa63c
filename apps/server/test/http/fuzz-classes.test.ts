import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '@stock-admin/contracts';
import type { Endpoint } from '@stock-admin/contracts';
import { multipart, superUser } from '../admins/admins-helpers.js';
import { appToken, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Issue 36: classes of bad input closed everywhere, not per endpoint. Every endpoint of the contracts — admin,
 * platform user and public, GET and POST, list filters, uploads, bodies — gets a 10,000-deep JSON body, every
 * date or time field gets dates that do not exist and text that is no date, every upload gets a CSV file
 * holding control characters, and every field gets a NUL and nested structures. Nothing answers 5xx or outside
 * the envelope; a list whose filters are all optional refuses a bad time naming that field. Both databases.
 */
type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined>;
const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && typeof (v as AnyEndpoint).path === 'string' && typeof (v as AnyEndpoint).method === 'string';
const endpoints = [
  ...new Map(
    Object.values(contracts as Record<string, unknown>)
      .filter((api): api is Record<string, unknown> => typeof api === 'object' && api !== null && !Array.isArray(api))
      .flatMap((api) => Object.values(api).filter(isEndpoint))
      .map((e) => [`${e.method} ${e.path}`, e] as const),
  ).values(),
];

/** The object shape behind an input schema (through pipes, preprocessors and refinements), or null. */
function shapeOf(s: unknown): Record<string, z.ZodType> | null {
  for (let cur = s as { shape?: Record<string, z.ZodType>; def?: Record<string, unknown> } | undefined, i = 0; cur && i < 6; i++) {
    if (cur.shape && typeof cur.shape === 'object') return cur.shape;
    const d = cur.def as { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown } | undefined;
    cur = (d?.in ?? d?.innerType ?? d?.schema) as typeof cur;
  }
  return null;
}

const TIME_FIELD = /(time|date|day|at)$/i;
const BAD_TIMES = [
  'abc',
  '2026-02-30',
  '2026-04-31 10:00',
  '2026/11/27 25:00',
  '2026-11-27T25:00:00+08:00',
  '2026-13-01',
  '%',
  '_',
  '\\',
  '0000-00-00',
];
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const CSV_WITH_CONTROLS = Buffer.from('code,name,market,allotted,orderNo\n600000,浦发银行,sh,100,N1\n600036,招商\u0000银行,sh,100,N2\n');
const isUploadField = (f: z.ZodType) =>
  f.safeParse({ filename: 'a.csv', mimetype: 'text/csv', data: new Uint8Array([65]) }).success ||
  f.safeParse([{ filename: 'a.csv', mimetype: 'text/csv', data: new Uint8Array([65]) }]).success;

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await superUser(t)).token;
  user = await appToken(t, await makeUser(t));
});
afterAll(() => t.close());

const headersFor = (e: AnyEndpoint): Record<string, string> =>
  e.path.startsWith('/app/') ? { usertoken: user } : e.access === 'public' ? {} : { admintoken: admin };

async function send(e: AnyEndpoint, body: Record<string, unknown> | string) {
  if (e.method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    return t.app.inject({ method: 'GET', url: `${e.path}?${qs}`, headers: headersFor(e) });
  }
  return t.app.inject({
    method: e.method,
    url: e.path,
    headers: { ...headersFor(e), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** What went wrong with one answer, or null: 5xx, or not the envelope. */
function problem(where: string, r: { statusCode: number; body: string }): string | null {
  if (r.statusCode >= 500) return `${where}: HTTP ${r.statusCode} ${r.body.slice(0, 160)}`;
  try {
    const b = JSON.parse(r.body) as { status?: unknown; msg?: unknown };
    if (typeof b.status !== 'number' || typeof b.msg !== 'string') return `${where}: not the envelope ${r.body.slice(0, 120)}`;
  } catch {
    // a CSV export answers with the file
    if (!/^\uFEFF?[^{]/.test(r.body)) return `${where}: not JSON ${r.body.slice(0, 120)}`;
  }
  return null;
}

describe('input classes on every endpoint of the contracts', () => {
  it(`walks all ${endpoints.length} endpoints`, () => {
    console.log(`fuzz-classes: ${endpoints.length} endpoints (${endpoints.filter((e) => e.method === 'GET').length} GET)`);
    expect(endpoints.length).toBeGreaterThan(200);
  });

  it('refuses a 10,000-deep JSON body before anything reads it: HTTP 400 in the envelope', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const e of endpoints.filter((x) => x.method === 'POST')) {
      const key = Object.keys(shapeOf(e.input) ?? {})[0] ?? 'x';
      const r = await send(e, `{"${key}":${deep(10_000)}}`);
      n++;
      const b = r.json() as { status: number; msg: string };
      if (r.statusCode !== 400 || b.status !== 2 || b.msg !== '参数错误：body 嵌套层数过多（最多 32 层）')
        failures.push(`${e.path}: ${r.statusCode} ${b.status} ${b.msg}`);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/app/order/buy.do',
      headers: { usertoken: user, lang: 'en-US', 'content-type': 'application/json' },
      payload: `{"gid":${deep(10_000)}}`,
    });
    expect(en.json().msg).toBe('Invalid argument: body is nested too deeply (at most 32 levels)');
    console.log(`fuzz-classes: deep bodies sent to ${n} endpoints`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses dates that do not exist and text that is no date in every time field; lists name the field', async () => {
    const failures: string[] = [];
    let fields = 0;
    for (const e of endpoints) {
      const shape = shapeOf(e.input);
      if (!shape) continue;
      const optionalOnly = !!e.input && (e.input as z.ZodType).safeParse({}).success;
      for (const key of Object.keys(shape).filter((k) => TIME_FIELD.test(k))) {
        fields++;
        for (const v of BAD_TIMES) {
          const r = await send(e, { [key]: v });
          const p = problem(`${e.method} ${e.path} ${key}=${v}`, r);
          if (p) failures.push(p);
          else if (optionalOnly) {
            const b = r.json() as { status: number; msg: string };
            if (b.status !== 2 || !b.msg.startsWith(`参数错误：${key} `)) failures.push(`${e.path} ${key}=${v}: ${b.status} ${b.msg}`);
          }
        }
      }
    }
    console.log(`fuzz-classes: ${fields} date/time fields × ${BAD_TIMES.length} values`);
    expect(fields).toBeGreaterThan(15);
    expect(failures).toEqual([]);
  }, 180_000);

  it('takes no field holding NUL, an array of arrays or an object where a value belongs without a clean answer', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const e of endpoints) {
      for (const key of Object.keys(shapeOf(e.input) ?? {})) {
        for (const v of ['a\u0000b', [[1]], { $gt: { x: 1 } }]) {
          calls++;
          const p = problem(`${e.method} ${e.path} ${key}=${JSON.stringify(v)}`, await send(e, { [key]: v }));
          if (p) failures.push(p);
        }
      }
    }
    console.log(`fuzz-classes: ${calls} poisoned fields`);
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses every upload holding control characters, and the CSV files naming their line, before any database work', async () => {
    const failures: string[] = [];
    let uploads = 0;
    for (const e of endpoints) {
      const shape = shapeOf(e.input);
      for (const [key, field] of Object.entries(shape ?? {})) {
        if (!isUploadField(field)) continue;
        uploads++;
        const r = await multipart(
          t,
          e.path,
          { issueId: '1' },
          { [key]: { filename: 'x.csv', type: 'text/csv', data: CSV_WITH_CONTROLS } },
          { token: admin },
        );
        const p = problem(`${e.path} ${key}`, r);
        if (p) failures.push(p);
        else if (r.json().status === 0) failures.push(`${e.path} ${key}: accepted`);
      }
    }
    console.log(`fuzz-classes: ${uploads} upload fields`);
    expect(uploads).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
    const stock = await multipart(
      t,
      '/admin/stock/import.do',
      {},
      { file: { filename: 's.csv', type: 'text/csv', data: CSV_WITH_CONTROLS } },
      { token: admin },
    );
    expect(stock.json()).toMatchObject({ status: 2, msg: '参数错误：file 第 3 行含有控制字符（如 \\u0000），请检查文件后重新上传' });
    const allot = await multipart(
      t,
      '/admin/subscribe/record/batchAllot.do',
      { issueId: '1' },
      { file: { filename: 'a.csv', type: 'text/csv', data: Buffer.from('orderNo,allotted\nN1,100\nN2,1\u0007\n') } },
      { token: admin, lang: 'en-US' },
    );
    expect(allot.json()).toMatchObject({
      status: 2,
      msg: 'Invalid argument: file line 3 holds a control character (such as \\u0000); check the file and upload it again',
    });
  }, 120_000);
});
