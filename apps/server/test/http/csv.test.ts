import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvLine, sendCsv, stamp } from '../../src/http/csv.js';

describe('CSV cells', () => {
  it('writes numbers and decimal amounts as they are, negative ones too', () => {
    expect([1, 0n, true, '123.45', '-100.00', '-7', '13800000000'].map(csvCell)).toEqual([
      '1',
      '0',
      'true',
      '123.45',
      '-100.00',
      '-7',
      '13800000000',
    ]);
  });

  it('defuses texts a spreadsheet would run as a formula, and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(['+1+1', '-1+cmd', '@SUM(A1)', '\tx', '-'].map(csvCell)).toEqual(["'+1+1", "'-1+cmd", "'@SUM(A1)", "'\tx", "'-"]);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('欧阳锋')).toBe('欧阳锋');
  });

  it('writes nothing for null, ISO time for dates, JSON for objects, CRLF after a line', () => {
    expect(csvLine([null, undefined, new Date('2026-01-02T03:04:05Z'), { a: 1 }])).toBe(',,2026-01-02T03:04:05.000Z,"{""a"":1}"\r\n');
  });
});

describe('file name dates', () => {
  it("are the platform's day in Asia/Shanghai, not UTC's", () => {
    expect(stamp(new Date('2026-01-01T15:59:59Z'))).toBe('20260101');
    // 00:00 on 2 January in Shanghai is still 1 January in UTC
    expect(stamp(new Date('2026-01-01T16:00:00Z'))).toBe('20260102');
    expect(stamp(new Date('2026-12-31T23:00:00Z'))).toBe('20270101');
  });
});

describe('sendCsv', () => {
  let app: FastifyInstance;
  let base: string;
  const logs: { count: number; ok: boolean }[] = [];
  // batches of rows; a thrown string fails the export at that point
  const source = (plan: (unknown[][] | string)[]) =>
    (async function* () {
      for (const b of plan) {
        await new Promise((r) => setImmediate(r)); // a round trip to the database
        if (typeof b === 'string') throw new Error(b);
        yield b;
      }
    })();
  const plans: Record<string, (unknown[][] | string)[]> = {
    whole: [[['1', '欧阳锋', '-5.00']], [['2', '=1+1', '7']]],
    early: ['database down'],
    midway: [[['1', 'a', '1']], 'database down'],
  };

  beforeAll(async () => {
    app = Fastify();
    app.get<{ Params: { plan: string } }>('/csv/:plan', async (req, reply) => {
      try {
        await sendCsv(
          reply,
          {
            filename: '用户-20260101.csv',
            header: ['id', 'name', 'amount'],
            audit: {
              db: {
                insert: () => ({
                  values: async (v: { msg: string; status: number }) =>
                    logs.push({ count: Number(/\d+/.exec(v.msg)![0]), ok: v.status === 0 }),
                }),
              } as never,
              admin: { adminId: 1, username: 'a' } as never,
              module: 'test',
              filters: {},
            },
          },
          source(plans[req.params.plan]!),
        );
      } catch (e) {
        // what route() does with an error before the download starts: the envelope
        return { status: 1, msg: (e as Error).message, data: null };
      }
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  // a raw request, so that a download cut off midway shows as such (fetch would only reject)
  const download = (path: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; complete: boolean }>((resolve) => {
      http
        .get(`${base}${path}`, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('error', () => undefined); // a cut-off download: seen below as not complete
          res.on('close', () => resolve({ status: res.statusCode!, headers: res.headers, body, complete: res.complete }));
        })
        .on('error', () => undefined);
    });

  it('streams every batch after a BOM and the header, names the file in ASCII and UTF-8, and logs the row count', async () => {
    logs.length = 0;
    const r = await download('/csv/whole');
    expect(r).toMatchObject({ status: 200, complete: true });
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="__-20260101.csv"; filename*=UTF-8''${encodeURIComponent('用户-20260101.csv')}`,
    );
    expect(r.body).toBe("\uFEFFid,name,amount\r\n1,欧阳锋,-5.00\r\n2,'=1+1,7\r\n");
    expect(logs).toEqual([{ count: 2, ok: true }]);
  });

  it('answers a failure before the first batch with the envelope, not a file', async () => {
    logs.length = 0;
    const r = await download('/csv/early');
    expect(r.headers['content-type']).toContain('application/json');
    expect(JSON.parse(r.body)).toEqual({ status: 1, msg: 'database down', data: null });
    expect(logs).toEqual([]);
  });

  it('cuts the download off on a failure midway, so that it never looks whole, and logs it as failed', async () => {
    logs.length = 0;
    const r = await download('/csv/midway');
    expect(r.status).toBe(200);
    expect(r.complete).toBe(false);
    expect(r.body).toBe('\uFEFFid,name,amount\r\n1,a,1\r\n');
    expect(logs).toEqual([{ count: 1, ok: false }]);
  });
});
