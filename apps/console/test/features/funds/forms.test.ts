import { describe, expect, it } from 'vitest';
import type { ChannelItem, LayeringItem } from '@stock-admin/contracts';
import {
  addChannelsPayload,
  channelPatchPayload,
  channelToForm,
  compareAmounts,
  formToChannelPayload,
  formToLayeringPayload,
  layeringToForm,
  requiredForType,
  sectionsForType,
} from '../../../src/features/channels/lib/forms';
import { createRechargePayload } from '../../../src/features/funds/components/RechargeModals';
import { formToSettings, isPercent, minutesOf, settingsToForm } from '../../../src/features/funds/lib/paysetting';

const gateway: ChannelItem = {
  id: 6,
  type: 'gateway',
  name: 'FastPay',
  displayName: '快捷支付',
  payeeName: '',
  account: '',
  bankName: '',
  bankBranch: '',
  qrImage: '',
  minAmount: '100.00',
  maxAmount: null,
  dailyCap: null,
  gatewayUrl: 'https://pay.example.com/gw',
  merchantCode: '****0034',
  merchantKey: '****abcd',
  shown: true,
  enabled: false,
  withdrawable: false,
  sort: 6,
  remark: '对接中',
  todayAmount: '0.00',
  layerings: [],
  createdAt: '',
  updatedAt: '',
};

describe('channel form ↔ payload', () => {
  it('starts secrets blank on edit and leaves blank secrets out (the server keeps them)', () => {
    const form = channelToForm(gateway);
    expect(form.merchantCode).toBe('');
    expect(form.merchantKey).toBe('');
    const p = formToChannelPayload(form) as Record<string, unknown>;
    expect(p).not.toHaveProperty('merchantCode');
    expect(p).not.toHaveProperty('merchantKey');
    expect(formToChannelPayload({ ...form, merchantKey: ' new-secret ' })).toMatchObject({ merchantKey: 'new-secret' });
  });

  it('sends emptied fields as "" so that an update clears them, amounts as strings', () => {
    const p = formToChannelPayload({
      type: 'bank',
      name: ' A ',
      displayName: 'B',
      minAmount: '100.50',
      maxAmount: null,
      sort: null,
      bankBranch: undefined,
    });
    expect(p).toMatchObject({ name: 'A', minAmount: '100.50', maxAmount: '', dailyCap: '', sort: '', bankBranch: '', shown: false });
    expect(formToChannelPayload({ minAmount: '12.' }).minAmount).toBe('12');
  });

  it('patches one switch of a listed channel with every other field unchanged', () => {
    const p = channelPatchPayload(gateway, { enabled: true }) as Record<string, unknown>;
    expect(p).toMatchObject({
      id: 6,
      type: 'gateway',
      enabled: true,
      shown: true,
      gatewayUrl: 'https://pay.example.com/gw',
      minAmount: '100.00',
      maxAmount: '',
      sort: '6',
      remark: '对接中',
    });
    expect(p).not.toHaveProperty('merchantCode');
  });

  it('knows what each type requires and shows', () => {
    expect(requiredForType('bank')).toEqual(['payeeName', 'bankName', 'account']);
    expect(requiredForType('usdt')).toEqual(['account']);
    expect(requiredForType('gateway')).toEqual(['gatewayUrl', 'merchantCode']);
    expect(requiredForType('gateway', { hasStoredMerchantCode: true })).toEqual(['gatewayUrl']);
    expect(requiredForType('alipay')).toEqual([]);
    expect(sectionsForType('bank')).toEqual({ bank: true, qr: false, gateway: false });
    expect(sectionsForType('wechat')).toEqual({ bank: false, qr: true, gateway: false });
  });

  it('compares decimal strings without floats', () => {
    expect(compareAmounts('100', '100.00')).toBe(0);
    expect(compareAmounts('99.99', '100')).toBe(-1);
    expect(compareAmounts('1000', '999.99')).toBe(1);
    expect(compareAmounts('0.1', '0.09')).toBe(1);
    expect(compareAmounts('12345678901234567.01', '12345678901234567.1')).toBe(-1);
  });
});

describe('layering form ↔ payload', () => {
  it('sends the name trimmed and empty thresholds as ""', () => {
    expect(formToLayeringPayload({ layeringName: ' VIP ', payNums: 3, payMoney: '1234.5', withdrawalMoney: null })).toEqual({
      layeringName: 'VIP',
      payNums: '3',
      payMoney: '1234.5',
      withdrawalMoney: '',
      withdrawalNums: '',
    });
  });
  it('fills the edit form from a tier', () => {
    const tier = {
      id: 2,
      layeringName: 'VIP',
      payNums: 2,
      payMoney: '10000.00',
      withdrawalMoney: null,
      withdrawalNums: null,
    } as LayeringItem;
    expect(layeringToForm(tier)).toEqual({
      layeringName: 'VIP',
      payNums: 2,
      payMoney: '10000.00',
      withdrawalMoney: null,
      withdrawalNums: null,
    });
  });
  it('joins the channel ids with commas (spec §7)', () => {
    expect(addChannelsPayload(4, [1, 5, 3])).toEqual({ layeringId: 4, channelIds: '1,5,3' });
  });
});

describe('admin-created deposit', () => {
  it('is pending unless successful at once', () => {
    expect(createRechargePayload({ userId: 7, amount: '888.8', immediate: false, note: '  ' })).toEqual({
      userId: 7,
      amount: '888.8',
      channelId: undefined,
      status: 0,
      note: undefined,
    });
    expect(createRechargePayload({ userId: 7, amount: '100', channelId: 2, immediate: true, note: ' 补单 ' })).toMatchObject({
      status: 1,
      note: '补单',
      channelId: 2,
    });
  });
});

describe('pay settings', () => {
  it('checks the percentage as text (0–100, four decimals)', () => {
    for (const ok of ['0', '0.5', '12.3456', '100', '100.0000']) expect(isPercent(ok), ok).toBe(true);
    for (const bad of ['100.0001', '101', '-1', '1.23456', 'abc', '', '1e2']) expect(isPercent(bad), bad).toBe(false);
  });
  it('reads HH:mm as minutes (24:00 closes at midnight)', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
  });
  it('round-trips the form with strings', () => {
    const s = {
      minRecharge: '100.00',
      minWithdraw: '50.00',
      withdrawFeePercent: '0.5',
      withdrawFeeFixed: '2.00',
      withdrawStart: '09:00',
      withdrawEnd: '24:00',
      maxOpenRechargePerHour: 3,
      timeZone: 'Asia/Shanghai',
      updatedAt: '',
    };
    expect(formToSettings(settingsToForm(s))).toEqual({
      minRecharge: '100.00',
      minWithdraw: '50.00',
      withdrawFeePercent: '0.5',
      withdrawFeeFixed: '2.00',
      withdrawStart: '09:00',
      withdrawEnd: '24:00',
      maxOpenRechargePerHour: '3',
    });
  });
});
