import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { pinyinInitials } from '../../src/modules/products/pinyin.js';
import { makeAgentRow, multipart, oplogRows } from '../admins/admins-helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());

const call = (path: string, body: Record<string, unknown>, token = admin, lang?: string) =>
  post(t, `/admin/stock/${path}`, body, { token, lang });
const csv = (text: string, token = admin, lang?: string) =>
  multipart(
    t,
    '/admin/stock/import.do',
    {},
    { file: { filename: 'stocks.csv', type: 'text/csv', data: Buffer.from(text) } },
    { token, lang },
  );

describe('pinyin initials', () => {
  it('reads polyphonic characters in their word', () => {
    expect(pinyinInitials('重庆啤酒')).toBe('CQPJ');
    expect(pinyinInitials('长江电力')).toBe('CJDL');
    expect(pinyinInitials('长城汽车')).toBe('CCQC');
    expect(pinyinInitials('中国银行')).toBe('ZGYH');
    expect(pinyinInitials('*ST中润')).toBe('STZR');
    expect(pinyinInitials('TCL科技')).toBe('TCLKJ');
  });
});

describe('stocks', () => {
  it('adds a stock with the gid, board and pinyin derived, and finds it by pinyin', async () => {
    const r = (await call('add.do', { code: '600132', name: '重庆啤酒', market: 'sh', spreadRate: '0.001' })).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('股票已添加');
    expect(r.data).toMatchObject({
      gid: 'sh600132',
      board: 'main',
      pinyin: 'CQPJ',
      st: false,
      spreadRate: '0.001000',
      shown: true,
      locked: false,
      last: null,
    });
    await call('add.do', { code: '688981', name: '中芯国际', market: 'sh' });
    await call('add.do', { code: '300750', name: '宁德时代', market: 'sz' });
    const l = (await call('list.do', { pinyin: 'cq' })).json();
    expect(l.data.list.map((s: { gid: string }) => s.gid)).toEqual(['sh600132']);
    const star = (await call('list.do', { board: 'star' })).json();
    expect(star.data.total).toBe(1);
    expect(star.data.list[0].name).toBe('中芯国际');
  });

  it('refuses a code of another market or no market, naming the field in the caller’s language', async () => {
    const a = (await call('add.do', { code: '300750', name: 'x', market: 'sh' })).json();
    expect(a.status).toBe(2);
    expect(a.msg).toBe('参数错误：code 与所选市场不符');
    const b = (await call('add.do', { code: '700001', name: 'x', market: 'sh' }, admin, 'en-US')).json();
    expect(b.msg).toBe('Invalid argument: code must be a 6-digit A-share code');
    const c = (await call('add.do', { code: '60013', name: 'x', market: 'sh' })).json();
    expect(c.status).toBe(2);
    const dup = (await call('add.do', { code: '600132', name: '重庆啤酒', market: 'sh' })).json();
    expect(dup).toMatchObject({ status: 1, msg: '股票 sh600132 已存在' });
  });

  it('locks and hides with a reason kept in the operation log; an ST rename narrows nothing it should not', async () => {
    const [s] = (await call('list.do', { code: '600132' })).json().data.list;
    const l = (await call('updateLock.do', { id: s.id, locked: true, reason: '停牌核查' })).json();
    expect(l).toMatchObject({ status: 0, msg: '已锁定交易', data: { locked: true, lockReason: '停牌核查' } });
    const log = await oplogRows(t, '/admin/stock/updateLock.do');
    expect(log.at(-1)!.summary).toMatchObject({ after: { locked: true, reason: '停牌核查' } });
    const u = (await call('updateLock.do', { id: s.id, locked: false })).json();
    expect(u.data).toMatchObject({ locked: false, lockReason: null });
    const h = (await call('updateShow.do', { id: s.id, shown: false, reason: '退市整理' })).json();
    expect(h.data.shown).toBe(false);
    const st = (await call('updateStock.do', { id: s.id, name: '*ST重啤' })).json();
    expect(st.data).toMatchObject({ st: true, pinyin: 'STZP' });
  });

  it('refuses every change to agent staff, and lock without the disable action', async () => {
    const agentId = await makeAgentRow(t);
    const agent = (await signedIn(t, 'agent', { agentId })).token;
    // Even a role that grants every product action changes nothing at an agent's hand.
    const boundAdmin = (await signedIn(t, 'admin', { agentId })).token;
    const list = (await call('list.do', {}, agent)).json();
    expect(list.status).toBe(0);
    expect(list.data.total).toBeGreaterThan(0);
    const add = (await call('add.do', { code: '600519', name: '贵州茅台', market: 'sh' }, boundAdmin)).json();
    expect(add).toMatchObject({ status: 1, msg: '代理账号只能查看产品，不能修改' });
    expect((await call('add.do', { code: '600519', name: '贵州茅台', market: 'sh' }, agent)).statusCode).toBe(403);
    const id = list.data.list[0].id;
    expect((await call('updateLock.do', { id, locked: true }, boundAdmin)).json()).toMatchObject({
      status: 1,
      msg: '代理账号只能查看产品，不能修改',
    });
    expect((await call('list.do', { code: '600519' })).json().data.total).toBe(0);
    const support = (await signedIn(t, 'support')).token;
    const lock = await call('updateLock.do', { id, locked: true }, support);
    expect(lock.statusCode).toBe(403);
    expect((await call('delStock.do', { id }, support)).statusCode).toBe(403);
    expect((await call('add.do', { code: '600519', name: '贵州茅台', market: 'sh' }, support)).statusCode).toBe(403);
  });

  it('deletes a stock nobody holds, and refuses one an order references (count named)', async () => {
    const add = (await call('add.do', { code: '000858', name: '五粮液', market: 'sz' })).json();
    const { registerStockDeleteGuard } = await import('../../src/modules/products/stocks.js');
    const { registerMessages } = await import('../../src/app/i18n.js');
    registerMessages({ 'reason.test_orders': { 'zh-CN': '测试委托', 'en-US': 'test orders' } });
    let held = 2;
    registerStockDeleteGuard('reason.test_orders', async (_tx, stockId) => (stockId === add.data.id ? held : 0));
    const refused = (await call('delStock.do', { id: add.data.id })).json();
    expect(refused).toMatchObject({ status: 1, msg: '该股票仍有 2 笔测试委托，不能删除' });
    held = 0;
    expect((await call('delStock.do', { id: add.data.id })).json()).toMatchObject({ status: 0, msg: '股票已删除' });
    expect((await call('delStock.do', { id: add.data.id })).json()).toMatchObject({ status: 1, msg: '股票不存在' });
  });

  it('imports all rows or none, with an exact per-row report', async () => {
    const before = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM stocks`))[0]!.n;
    const bad = (
      await csv('code,name,market,spreadRate\n601318,中国平安,sh,0.002\n300059,东方财富,sh,\n601318,中国平安,sh,\n000001,平安银行,sz,2\n')
    ).json();
    expect(bad.status).toBe(1);
    expect(bad.msg).toBe('导入未执行：3 行有误，请按结果修正后重新导入');
    expect(bad.data.rows).toEqual([
      { row: 2, code: '601318', result: 'skipped', reason: null },
      { row: 3, code: '300059', result: 'failed', reason: 'code 与所选市场不符' },
      { row: 4, code: '601318', result: 'failed', reason: 'code 与第 2 行重复' },
      { row: 5, code: '000001', result: 'failed', reason: 'spreadRate 应为 0 到 1 之间的比例（最多六位小数）' },
    ]);
    expect(rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM stocks`))[0]!.n).toBe(before);

    const good = (await csv('\uFEFFcode,name,market,shown\n601318,中国平安,sh,1\n300059,东方财富,,0\n688981,中芯国际,sh,\n')).json();
    expect(good).toMatchObject({ status: 0, msg: '导入完成：新增 2，更新 1', data: { applied: true, added: 2, updated: 1, failed: 0 } });
    const dc = (await call('list.do', { code: '300059' })).json().data.list[0];
    expect(dc).toMatchObject({ gid: 'sz300059', board: 'chinext', shown: false, pinyin: 'DFCF' });
  });

  it('refuses a file that is not CSV or has no header, whole', async () => {
    const noHeader = (await csv('601318,中国平安,sh\n')).json();
    expect(noHeader.msg).toBe('文件第一行须为表头 code,name,market（可加 spreadRate,shown）');
    const broken = (await csv('code,name,market\n"601318,中国平安,sh\n')).json();
    expect(broken.status).toBe(1);
    expect(broken.msg).toMatch(/^文件不是有效的 CSV/);
    const empty = (await csv('code,name,market\n', admin, 'en-US')).json();
    expect(empty.msg).toBe('The file has no data rows');
  });

  it('sorts by change % through the quotes table and exports the filtered list as CSV', async () => {
    await t.app.ctx.db.execute(sql`INSERT INTO quotes (gid, last, prev_close, change_pct, turnover) VALUES
      ('sh601318', 55.00, 50.00, 10.00, 1000), ('sh688981', 90.00, 100.00, -10.00, 2000), ('sz300059', 20.20, 20.00, 1.00, 3000)`);
    const l = (await call('list.do', { sortField: 'changePct', sortOrder: 'descend', pageSize: 3 })).json();
    expect(l.data.list.map((s: { gid: string }) => s.gid)).toEqual(['sh601318', 'sz300059', 'sh688981']);
    expect(l.data.list[0]).toMatchObject({ last: '55.00', prevClose: '50.00', change: '5.00', changePct: '10.00', stale: false });
    const e = await call('export.do', { market: 'sh' });
    expect(e.headers['content-type']).toMatch(/text\/csv/);
    expect(e.headers['content-disposition']).toMatch(/stocks-\d{8}\.csv/);
    const lines = e.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('代码,名称,市场,板块,拼音首字母,点差费率,显示,锁定,最新价,涨跌幅%');
    expect(lines.slice(1).every((l) => l.split(',')[2] === 'sh')).toBe(true);
    expect(lines.find((l) => l.startsWith('601318'))).toBe('601318,中国平安,sh,main,ZGPA,0.000000,是,否,55.00,10.00');
  });
});

