import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { channelAddInput } from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { AppContext, Principal } from '../../app/context.js';
import { addChannel, addTier, addTierChannels, recomputeTiers } from '../channels/index.js';
import { saveBank } from '../users/index.js';
import { adminCreateRecharge, confirmRecharge, rejectRecharge } from './recharge.js';
import { appChannels, cancelUserRecharge, createUserRecharge } from './recharge-app.js';
import { applyWithdrawal, cancelWithdrawal, reviewWithdrawal } from './withdraw.js';

/** 10:00 today in Asia/Shanghai: inside the default withdrawal hours whenever the seed runs. */
function tenOClock(): Date {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return new Date(`${day}T10:00:00+08:00`);
}

/** The admin the demo reviews are made by: the finance demo account, else the first admin. */
async function reviewer(ctx: AppContext): Promise<Principal | null> {
  const [a] = rows<{ id: number; username: string; name: string; role_id: number }>(
    await ctx.db.execute(sql`SELECT id, username, name, role_id FROM admins ORDER BY (username = 'finance') DESC, id LIMIT 1`),
  );
  if (!a) return null;
  return {
    sessionId: 0,
    adminId: a.id,
    username: a.username,
    name: a.name,
    roleId: a.role_id,
    roleName: '',
    roleCode: null,
    agentId: null,
    isSuper: false,
    permissions: new Map(),
    avatar: '',
    lang: null,
    expiresAt: 0,
  } as Principal;
}

/**
 * Demo data of the funds domain, made through the same services as real use (so the ledger
 * verifies): six channels of different types, three tiers with channels attached, and for the
 * real, verified demo users a history of deposits and withdrawals in every status — some left
 * pending so that the header badges and the review queues have work. Runs after the users seeder.
 */
