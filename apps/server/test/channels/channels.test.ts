import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
});
afterAll(() => t.close());

const bank = {
  type: 'bank',
  name: 'ICBC main',
  displayName: '工商银行',
  payeeName: '张三',
  account: '6222020200112233445',
  bankName: '中国工商银行',
  bankBranch: '上海分行',
  minAmount: '100',
  maxAmount: '50000',
  dailyCap: '200000',
  sort: 2,
};
const gateway = {
  type: 'gateway',
  name: 'FastPay',
  displayName: '快捷支付',
  gatewayUrl: 'https://pay.example.com/api/order',
  merchantCode: 'MCH-7788990011',
  merchantKey: 'sk_live_abcdefghijklmnop1234',
};

const add = (body: Record<string, unknown>, opts: { lang?: string; token?: string } = {}) =>
  post(t, '/admin/channel/add', body, { token: opts.token ?? token, lang: opts.lang });

describe('payment channels', () => {
  it('adds, reads, lists and updates a bank channel', async () => {
    const r = (await add(bank)).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('添加成功');
    expect(r.data).toMatchObject({
      type: 'bank',
      name: 'ICBC main',
      minAmount: '100.00',
      maxAmount: '50000.00',
      dailyCap: '200000.00',
      shown: true,
      enabled: true,
      withdrawable: false,
      sort: 2,
      todayAmount: '0.00',
      layerings: [],
    });
    const id = r.data.id;
    const d = (await get(t, '/admin/channel/detail', { id }, { token })).json();
    expect(d.data.account).toBe('6222020200112233445');

    const up = (
      await post(t, '/admin/channel/update', { ...bank, id, displayName: '工行', maxAmount: '', shown: false }, { token, lang: 'en-US' })
    ).json();
    expect(up.status).toBe(0);
    expect(up.msg).toBe('Updated');
    expect(up.data).toMatchObject({ displayName: '工行', maxAmount: null, shown: false, enabled: true });

    const list = (await get(t, '/admin/channel/list', { pageNum: 1, pageSize: 1000, keyword: 'ICBC' }, { token })).json();
    expect(list.status).toBe(0);
    expect(list.data.list.map((c: { id: number }) => c.id)).toContain(id);
    expect(list.data.pageSize).toBe(1000);
  });

  it('never returns gateway secrets in full, keeps them on an update that echoes the mask, and stores them sealed', async () => {
    const r = (await add(gateway)).json();
    expect(r.status).toBe(0);
    const id = r.data.id;
    const body = JSON.stringify(r);
    expect(body).not.toContain('MCH-7788990011');
    expect(body).not.toContain('sk_live_abcdefghijklmnop1234');
    expect(r.data.merchantCode).toBe('****0011');
    expect(r.data.merchantKey).toBe('****1234');

    for (const res of [
      await get(t, '/admin/channel/detail', { id }, { token }),
      await get(t, '/admin/channel/list', { pageSize: 1000 }, { token }),
    ]) {
      expect(res.body).not.toContain('MCH-7788990011');
      expect(res.body).not.toContain('abcdefghijklmnop');
    }
    const [stored] = rows<{ merchant_code_sealed: string; merchant_key_sealed: string }>(
      await t.app.ctx.db.execute(sql`SELECT merchant_code_sealed, merchant_key_sealed FROM pay_channels WHERE id = ${id}`),
    );
    expect(stored!.merchant_code_sealed).toMatch(/^v1:/);
    expect(stored!.merchant_code_sealed).not.toContain('MCH');
    expect(t.app.ctx.secrets.open(stored!.merchant_key_sealed)).toBe('sk_live_abcdefghijklmnop1234');

    // the edit form sends the masked values back: the secrets stay
    const up = (await post(t, '/admin/channel/update', { ...gateway, id, merchantCode: '****0011', merchantKey: '' }, { token })).json();
    expect(up.status).toBe(0);
    const { channelSecrets } = await import('../../src/modules/channels/service.js');
    expect(await channelSecrets(t.app.ctx, id)).toEqual({ merchantCode: 'MCH-7788990011', merchantKey: 'sk_live_abcdefghijklmnop1234' });
    // a new value replaces
    await post(t, '/admin/channel/update', { ...gateway, id, merchantKey: 'new-key-000000009999' }, { token });
    expect((await channelSecrets(t.app.ctx, id))!.merchantKey).toBe('new-key-000000009999');
    // the operation log never holds them either
    const log = rows<{ summary: unknown }>(await t.app.ctx.db.execute(sql`SELECT summary FROM operation_log WHERE module = 'channels'`));
    expect(JSON.stringify(log)).not.toContain('abcdefghijklmnop');
    expect(JSON.stringify(log)).not.toContain('7788990011');
  });

  it('masks short secrets completely', async () => {
    const r = (await add({ ...gateway, name: 'short', merchantCode: '1234', merchantKey: 'abc' })).json();
    expect(r.data.merchantCode).toBe('********');
    expect(r.data.merchantKey).toBe('********');
  });

  it('toggles the withdrawal flag and lists withdrawal channels', async () => {
    const id = (await add({ ...bank, name: 'payout' })).json().data.id;
    const r = (await post(t, '/admin/channel/updateWithdrawal', { id, withdrawable: 'true' }, { token })).json();
    expect(r.status).toBe(0);
    expect(r.data.withdrawable).toBe(true);
    const w = (await get(t, '/admin/channel/withdrawals', { pageNum: 1, pageSize: 100 }, { token })).json();
    expect(w.data.list.every((c: { withdrawable: boolean; enabled: boolean }) => c.withdrawable && c.enabled)).toBe(true);
    expect(w.data.list.map((c: { id: number }) => c.id)).toContain(id);
    await post(t, '/admin/channel/updateWithdrawal', { id, withdrawable: false }, { token, json: true } as never);
    const w2 = (await get(t, '/admin/channel/withdrawals', {}, { token })).json();
    expect(w2.data.list.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('deletes an unused channel and answers not-found afterwards', async () => {
    const id = (await add({ ...bank, name: 'temp' })).json().data.id;
    const d = (await post(t, '/admin/channel/delete', { id }, { token })).json();
    expect(d).toEqual({ status: 0, msg: '删除成功', data: null });
    expect((await get(t, '/admin/channel/detail', { id }, { token })).json()).toEqual({ status: 1, msg: '渠道不存在', data: null });
    expect((await post(t, '/admin/channel/delete', { id }, { token, lang: 'en-US' })).json().msg).toBe('No such payment channel');
  });

  it.each([
    [{ ...bank, type: 'paypal' }, '参数错误：type 取值不在允许范围内'],
    [{ ...bank, name: '' }, '参数错误：name 不能为空'],
    [{ ...bank, displayName: undefined }, '参数错误：displayName 不能为空'],
    [{ ...bank, minAmount: '-1' }, '参数错误：minAmount 不能为负数'],
    [{ ...bank, maxAmount: '0' }, '参数错误：maxAmount 必须大于 0'],
    [{ ...bank, dailyCap: '1.234' }, '参数错误：dailyCap 金额格式不正确（最多两位小数）'],
    [{ ...bank, minAmount: '500', maxAmount: '100' }, '参数错误：maxAmount 不能小于单笔最低金额'],
    [{ ...bank, sort: 'x' }, '参数错误：sort 类型不正确'],
    [{ ...bank, sort: '-1' }, '参数错误：sort 过小或过短（最小 0）'],
    [{ ...bank, shown: 'maybe' }, '参数错误：shown 类型不正确'],
    [{ ...bank, qrImage: 'javascript:alert(1)' }, '参数错误：qrImage 必须是图片地址（http(s) 或已上传文件的路径）'],
    [{ ...bank, payeeName: '' }, '参数错误：payeeName 不能为空（该渠道类型必填）'],
    [{ ...bank, bankName: '' }, '参数错误：bankName 不能为空（该渠道类型必填）'],
    [{ ...bank, account: '' }, '参数错误：account 不能为空（该渠道类型必填）'],
    [{ type: 'alipay', name: 'a', displayName: 'a' }, '参数错误：account 不能为空（该渠道类型必填）'],
    [{ type: 'usdt', name: 'u', displayName: 'u' }, '参数错误：account 不能为空（该渠道类型必填）'],
    [{ ...gateway, gatewayUrl: 'ftp://x' }, '参数错误：gatewayUrl 必须是 http(s) 地址'],
    [{ ...gateway, gatewayUrl: '' }, '参数错误：gatewayUrl 不能为空（该渠道类型必填）'],
    [{ ...gateway, merchantCode: '' }, '参数错误：merchantCode 不能为空（该渠道类型必填）'],
    [{ ...bank, name: 'x'.repeat(65) }, '参数错误：name 过大或过长（最大 64）'],
  ])('refuses a bad field (%#)', async (body, msg) => {
    const r = (await add(body)).json();
    expect(r).toEqual({ status: 2, msg, data: null });
  });

  it('words validation in English too', async () => {
    const r = (await add({ ...bank, minAmount: '-1' }, { lang: 'en-US' })).json();
    expect(r.msg).toBe('Invalid argument: minAmount must not be negative');
    const r2 = (await add({ ...gateway, merchantCode: '' }, { lang: 'en-US' })).json();
    expect(r2.msg).toBe('Invalid argument: merchantCode is required for this channel type');
  });

  it('accepts alipay with only a QR image, and JSON bodies', async () => {
    const r = (
      await post(
        t,
        '/admin/channel/add',
        { type: 'alipay', name: 'ali', displayName: '支付宝', qrImage: '/uploads/qr/ali.png', minAmount: 50 },
        { token, json: true },
      )
    ).json();
    expect(r.status).toBe(0);
    expect(r.data.minAmount).toBe('50.00');
  });

  it('needs the channallist permission', async () => {
    const support = await signedIn(t, 'support');
    const r = await add(bank, { token: support.token });
    expect(r.statusCode).toBe(403);
    expect(r.json().status).toBe(1);
    expect((await get(t, '/admin/channel/list', {}, {})).json().status).toBe(10);
  });
});