describe('index products and the market strip', () => {
  const idx = (path: string, body: Record<string, unknown>, token = admin) => post(t, `/admin/index/${path}`, body, { token });
  it('adds indices, validates lots and codes, and serves the home ones in getMarket.do', async () => {
    const base = { marginPerLot: '1000', feePerLot: '5', valuePerPoint: '10', minLots: 1, maxLots: 50 };
    const a = (await idx('addIndex.do', { code: '000001', market: 'sh', name: '上证指数', homeShown: true, ...base })).json();
    expect(a.status).toBe(0);
    expect(a.data).toMatchObject({ gid: 'sh000001', homeShown: true, tradable: false, marginPerLot: '1000.0000' });
    const bad = (await idx('addIndex.do', { code: '399001', market: 'sh', name: 'x', ...base })).json();
    expect(bad.msg).toBe('参数错误：code 与所选市场不符');
    const lots = (await idx('addIndex.do', { code: '399001', market: 'sz', name: '深证成指', ...base, minLots: 10, maxLots: 5 })).json();
    expect(lots.msg).toBe('参数错误：maxLots 不能小于最小手数');
    await idx('addIndex.do', { code: '399006', market: 'sz', name: '创业板指', ...base });
    const tr = (await idx('updateTrans.do', { id: a.data.id, tradable: true })).json();
    expect(tr.data.tradable).toBe(true);
    await t.app.ctx.db.execute(
      sql`INSERT INTO quotes (gid, last, prev_close, change_pct, turnover) VALUES ('sh000001', 3350.12, 3300.00, 1.52, 450000000000)`,
    );
    const m = (await post(t, '/api/stock/getMarket.do', {}, { token: admin })).json();
    expect(m.data).toEqual([
      {
        code: '000001',
        name: '上证指数',
        gid: 'sh000001',
        last: '3350.12',
        prevClose: '3300.00',
        change: '50.12',
        changePct: '1.52',
        turnover: '450000000000.00',
        stale: false,
      },
    ]);
    const show = (await idx('updateShow.do', { id: a.data.id, place: 'home', shown: false })).json();
    expect(show.data.homeShown).toBe(false);
    expect((await post(t, '/api/stock/getMarket.do', {}, { token: admin })).json().data).toEqual([]);
  });
});