export async function seedFunds(ctx: AppContext): Promise<void> {
  const ch = async (input: z.input<typeof channelAddInput>) => (await addChannel(ctx, channelAddInput.parse(input))).item.id;
  const icbc = await ch({
    type: 'bank',
    name: 'ICBC 对公',
    displayName: '银行转账（工商银行）',
    payeeName: '上海盈丰信息科技有限公司',
    account: '1001234509876543210',
    bankName: '中国工商银行',
    bankBranch: '上海浦东支行',
    minAmount: '100',
    maxAmount: '50000',
    dailyCap: '2000000',
    sort: 1,
    withdrawable: true,
    shown: true,
    enabled: true,
    remark: '主收款账户',
  });
  const cmb = await ch({
    type: 'bank',
    name: 'CMB VIP',
    displayName: '银行转账（招商银行）',
    payeeName: '上海盈丰信息科技有限公司',
    account: '6214830012345678',
    bankName: '招商银行',
    bankBranch: '上海分行营业部',
    minAmount: '1000',
    maxAmount: '200000',
    sort: 2,
    withdrawable: true,
    shown: true,
    enabled: true,
  });
  const alipay = await ch({
    type: 'alipay',
    name: 'Alipay QR',
    displayName: '支付宝',
    payeeName: '盈丰科技',
    account: 'pay@yingfeng.example.com',
    minAmount: '100',
    maxAmount: '20000',
    dailyCap: '500000',
    sort: 3,
    shown: true,
    enabled: true,
  });
  const wechat = await ch({
    type: 'wechat',
    name: 'WeChat QR',
    displayName: '微信支付',
    payeeName: '盈丰科技',
    account: 'yingfeng_pay',
    minAmount: '100',
    maxAmount: '20000',
    sort: 4,
    shown: true,
    enabled: true,
  });
  const usdt = await ch({
    type: 'usdt',
    name: 'USDT TRC20',
    displayName: 'USDT（TRC20）',
    account: 'TQ5ZJkz3bX7u9mVwYp2nR8sLcD4eF6gH1a',
    minAmount: '500',
    sort: 5,
    shown: true,
    enabled: true,
    remark: '按当日汇率折算',
  });
  const gateway = await ch({
    type: 'gateway',
    name: 'FastPay',
    displayName: '快捷支付',
    gatewayUrl: 'https://pay.example.com/gateway/order',
    merchantCode: 'M8800120034',
    merchantKey: randomBytes(16).toString('hex'),
    minAmount: '100',
    maxAmount: '10000',
    sort: 6,
    shown: true,
    enabled: false,
    remark: '对接中，暂未启用',
  });

  const base = await addTier(ctx, { layeringName: '普通会员', isDefault: true });
  const vip = await addTier(ctx, { layeringName: 'VIP', payNums: 2, payMoney: '10000' });
  const svip = await addTier(ctx, { layeringName: 'SVIP', payNums: 5, payMoney: '50000', withdrawalNums: 1 });
  await addTierChannels(ctx, base.id, [icbc, alipay, wechat]);
  await addTierChannels(ctx, vip.id, [icbc, cmb, alipay, usdt]);
  await addTierChannels(ctx, svip.id, [cmb, usdt, gateway]);

  const admin = await reviewer(ctx);
  if (!admin) return;
  // real, verified, unlocked users (the users seeder's)
  const people = rows<{ id: number; real_name: string | null; has_bank: boolean }>(
    await ctx.db.execute(sql`
      SELECT u.id, u.real_name, EXISTS (SELECT 1 FROM user_banks b WHERE b.user_id = u.id) AS has_bank
      FROM users u
      WHERE u.deleted_at IS NULL AND u.account_type = 0 AND u.real_state = 2 AND NOT u.trade_locked AND NOT u.login_locked
      ORDER BY u.id LIMIT 16`),
  );
  const at = tenOClock();
  for (const [i, p] of people.entries()) {
    if (!(await appChannels(ctx, p.id)).length) continue;
    const deposit = async (k: number, amount: string) => {
      // the user's tier (and so their channels) changes as deposits are confirmed
      const channels = await appChannels(ctx, p.id);
      const c = channels[k % channels.length]!;
      const max = c.maxAmount ? Math.min(Number(c.maxAmount), Number(amount)) : Number(amount);
      const value = Math.max(max, Number(c.minAmount)).toFixed(2);
      return createUserRecharge(ctx, p.id, { channelId: c.id, amount: value, payerName: p.real_name ?? undefined });
    };
    // successful history (varied, so that the recompute places some users into VIP / SVIP)
    const successes = 1 + (i % 6);
    for (let k = 0; k < successes; k++) {
      const o = await deposit(k, String(3000 + ((i * 7 + k * 13) % 10) * 1500));
      await confirmRecharge(ctx, admin, o.id, k === 0 ? '已核对到账' : undefined);
    }
    if (i % 4 === 1) {
      const o = await deposit(i, '800');
      await rejectRecharge(ctx, admin, o.id, '未查询到付款记录');
    }
    if (i % 4 === 2) {
      const o = await deposit(i, '1200');
      await cancelUserRecharge(ctx, p.id, o.id);
    }
    if (i % 3 === 0) await deposit(i + 1, String(500 + i * 100)); // pending
    if (i === 0) await adminCreateRecharge(ctx, admin, { userId: p.id, amount: '20000', status: 1, note: '线下转账，已核实回单' });
    if (i === 1) await adminCreateRecharge(ctx, admin, { userId: p.id, amount: '5000', channelId: icbc, status: 0, note: '客服代客下单' });

    // withdrawals need a bank card: demo users without one get a test card
    if (!p.has_bank) {
      await saveBank(ctx, p.id, {
        bankName: '中国建设银行',
        branch: '上海分行',
        cardNo: `62170012${String(100000 + p.id).padStart(8, '0')}`,
        holderName: p.real_name || '演示用户',
      });
    }
    const w = async (amount: string) => applyWithdrawal(ctx, p.id, { amount }, at);
    const mode = i % 4;
    const first = await w('1000');
    if (mode === 0) await reviewWithdrawal(ctx, admin, first.id, { state: 1, channelId: icbc, note: '网银已转账' });
    if (mode === 1) await reviewWithdrawal(ctx, admin, first.id, { state: 2, reason: '收款账户与实名信息不一致' });
    if (mode === 2) await cancelWithdrawal(ctx, p.id, first.id);
    // mode 3: left pending
    if (i % 5 === 0) await reviewWithdrawal(ctx, admin, (await w('500')).id, { state: 1 });
    if (i % 3 === 1) await w('300'); // pending
  }
  await recomputeTiers(ctx);
}
