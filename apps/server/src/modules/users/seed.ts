import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { admins, users } from '../_kit/parties.js';
import type { AppContext } from '../../app/context.js';
import { hashPassword } from '../../lib/password.js';
import { post, postAgent, type LedgerEntry } from '../fundrecords/index.js';
import { createAdmin } from '../admins/index.js';
import { addAgent } from '../agents/index.js';
import { saveBank } from './banks.js';
import { reviewRealName, submitRealName } from './review.js';
import { systemPrincipal } from '../_kit/system.js';
import { createUser } from './service.js';

/** The agent staff sign-in the demo data creates (bound to the first top agent). */
export const DEMO_AGENT_LOGIN = { username: 'agent', password: 'agent123', role: 'agent' } as const;
/** Every demo end user signs in to the app with this password. */
export const DEMO_USER_PASSWORD = 'user123';

// A 1×1 PNG for the demo ID photos.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

/** A small deterministic random generator, so every fresh demo database looks the same. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '晓东',
  '志强',
];
const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行', '中国邮政储蓄银行', '平安银行'];
const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '南京', '成都', '武汉'];

function idNumber(r: ReturnType<typeof rng>): string {
  const birth = `${r.int(1960, 2000)}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}`;
  const body = `${r.pick(['110105', '310104', '440305', '330106', '320102', '510107'])}${birth}${String(r.int(0, 999)).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = body.split('').reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

/** A plausible trading history for one user that never takes a balance below zero. */
function history(r: ReturnType<typeof rng>, simulated: boolean): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  let enable = new Decimal(0);
  let equity = new Decimal(0);
  const add = (e: LedgerEntry, dEnable: Decimal.Value, dEquity: Decimal.Value) => {
    out.push(e);
    enable = enable.plus(dEnable);
    equity = equity.plus(dEquity);
  };
  if (simulated) {
    add({ type: 'opening_balance', amount: '100000.00', note: '模拟账户开户资金' }, 100000, 100000);
    if (r.chance(0.5)) add({ type: 'virtual_credit', amount: '50000.00', note: '模拟加款' }, 50000, 50000);
  }
  const rounds = simulated ? r.int(1, 3) : r.int(1, 6);
  let order = r.int(10000, 99999);
  for (let i = 0; i < rounds; i++) {
    if (!simulated || i > 0) {
      const amt = new Decimal(r.int(10, 500) * 100);
      add({ type: 'recharge', amount: amt.toFixed(2), reference: `RC${order++}` }, amt, amt);
    }
    // buy, pay the fee, maybe hold overnight, then sell with a profit or a loss
    const margin = enable.mul(r.int(20, 60)).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    if (margin.gt(100)) {
      const pos = `P${order++}`;
      add({ type: 'buy_margin', amount: margin.neg().toFixed(2), reference: pos }, margin.neg(), 0);
      const fee = Decimal.max(5, margin.mul('0.0003')).toDecimalPlaces(2);
      if (enable.gte(fee)) add({ type: 'fee', amount: fee.neg().toFixed(2), reference: pos, note: '买入手续费' }, fee.neg(), fee.neg());
      if (r.chance(0.4)) {
        const d = Decimal.max('0.01', margin.mul('0.0005')).toDecimalPlaces(2);
        if (enable.gte(d)) add({ type: 'deferral_fee', amount: d.neg().toFixed(2), reference: pos }, d.neg(), d.neg());
      }
      // every position of this history is settled: the open ones are the trading domain's demo, with their rows
      // (the draw stays, so that the rest of the demo comes out as before)
      if (i === rounds - 1) r.chance(0.6);
      {
        const pnl = margin.mul(r.int(-15, 25)).div(100).toDecimalPlaces(2);
        const back = margin.plus(pnl);
        add(
          { type: 'sell_settlement', amount: back.toFixed(2), enable: back.toFixed(2), equity: pnl.toFixed(2), reference: pos },
          back,
          pnl,
        );
      }
    }
    // a new-share subscription: freeze, release the unallotted part, pay the rest
    if (!simulated && r.chance(0.25) && enable.gt(2000)) {
      const sub = `S${order++}`;
      const frozen = new Decimal(r.int(10, 20) * 100);
      add({ type: 'subscription_freeze', amount: frozen.neg().toFixed(2), reference: sub }, frozen.neg(), 0);
      const allotted = r.chance(0.3) ? new Decimal(r.int(1, 5) * 100) : new Decimal(0);
      const release = frozen.minus(allotted);
      if (release.gt(0)) add({ type: 'subscription_release', amount: release.toFixed(2), reference: sub }, release, 0);
      if (allotted.gt(0)) add({ type: 'subscription_pay', amount: allotted.neg().toFixed(2), reference: sub }, 0, 0);
    }
  }
  // some withdraw part of their free cash (fee 0.5 %), a few get it back (rejected)
  if (!simulated && r.chance(0.4) && enable.gt(1000)) {
    const amt = enable.mul(r.int(10, 40)).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    const fee = amt.mul('0.005').toDecimalPlaces(2);
    const w = `WD${order}`;
    add({ type: 'withdraw', amount: amt.neg().toFixed(2), reference: w }, amt.neg(), amt.neg());
    add({ type: 'withdraw_fee', amount: fee.neg().toFixed(2), reference: w }, fee.neg(), fee.neg());
    if (r.chance(0.2)) {
      add({ type: 'withdraw_refund', amount: amt.toFixed(2), reference: w, note: '提现驳回退回' }, amt, amt);
      add({ type: 'withdraw_fee_refund', amount: fee.toFixed(2), reference: w }, fee, fee);
    }
  }
  if (!simulated && r.chance(0.1) && enable.gt(100)) add({ type: 'transfer_out', amount: '-100.00', note: '资金互转' }, -100, -100);
  if (!simulated && r.chance(0.1)) add({ type: 'transfer_in', amount: '100.00', note: '资金互转' }, 100, 100);
  if (!simulated && r.chance(0.08)) add({ type: 'manual_credit', amount: '88.00', note: '活动奖励' }, 88, 88);
  if (enable.isNeg() || equity.isNeg()) throw new Error('demo history went negative');
  return out;
}

