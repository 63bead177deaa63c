import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { riskRules } from '../../src/modules/risk/settings.js';
import { spreadPctOf, type SpreadRule } from '../../src/modules/risk/spread.js';
import { makeAgentRow, oplogRows } from '../admins/admins-helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
let risk: string;
beforeAll(async () => {
  t = await createTestApp();
  risk = (await signedIn(t, 'risk')).token;
});
afterAll(() => t.close());

const call = (path: string, body: Record<string, unknown> = {}, token = risk, lang?: string) =>
  post(t, `/admin/risk/${path}`, body, { token, lang, json: true }).then((r) => ({ http: r.statusCode, ...r.json() }));
const stockBody = (over: Record<string, unknown> = {}) => ({ ...DEFAULT_STOCK_RISK, version: 0, ...over });

describe('stock risk settings', () => {
  it('answers the defaults before any save, then saves with the version read', async () => {
    const g = await call('stock/get.do');
    expect(g).toMatchObject({
      status: 0,
      data: { version: 0, updatedBy: null, settings: { buyFeePct: '0.03', leverages: [1, 2, 3, 5, 10], minShares: 100 } },
    });
    const s = await call(
      'stock/update.do',
      stockBody({ buyFeePct: '0.025', leverages: '10, 5,2,5', maxRisePct: { main: '9.5', star: '19', chinext: '19', bj: '28' } }),
    );
    expect(s).toMatchObject({
      status: 0,
      msg: '风控设置已保存',
      data: { version: 1, settings: { buyFeePct: '0.025', leverages: [2, 5, 10] } },
    });
    expect(s.data.updatedBy).toMatch(/^Test risk_/);
    // the log keeps only what changed, before and after
    const [log] = (await oplogRows(t, '/admin/risk/stock/update.do')).slice(-1);
    expect(log!.summary).toMatchObject({
      before: { buyFeePct: '0.03', leverages: [1, 2, 3, 5, 10], maxRisePct: DEFAULT_STOCK_RISK.maxRisePct },
      after: { buyFeePct: '0.025', leverages: [2, 5, 10] },
    });
    expect(Object.keys((log!.summary as { after: object }).after).sort()).toEqual(['buyFeePct', 'leverages', 'maxRisePct']);
  });

  it('refuses a save over a newer one, naming who saved it', async () => {
    const r = await call('stock/update.do', stockBody({ version: 0, sellFeePct: '0.1' }));
    expect(r.status).toBe(1);
    expect(r.msg).toMatch(/^设置已被 Test risk_\S+ 于 \S+ 修改，请刷新后重新确认$/);
    expect((await call('stock/get.do')).data.settings.sellFeePct).toBe('0.03');
  });

  it.each([
    ['buyFeePct', { buyFeePct: '101' }, '参数错误：buyFeePct 必须是 0 到 100 之间的百分比（最多四位小数）'],
    ['minShares', { minShares: 150 }, '参数错误：minShares 须为 100 股的整数倍'],
    ['maxShares', { minShares: 1000, maxShares: 500 }, '参数错误：maxShares 必须大于起始值'],
    ['leverages', { leverages: '0,5' }, '参数错误：leverages 须为 1–100 的整数，以逗号分隔'],
    ['amEnd', { amStart: '11:30', amEnd: '09:30' }, '参数错误：amEnd 必须晚于开始时间'],
    ['pmStart', { amEnd: '13:30', pmStart: '13:00' }, '参数错误：pmStart 不能早于上午结束时间'],
    ['forceClosePct', { forceClosePct: '0' }, '参数错误：forceClosePct 必须大于 0 且不超过 100'],
  ])('refuses a bad %s with a message naming it, and saves nothing', async (_f, over, msg) => {
    const r = await call('stock/update.do', stockBody({ version: 1, ...over }));
    expect(r).toMatchObject({ status: 2, msg });
    expect((await call('stock/get.do')).data.version).toBe(1);
  });

  it('speaks English to an English console', async () => {
    const r = await call('stock/update.do', stockBody({ version: 1, minShares: 150 }), risk, 'en-US');
    expect(r.msg).toBe('Invalid argument: minShares must be a multiple of 100 shares');
  });

  it('refuses roles without the permission and agent staff whatever their role', async () => {
    const support = (await signedIn(t, 'support')).token;
    expect((await call('stock/update.do', stockBody({ version: 1 }), support)).http).toBe(403);
    const agentId = await makeAgentRow(t);
    const boundAdmin = (await signedIn(t, 'admin', { agentId })).token;
    const r = await call('stock/update.do', stockBody({ version: 1 }), boundAdmin);
    expect(r).toMatchObject({ status: 1, msg: '代理账号不能修改风控设置' });
    expect((await call('spread/add.do', { type: 'code_prefix', prefix: '688', ratePct: '1' }, boundAdmin)).status).toBe(1);
  });
});

