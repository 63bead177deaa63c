import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { gidOf, indexCodeProblem, isSt, stockBoardOf, stockMarketOf, type StockBoard } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { DEMO_INDICES, DEMO_STOCKS } from '../../src/modules/products/demo-listings.js';
import { DEMO_HIDDEN, DEMO_LOCKED, seedProducts } from '../../src/modules/products/seed.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

const boardOf = (s: (typeof DEMO_STOCKS)[number]): StockBoard => {
  const b = stockBoardOf(s.market, s.code);
  if ('problem' in b) throw new Error(`${s.market}${s.code}: ${b.problem}`);
  return b.board;
};
const PRICE = /^\d+\.\d{2}$/;

describe('demo listings (data)', () => {
  it('are valid codes of their market, unique, named, priced', () => {
    for (const s of DEMO_STOCKS) {
      expect(stockBoardOf(s.market, s.code), `${s.code} ${s.name}`).not.toHaveProperty('problem');
      expect(stockMarketOf(s.code), `${s.code} ${s.name}`).toBe(s.market);
      expect(s.name.trim(), s.code).not.toBe('');
      expect(s.name, s.code).toBe(s.name.trim());
      expect(s.prevClose, s.code).toMatch(PRICE);
      expect(Number(s.prevClose), s.code).toBeGreaterThan(0);
    }
    const gids = DEMO_STOCKS.map((s) => gidOf(s.market, s.code));
    expect(new Set(gids).size).toBe(gids.length);
    expect(new Set(DEMO_STOCKS.map((s) => s.name)).size).toBe(DEMO_STOCKS.length);
  });

  it('cover every board and market with the minimum counts, and some ST names', () => {
    const byBoard = (b: StockBoard) => DEMO_STOCKS.filter((s) => boardOf(s) === b).length;
    expect(DEMO_STOCKS.length).toBeGreaterThanOrEqual(320);
    expect(byBoard('bj')).toBeGreaterThanOrEqual(30);
    expect(byBoard('star')).toBeGreaterThanOrEqual(40);
    expect(byBoard('chinext')).toBeGreaterThanOrEqual(50);
    expect(DEMO_STOCKS.filter((s) => s.market === 'sh' && boardOf(s) === 'main').length).toBeGreaterThanOrEqual(50);
    expect(DEMO_STOCKS.filter((s) => s.market === 'sz' && boardOf(s) === 'main').length).toBeGreaterThanOrEqual(50);
    // every prefix of the main boards, ChiNext and STAR (689 too), and the Beijing 920 codes
    for (const p of ['600', '601', '603', '605', '688', '689', '000', '001', '002', '003', '300', '301', '920']) {
      expect(
        DEMO_STOCKS.some((s) => s.code.startsWith(p)),
        p,
      ).toBe(true);
    }
    const st = DEMO_STOCKS.filter((s) => isSt(s.name));
    expect(st.length).toBeGreaterThanOrEqual(3);
    expect(st.some((s) => s.name.startsWith('*ST'))).toBe(true);
    expect(st.some((s) => s.name.startsWith('ST'))).toBe(true);
  });

  it('name the six home indices with valid index codes and lot settings', () => {
    expect(DEMO_INDICES.map((i) => gidOf(i.market, i.code)).sort()).toEqual(
      ['sh000001', 'sz399001', 'sz399006', 'sh000688', 'bj899050', 'sh000300'].sort(),
    );
    for (const i of DEMO_INDICES) {
      expect(indexCodeProblem(i.market, i.code), i.name).toBeUndefined();
      expect(i.prevClose, i.name).toMatch(PRICE);
      expect(i.maxLots).toBeGreaterThanOrEqual(i.minLots);
      expect(i.description).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(DEMO_INDICES.filter((i) => i.tradable).length).toBeGreaterThanOrEqual(2);
  });
});

describe('products demo seeder', () => {
  let t: TestApp;
  let admin: string;
  let ms = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t, 'admin')).token;
    const started = performance.now();
    await seedProducts(t.app.ctx);
    ms = performance.now() - started;
    console.log(`seedProducts: ${DEMO_STOCKS.length} stocks, ${DEMO_INDICES.length} indices in ${ms.toFixed(0)} ms`);
  });
  afterAll(() => t?.close());
  const q = async <T>(query: ReturnType<typeof sql>) => rows<T>(await t.app.ctx.db.execute(query));

  it('creates every listing with its board, market, ST flag and pinyin initials', async () => {
    const stocks = await q<{ gid: string; board: string; market: string; pinyin: string; st: boolean; name: string }>(
      sql`SELECT gid, board, market, pinyin, st, name FROM stocks`,
    );
    expect(stocks.length).toBe(DEMO_STOCKS.length);
    expect(stocks.length).toBeGreaterThanOrEqual(300);
    expect(new Set(stocks.map((s) => s.board))).toEqual(new Set(['main', 'star', 'chinext', 'bj']));
    expect(new Set(stocks.map((s) => s.market))).toEqual(new Set(['sh', 'sz', 'bj']));
    const byGid = new Map(stocks.map((s) => [s.gid, s]));
    expect(byGid.get('sh600519')).toMatchObject({ name: '贵州茅台', pinyin: 'GZMT', board: 'main', st: false });
    expect(byGid.get('sz000002')).toMatchObject({ name: '万科A', pinyin: 'WKA' });
    expect(byGid.get('sz000100')).toMatchObject({ pinyin: 'TCLKJ' });
    expect(byGid.get('sh600900')).toMatchObject({ name: '长江电力', pinyin: 'CJDL' });
    expect(byGid.get('sh600132')).toMatchObject({ name: '重庆啤酒', pinyin: 'CQPJ' });
    expect(byGid.get('sz300750')).toMatchObject({ board: 'chinext', pinyin: 'NDSD' });
    expect(byGid.get('sh688981')).toMatchObject({ board: 'star', pinyin: 'ZXGJ' });
    expect(byGid.get('bj920185')).toMatchObject({ name: '贝特瑞', board: 'bj', pinyin: 'BTR' });
    expect(byGid.get('sh600777')).toMatchObject({ st: true, pinyin: 'STXC' });
    expect(stocks.every((s) => /^[A-Z0-9]+$/.test(s.pinyin))).toBe(true);
    expect(stocks.filter((s) => s.st).length).toBe(DEMO_STOCKS.filter((s) => isSt(s.name)).length);
  });

  it('gives every stock and index a quote at its previous close', async () => {
    const quotes = await q<{ gid: string; prev_close: string; last: string }>(sql`SELECT gid, prev_close::text, last::text FROM quotes`);
    const byGid = new Map(quotes.map((r) => [r.gid, r]));
    for (const l of [...DEMO_STOCKS, ...DEMO_INDICES]) {
      const quote = byGid.get(gidOf(l.market, l.code));
      expect(Number(quote?.prev_close), `${l.code} ${l.name}`).toBe(Number(l.prevClose));
      expect(Number(quote?.last), l.code).toBe(Number(l.prevClose));
    }
  });

  it('creates the six indices shown in the home strip', async () => {
    const m = (await post(t, '/api/stock/getMarket.do', {}, { token: admin })).json();
    expect(m.status).toBe(0);
    expect(m.data.map((i: { gid: string }) => i.gid).sort()).toEqual(DEMO_INDICES.map((i) => gidOf(i.market, i.code)).sort());
    const sse = m.data.find((i: { gid: string }) => i.gid === 'sh000001');
    expect(sse).toMatchObject({
      name: '上证指数',
      prevClose: DEMO_INDICES.find((i) => i.code === '000001' && i.market === 'sh')!.prevClose,
    });
    const list = (await post(t, '/admin/index/list.do', { pageSize: 50 }, { token: admin })).json();
    expect(list.data.total).toBe(6);
    expect(list.data.list.every((i: { homeShown: boolean; listShown: boolean }) => i.homeShown && i.listShown)).toBe(true);
    expect(list.data.list.filter((i: { tradable: boolean }) => i.tradable).length).toBeGreaterThanOrEqual(2);
  });

  it('serves them in the stock list, with two locked and one hidden', async () => {
    const call = (body: Record<string, unknown>) => post(t, '/admin/stock/list.do', body, { token: admin });
    const all = (await call({ pageSize: 20 })).json();
    expect(all.status).toBe(0);
    expect(all.data.total).toBe(DEMO_STOCKS.length);
    expect(all.data.list[0].prevClose).toMatch(PRICE);
    for (const board of ['main', 'star', 'chinext', 'bj']) expect((await call({ board })).json().data.total, board).toBeGreaterThan(0);
    const bj = (await call({ market: 'bj', pageSize: 100 })).json().data;
    expect(bj.total).toBe(DEMO_STOCKS.filter((s) => s.market === 'bj').length);
    expect((await call({ pinyin: 'gzmt' })).json().data.list.map((s: { gid: string }) => s.gid)).toEqual(['sh600519']);
    const locked = (await call({ locked: true })).json().data.list;
    expect(locked.map((s: { gid: string; lockReason: string }) => [s.gid, s.lockReason]).sort()).toEqual(
      DEMO_LOCKED.map((l) => [l.gid, l.reason]).sort(),
    );
    const hidden = (await call({ shown: false })).json().data.list;
    expect(hidden.map((s: { gid: string }) => s.gid)).toEqual([...DEMO_HIDDEN]);
  });

  it('takes well under the demo start-up budget', () => {
    expect(ms).toBeLessThan(15_000);
  });
});
