import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { clockIn, withdrawFee, withinWithdrawHours } from '../../src/modules/funds/paysettings.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
});
afterAll(() => t.close());

const good = {
  minRecharge: '100',
  minWithdraw: '50.5',
  withdrawFeePercent: '0.5',
  withdrawFeeFixed: '2',
  withdrawStart: '09:30',
  withdrawEnd: '24:00',
  maxOpenRechargePerHour: '5',
};

describe('pay settings', () => {
  it('has defaults and saves new rules', async () => {
    const d = (await post(t, '/admin/paySetting/get.do', {}, { token })).json();
    expect(d.status).toBe(0);
    expect(d.data).toMatchObject({
      minRecharge: '100.00',
      minWithdraw: '100.00',
      withdrawFeePercent: '0',
      withdrawFeeFixed: '0.00',
      maxOpenRechargePerHour: 3,
      timeZone: 'Asia/Shanghai',
    });
    const r = (await post(t, '/admin/paySetting/update.do', good, { token })).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('保存成功');
    expect(r.data).toMatchObject({
      minRecharge: '100.00',
      minWithdraw: '50.50',
      withdrawFeePercent: '0.5',
      withdrawFeeFixed: '2.00',
      withdrawStart: '09:30',
      withdrawEnd: '24:00',
      maxOpenRechargePerHour: 5,
    });
    expect((await post(t, '/admin/paySetting/get.do', {}, { token })).json().data).toEqual(r.data);
  });

  it.each([
    [{ minRecharge: '' }, '参数错误：minRecharge 不能为空', 'Invalid argument: minRecharge is required'],
    [{ minRecharge: '0' }, '参数错误：minRecharge 必须大于 0', 'Invalid argument: minRecharge must be greater than 0'],
    [{ minWithdraw: '-5' }, '参数错误：minWithdraw 必须大于 0', 'Invalid argument: minWithdraw must be greater than 0'],
    [
      { minWithdraw: 'abc' },
      '参数错误：minWithdraw 金额格式不正确（最多两位小数）',
      'Invalid argument: minWithdraw is not a valid amount (at most two decimals)',
    ],
    [
      { withdrawFeePercent: '101' },
      '参数错误：withdrawFeePercent 必须是 0 到 100 之间的百分比（最多四位小数）',
      'Invalid argument: withdrawFeePercent must be a percentage from 0 to 100 (at most 4 decimals)',
    ],
    [{ withdrawFeePercent: '-1' }, '参数错误：withdrawFeePercent 必须是 0 到 100 之间的百分比（最多四位小数）', null],
    [{ withdrawFeePercent: '0.123456' }, '参数错误：withdrawFeePercent 必须是 0 到 100 之间的百分比（最多四位小数）', null],
    [{ withdrawFeeFixed: '-0.01' }, '参数错误：withdrawFeeFixed 不能为负数', 'Invalid argument: withdrawFeeFixed must not be negative'],
    [{ withdrawStart: '9:00' }, '参数错误：withdrawStart 格式应为 HH:mm', 'Invalid argument: withdrawStart must be a time as HH:mm'],
    [{ withdrawEnd: '24:30' }, '参数错误：withdrawEnd 格式应为 HH:mm', null],
    [
      { withdrawStart: '18:00', withdrawEnd: '09:00' },
      '参数错误：withdrawEnd 必须晚于开始时间',
      'Invalid argument: withdrawEnd must be later than the start time',
    ],
    [{ maxOpenRechargePerHour: '0' }, '参数错误：maxOpenRechargePerHour 过小或过短（最小 1）', null],
    [{ maxOpenRechargePerHour: '101' }, '参数错误：maxOpenRechargePerHour 过大或过长（最大 100）', null],
    [{ maxOpenRechargePerHour: '1.5' }, '参数错误：maxOpenRechargePerHour 类型不正确', null],
  ])('refuses %j', async (patch, zh, en) => {
    const r = (await post(t, '/admin/paySetting/update.do', { ...good, ...patch }, { token })).json();
    expect(r).toEqual({ status: 2, msg: zh, data: null });
    if (en) expect((await post(t, '/admin/paySetting/update.do', { ...good, ...patch }, { token, lang: 'en-US' })).json().msg).toBe(en);
  });

  it('needs the paysetting permission', async () => {
    const support = await signedIn(t, 'support');
    expect((await post(t, '/admin/paySetting/get.do', {}, { token: support.token })).statusCode).toBe(403);
    expect((await post(t, '/admin/paySetting/update.do', good, { token: support.token })).statusCode).toBe(403);
  });

  it('computes the fee as amount × percent + fixed, half up to cents', () => {
    expect(withdrawFee({ withdrawFeePercent: '0.5', withdrawFeeFixed: '2.00' }, '1000')).toBe('7.00');
    expect(withdrawFee({ withdrawFeePercent: '0.3', withdrawFeeFixed: '0' }, '100.05')).toBe('0.30'); // 0.30015
    expect(withdrawFee({ withdrawFeePercent: '1.25', withdrawFeeFixed: '0.5' }, '0.2')).toBe('0.50'); // 0.0025 → 0.00
    expect(withdrawFee({ withdrawFeePercent: '0.5', withdrawFeeFixed: '0' }, '1')).toBe('0.01'); // 0.005 → 0.01
    expect(withdrawFee({ withdrawFeePercent: '0', withdrawFeeFixed: '0' }, '99999999999999.99')).toBe('0.00');
  });

  it('reads the withdrawal window in Asia/Shanghai', () => {
    // 01:30 UTC = 09:30 Shanghai
    const at = new Date('2025-03-03T01:30:00Z');
    expect(clockIn(at)).toBe('09:30');
    expect(withinWithdrawHours({ withdrawStart: '09:30', withdrawEnd: '24:00' }, at)).toBe(true);
    expect(withinWithdrawHours({ withdrawStart: '09:31', withdrawEnd: '24:00' }, at)).toBe(false);
    expect(withinWithdrawHours({ withdrawStart: '00:00', withdrawEnd: '09:30' }, at)).toBe(false);
    expect(withinWithdrawHours({ withdrawStart: '00:00', withdrawEnd: '24:00' }, new Date('2025-03-03T15:59:59Z'))).toBe(true); // 23:59
  });
});