/**
 * Demo data of the users domain (first start of an empty embedded database): an agent tree, ~200
 * users across it (some waiting for real-name review), bank cards and fund history — all through the
 * same services as the API (createUser, submitRealName, reviewRealName, saveBank, the ledger), so
 * `npm run ledger:verify` passes. Also the agent staff sign-in `agent` / `agent123` (DEMO_AGENT_LOGIN).
 */
export async function seedUsersDemo(ctx: AppContext, opts: { users?: number } = {}): Promise<void> {
  const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  if (n > 0) return;
  const r = rng(20240501);
  const [reviewer] = await ctx.db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(eq(admins.username, 'admin'))
    .limit(1);
  const system = systemPrincipal(reviewer ? { id: reviewer.id, username: reviewer.username } : undefined);

  // Agents: three top agents, sub-agents below them, one third level.
  const agentHash = await hashPassword('agent123');
  const mk = (name: string, realName: string, phone: string, parentId: number | undefined, rates: [string, string, string]) =>
    addAgent(
      ctx,
      system,
      { name, realName, phone, password: 'x', parentId, feeRate: rates[0], deferralRate: rates[1], profitRate: rates[2], remark: '' },
      { passwordHash: agentHash },
    );
  const east = await mk('华东总代理', '陈建国', '13900000001', undefined, ['0.500000', '0.400000', '0.300000']);
  const south = await mk('华南总代理', '林志强', '13900000002', undefined, ['0.450000', '0.400000', '0.250000']);
  const north = await mk('华北总代理', '赵德明', '13900000003', undefined, ['0.400000', '0.350000', '0.200000']);
  const sh = await mk('上海一级代理', '王海', '13900000011', east.id, ['0.400000', '0.300000', '0.200000']);
  const hz = await mk('杭州一级代理', '周丽', '13900000012', east.id, ['0.350000', '0.300000', '0.200000']);
  const pd = await mk('浦东二级代理', '孙强', '13900000021', sh.id, ['0.300000', '0.200000', '0.100000']);
  const sz = await mk('深圳一级代理', '黄伟', '13900000013', south.id, ['0.400000', '0.300000', '0.200000']);
  const gz = await mk('广州一级代理', '吴芳', '13900000014', south.id, ['0.300000', '0.300000', '0.150000']);
  const bj = await mk('北京一级代理', '刘洋', '13900000015', north.id, ['0.300000', '0.250000', '0.150000']);
  const agentIds = [east.id, south.id, north.id, sh.id, hz.id, pd.id, sz.id, gz.id, bj.id];
  for (const a of [east, south, north, sh, sz]) {
    await postAgent(ctx.db, a.id, [
      { type: 'agent_commission', amount: `${r.int(500, 9000)}.${String(r.int(0, 99)).padStart(2, '0')}`, note: '月度佣金结算' },
    ]);
  }
  await createAdmin(ctx.db, {
    username: DEMO_AGENT_LOGIN.username,
    name: '华东总代理（演示）',
    password: DEMO_AGENT_LOGIN.password,
    roleCode: 'agent',
    agentId: east.id,
  });

  // Users
  const userHash = await hashPassword(DEMO_USER_PASSWORD);
  const total = opts.users ?? 200;
  const now = Date.now();
  const backdate: { id: number; at: Date }[] = [];
  for (let i = 0; i < total; i++) {
    const simulated = r.chance(0.1);
    const agentId = r.chance(0.1) ? null : r.pick(agentIds);
    const realName = r.pick(SURNAMES) + r.pick(GIVEN);
    const regAt = new Date(now - r.int(1, 180) * 86400_000 - r.int(0, 86399) * 1000);
    const id = await createUser(ctx.db, {
      phone: `13${r.pick(['5', '6', '7', '8'])}${String(10_000_000 + i * 37_171).slice(-8)}`,
      passwordHash: userHash,
      accountType: simulated ? 1 : 0,
      agentId,
      nickName: r.chance(0.5) ? `股友${String(i + 1).padStart(3, '0')}` : '',
      regIp: `${r.int(36, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      remark: simulated ? '演示模拟账户' : '',
    });
    await ctx.db.update(users).set({ regTime: regAt }).where(eq(users.id, id));

    // real-name: ~55 % approved, ~15 % pending, ~10 % rejected, the rest none
    const roll = r.next();
    const state = roll < 0.55 ? 2 : roll < 0.7 ? 1 : roll < 0.8 ? 3 : 0;
    if (state > 0) {
      const file = { filename: 'id.png', mimetype: 'image/png', data: PNG };
      await submitRealName(ctx, id, { realName, idNumber: idNumber(r), idFront: file, idBack: file });
      if (state !== 1)
        await reviewRealName(ctx, system, {
          id,
          state: state as 2 | 3,
          reason: state === 3 ? r.pick(['证件照片模糊', '姓名与证件不符', '证件已过期']) : undefined,
        });
    }
    if (state === 2 && !simulated) {
      const card = `6222${String(r.int(0, 99_999_999)).padStart(8, '0')}${String(r.int(0, 9999)).padStart(4, '0')}`;
      await saveBank(ctx, id, { bankName: r.pick(BANKS), branch: `${r.pick(CITIES)}分行`, cardNo: card, holderName: realName });
    }
    // money: verified and simulated users trade; a few unverified ones recharged
    if (state === 2 || simulated || (state === 0 && r.chance(0.2))) {
      const recs = await post(ctx.db, id, history(r, simulated));
      const span = now - regAt.getTime();
      recs.forEach((rec, k) =>
        backdate.push({ id: rec.id, at: new Date(regAt.getTime() + Math.floor((span * (k + 1)) / (recs.length + 1))) }),
      );
    }
    if (r.chance(0.04)) await ctx.db.update(users).set({ tradeLocked: true }).where(eq(users.id, id));
    if (r.chance(0.02)) await ctx.db.update(users).set({ loginLocked: true }).where(eq(users.id, id));
  }
  // Spread the fund records over each user's life (order by id is kept: times only grow per user).
  for (let i = 0; i < backdate.length; i += 500) {
    const chunk = backdate.slice(i, i + 500);
    const values = sql.join(
      chunk.map((b) => sql`(${b.id}::bigint, ${b.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await ctx.db.execute(sql`UPDATE fund_records f SET created_at = v.at FROM (VALUES ${values}) AS v(id, at) WHERE f.id = v.id`);
  }
}