describe('product configuration and index risk', () => {
  it('save whole documents with their versions', async () => {
    const p = (await call('product/get.do')).data;
    expect(p.settings).toMatchObject({ stockTrading: true, holidayMode: false, realNameRequired: true });
    const s = await call('product/update.do', { ...p.settings, holidayMode: true, version: p.version });
    expect(s.data).toMatchObject({ version: 1, settings: { holidayMode: true } });
    const i = (await call('index/get.do')).data;
    const bad = await call('index/update.do', { ...i.settings, deferralFeePerLot: '-1', version: 0 });
    expect(bad.status).toBe(2);
    expect(bad.msg).toContain('deferralFeePerLot');
    expect((await call('index/update.do', { ...i.settings, overnight: false, version: 0 })).data.settings.overnight).toBe(false);
  });
});

describe('spread rules', () => {
  it('adds, updates, lists and deletes rules, refusing bad bands', async () => {
    const a = await call('spread/add.do', { type: 'change_pct', start: '5', end: '10', ratePct: '0.2', note: '涨幅较大' });
    expect(a).toMatchObject({
      status: 0,
      msg: '点差规则已添加',
      data: { type: 'change_pct', start: '5', end: '10', ratePct: '0.2', enabled: true, prefix: null },
    });
    const p = await call('spread/add.do', { type: 'code_prefix', prefix: '688', ratePct: '0.3' });
    expect(p.data).toMatchObject({ prefix: '688', start: null, end: null });
    expect((await call('spread/add.do', { type: 'amount', start: '1000', end: '1000', ratePct: '1' })).msg).toBe(
      '参数错误：end 必须大于起始值',
    );
    expect((await call('spread/add.do', { type: 'code_prefix', ratePct: '1' })).msg).toBe('参数错误：prefix 不能为空');
    expect((await call('spread/add.do', { type: 'price', start: '-1', end: '5', ratePct: '1' })).status).toBe(2);
    const u = await call('spread/update.do', { id: a.data.id, type: 'change_pct', start: '5', end: '10', ratePct: '0.25', enabled: false });
    expect(u.data).toMatchObject({ ratePct: '0.25', enabled: false });
    const l = await call('spread/list.do', { pageNum: 1, pageSize: 10 });
    expect(l.data.total).toBe(2);
    // only enabled rules price orders; the cache was dropped by each change
    const rules = await riskRules(t.app.ctx);
    expect(rules.spread.map((r) => r.prefix)).toEqual(['688']);
    expect((await call('spread/delete.do', { id: p.data.id })).msg).toBe('点差规则已删除');
    expect((await call('spread/delete.do', { id: p.data.id })).msg).toBe('点差规则不存在');
    expect((await riskRules(t.app.ctx)).spread).toEqual([]);
  });

  it('applies the highest matching rate, the stock’s own included, on [start, end) bands', () => {
    const r = (type: SpreadRule['type'], start: string | null, end: string | null, prefix: string | null, ratePct: string): SpreadRule => ({
      type,
      start: start == null ? null : new Decimal(start),
      end: end == null ? null : new Decimal(end),
      prefix,
      ratePct: new Decimal(ratePct),
    });
    const rules = [
      r('change_pct', '5', '10', null, '0.2'),
      r('amount', '100000', '1000000', null, '0.15'),
      r('code_prefix', null, null, '688', '0.3'),
      r('price', '0', '3', null, '0.5'),
    ];
    const base = { code: '600000', changePct: '2', amount: '50000', price: '10', stockRate: '0.001' };
    expect(spreadPctOf(rules, base).toString()).toBe('0.1'); // the stock's own 0.1 %
    expect(spreadPctOf(rules, { ...base, changePct: '5' }).toString()).toBe('0.2');
    expect(spreadPctOf(rules, { ...base, changePct: '10' }).toString()).toBe('0.1'); // end excluded
    expect(spreadPctOf(rules, { ...base, code: '688981', changePct: '6' }).toString()).toBe('0.3');
    expect(spreadPctOf(rules, { ...base, price: '2.99', amount: '200000' }).toString()).toBe('0.5');
    expect(spreadPctOf(rules, { ...base, stockRate: '0.008' }).toString()).toBe('0.8');
  });
});

describe('the rules cache', () => {
  it('is dropped on every instance by a save anywhere (cacheDropped on the bus)', async () => {
    const first = await riskRules(t.app.ctx);
    expect(await riskRules(t.app.ctx)).toBe(first);
    t.app.ctx.hooks.emit('cacheDropped', 'risk');
    const second = await riskRules(t.app.ctx);
    expect(second).not.toBe(first);
    // a message from another instance arrives on the bus and lands on the same hook
    (t.app.realtime.bus as unknown as { deliverLocal(m: unknown, remote: boolean): void }).deliverLocal(
      { kind: 'cache', cache: 'risk' },
      true,
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(await riskRules(t.app.ctx)).not.toBe(second);
  });
});
