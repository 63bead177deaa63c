import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { multipart } from '../admins/admins-helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Importing announcements (issue 62): a CSV or XLSX file in the exchange's layout is read row by row — each row's
 * problems named by its column, nothing written — and a clean file's rows are entered together under dual control.
 * The market's calendar is the exchange's: 2026-11-28 is a Saturday.
 */
let t: TestApp;
let maker: string;
let checker: string;
beforeAll(async () => {
  t = await createTestApp({ QUOTE_SESSION: 'exchange' });
  maker = (await signedIn(t, 'admin')).token;
  checker = (await signedIn(t, 'admin')).token;
  for (const [code, name] of [
    ['600036', '招商银行'],
    ['000001', '平安银行'],
  ])
    expect(
      (await post(t, '/admin/stock/add.do', { code, name, market: code.startsWith('6') ? 'sh' : 'sz' }, { token: maker })).json().status,
    ).toBe(0);
});
afterAll(() => t.close());

const check = async (filename: string, data: Uint8Array, lang = 'zh-CN') =>
  (
    await multipart(
      t,
      '/admin/corpaction/importCheck.do',
      {},
      { file: { filename, type: 'application/octet-stream', data: Buffer.from(data) } },
      { token: maker, lang },
    )
  ).json();

describe('an announcement file', () => {
  it('answers each CSV row with what it would enter or its problems, writing nothing', async () => {
    const csv = [
      '代码,登记日,除权除息日,派息,送股,转增',
      '600036,2026-12-07,2026-12-08,5,0,0', // 10派5元
      '000001,20261207,20261208,1.2,3,2', // 10送3转2派1.2元
      '688999,2026-12-07,2026-12-08,5,,', // no such stock
      '600036,2026-12-07,2026-12-08,3,,', // the same stock and day as line 2
      '000001,2026-12-07,2026-11-28,5,,', // an ex-date the exchange does not trade, before the record date
      '600036,2026-12-09,2026-12-10,,,', // nothing
      '600036,2026-12-09,2026-12-11,-1,abc,', // not numbers
    ].join('\n');
    const r = await check('分红.csv', new TextEncoder().encode(csv));
    expect(r.status, r.msg).toBe(0);
    const rows = r.data.rows as { line: number; code: string; cashPerShare: string | null; errors: { field: string; message: string }[] }[];
    expect([r.data.valid, r.data.invalid]).toEqual([2, 5]);
    expect(rows.slice(0, 2).map((x) => [x.line, x.code, x.cashPerShare, x.errors])).toEqual([
      [2, 'sh600036', '0.5', []],
      [3, 'sz000001', '0.12', []],
    ]);
    const problems = Object.fromEntries(rows.slice(2).map((x) => [x.line, x.errors.map((e) => `${e.field}: ${e.message}`)]));
    expect(problems).toEqual({
      4: ['code: 股票代码 688999 不存在'],
      5: ['exDate: 与第 2 行是同一股票同一除权除息日'],
      6: ['exDate: 须晚于股权登记日'],
      7: ['cash: 请至少填写派息、送股、转增或拆股中的一项'],
      8: expect.arrayContaining([expect.stringMatching(/^cash: /), expect.stringMatching(/^bonus: /)]),
    });
    const list = (await post(t, '/admin/corpaction/list.do', {}, { token: maker })).json().data;
    expect(list.total).toBe(0);
  });

  it('reads a GBK file and an XLSX one (dates as dates, numbers as written), in English too', async () => {
    // GBK, as the exchange's own downloads are: 代码,登记日,除权除息日,派息,送股,转增 / 600036,…,5,0,0
    const gbk = new Uint8Array([
      ...[0xb4, 0xfa, 0xc2, 0xeb],
      0x2c,
      ...[0xb5, 0xc7, 0xbc, 0xc7, 0xc8, 0xd5],
      0x2c,
      ...[0xb3, 0xfd, 0xc8, 0xa8, 0xb3, 0xfd, 0xcf, 0xa2, 0xc8, 0xd5],
      0x2c,
      ...[0xc5, 0xc9, 0xcf, 0xa2],
      0x2c,
      ...[0xcb, 0xcd, 0xb9, 0xc9],
      0x2c,
      ...[0xd7, 0xaa, 0xd4, 0xf6],
      0x0a,
      ...new TextEncoder().encode('600036,2026-12-14,2026-12-15,5,0,0\n'),
    ]);
    const fromGbk = await check('分红.csv', gbk);
    expect(fromGbk.status, fromGbk.msg).toBe(0);
    expect(fromGbk.data.rows).toEqual([expect.objectContaining({ code: 'sh600036', cashPerShare: '0.5', errors: [] })]);
    const xlsx = await writeXlsxFile(
      [
        ['代码', '登记日', '除权除息日', '派息', '送股', '转增', '拆股'],
        ['600036', { value: new Date('2026-12-07T00:00:00Z'), type: Date, format: 'yyyy-mm-dd' }, '2026-12-08', 0.35, 0, 10, null],
      ],
      {},
    ).toBuffer();
    const r = await check('公告.xlsx', new Uint8Array(xlsx), 'en-US');
    expect(r.status, r.msg).toBe(0);
    expect(r.data.rows).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'sh600036',
        recordDate: '2026-12-07',
        exDate: '2026-12-08',
        cashPerShare: '0.035',
        transferPer10: '10',
        errors: [],
      }),
    ]);
    const bad = await check('公告.pdf', new TextEncoder().encode('%PDF'), 'en-US');
    expect([bad.status, bad.msg]).toEqual([1, 'Only a CSV or XLSX file can be imported']);
    const noHeader = await check('x.csv', new TextEncoder().encode('a,b\n1,2'), 'en-US');
    expect(noHeader.msg).toMatch(/^Invalid argument|Missing columns: code, recordDate, exDate, cash, bonus, transfer/);
  });

  it('enters a clean file all together once approved, and refuses at once a file with a bad row, naming it', async () => {
    const rows = [
      { code: 'sh600036', recordDate: '2026-12-07', exDate: '2026-12-08', cashPerShare: '0.5' },
      { code: 'sz000001', recordDate: '2026-12-07', exDate: '2026-12-08', cashPerShare: '0.12', bonusPer10: '3', transferPer10: '2' },
    ];
    const send = async (extra: Record<string, string>) =>
      (
        await post(
          t,
          '/admin/corpaction/addBatch.do',
          { fileName: 'x.csv', rows: [...rows, { ...rows[0]!, ...extra }] },
          { token: maker, json: true },
        )
      ).json();
    // the row's own rules, by the contract (its place in the list), and the exchange's calendar, by its line in the file
    expect(await send({ exDate: '2026-11-28' })).toMatchObject({ status: 2, msg: '参数错误：rows.2.exDate 须晚于股权登记日' });
    expect(await send({ recordDate: '2026-11-26', exDate: '2026-11-28' })).toMatchObject({
      status: 1,
      msg: '第 4 行：2026-11-28 不是交易日，除权除息日须为交易日',
    });
    const held = (await post(t, '/admin/corpaction/addBatch.do', { fileName: '分红.csv', rows }, { token: maker, json: true })).json();
    expect(held.data.approval.id).toBeTruthy();
    const ok = (
      await post(t, '/admin/approval/decide.do', { id: held.data.approval.id, approve: true }, { token: checker, json: true })
    ).json();
    expect(ok.status, ok.msg).toBe(0);
    const list = (await post(t, '/admin/corpaction/list.do', {}, { token: maker })).json().data.list;
    expect(list.map((a: { gid: string; plan: string; source: string; fileName: string }) => [a.gid, a.plan, a.source, a.fileName])).toEqual(
      [
        ['sz000001', '10送3转2派1.2元', 'imported', '分红.csv'],
        ['sh600036', '10派5元', 'imported', '分红.csv'],
      ],
    );
  });
});
