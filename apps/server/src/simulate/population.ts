import Decimal from 'decimal.js';
import type { Platform } from './client.js';
import type { Rng } from './rng.js';

/**
 * Simulated end users of the platform user API (issue 37). Each user lives through the life a real one would:
 * registers (under the simulator's invite code when there is one, so that operators can tell them apart), passes
 * the real-name check, binds a card, deposits, buys — sometimes with take-profit or stop-loss — sells, cancels,
 * applies for new shares and pays, asks for block trades with the key, withdraws, reads station messages and
 * signs contracts. Some actions are honest mistakes (more than free cash, odd lots) that must come back as clean
 * refusals. Every draw comes from the seeded generator, so a seed replays the same choices.
 */
export const DEFAULT_GIDS = [
  'sh600036',
  'sh600000',
  'sz000001',
  'sh601318',
  'sh600519',
  'sz000002',
  'sh601398',
  'sz300750',
  'sh600030',
  'sz002594',
];
export const DEMO_BLOCK_KEY = '888888';
// a 1×1 PNG: the ID photos and signatures the simulated users upload
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

export interface SimUser {
  phone: string;
  password: string;
  token?: string;
  id?: number;
  realName?: boolean;
  bank?: boolean;
  /** Deposits asked for: a user's first actions fund the account. */
  deposits: number;
  /** Buys waiting for review, and open positions the user knows of. */
  pendingBuys: number[];
  positions: number[];
}

/** What each kind of action weighs in the mix once a user is set up (deposits dominate until they have money). */
const MIX: [string, number][] = [
  ['buy', 30],
  ['deposit', 14],
  ['sell', 12],
  ['cancel', 5],
  ['withdraw', 6],
  ['messages', 8],
  ['newshares', 6],
  ['blocktrade', 4],
  ['contract', 3],
  ['mistake', 6],
  ['quote', 6],
];

export class Population {
  readonly users: SimUser[] = [];
  private registered = 0;
  private channels?: { id: number; minAmount: string; maxAmount: string | null }[];

  constructor(
    private readonly p: Platform,
    private readonly rng: Rng,
    private readonly o: { size: number; inviteCode?: string; gids: string[]; phonePrefix: string },
  ) {}

  /** Existing accounts (the demo's verified, funded users) join the population ready to trade. */
  adopt(accounts: { phone: string; password: string }[]): void {
    for (const a of accounts) this.users.push({ ...a, realName: true, bank: true, deposits: 2, pendingBuys: [], positions: [] });
  }

  /** One action of one user, chosen by the user's state and the mix. Returns the action's name. */
  async act(): Promise<string> {
    if (this.registered < this.o.size && (this.users.length === 0 || this.rng.chance(0.15))) return this.register();
    const u = this.rng.pick(this.users);
    if (!u.token) return this.login(u);
    if (!u.realName) return this.realName(u);
    if (!u.bank) return this.bindCard(u);
    // a new account is funded first (an operator confirms the deposit), then trades
    const action = u.deposits < 2 && this.rng.chance(0.6) ? 'deposit' : this.rng.weighted(MIX);
    switch (action) {
      case 'buy':
        return this.buy(u);
      case 'deposit':
        return this.deposit(u);
      case 'sell':
        return this.sell(u);
      case 'cancel':
        return this.cancel(u);
      case 'withdraw':
        return this.withdraw(u);
      case 'messages':
        return this.messages(u);
      case 'newshares':
        return this.newshares(u);
      case 'blocktrade':
        return this.blocktrade(u);
      case 'contract':
        return this.contract(u);
      case 'mistake':
        return this.mistake(u);
      default:
        await this.p.call('quote', '/app/stock/quote.do', { gid: this.rng.pick(this.o.gids) }, { user: u.token });
        return 'quote';
    }
  }

  private async register(): Promise<string> {
    const u: SimUser = {
      phone: `${this.o.phonePrefix}${String(this.rng.int(0, 99_999_999)).padStart(8, '0')}`.slice(0, 11),
      password: 'sim-pass-1',
      deposits: 0,
      pendingBuys: [],
      positions: [],
    };
    this.registered++;
    const a = await this.p.call<{ token: string; id: number }>('register', '/app/user/register.do', {
      phone: u.phone,
      password: u.password,
      nickName: `模拟${u.phone.slice(-4)}`,
      ...(this.o.inviteCode ? { inviteCode: this.o.inviteCode } : {}),
    });
    if (a.outcome === 'ok') Object.assign(u, { token: a.data.token, id: a.data.id });
    // a phone already taken (another run of the same seed): sign in instead
    this.users.push(u);
    return 'register';
  }

  private async login(u: SimUser): Promise<string> {
    const a = await this.p.call<{ token: string; id: number }>('login', '/app/user/login.do', { phone: u.phone, password: u.password });
    if (a.outcome === 'ok') Object.assign(u, { token: a.data.token, id: a.data.id });
    return 'login';
  }

  private async realName(u: SimUser): Promise<string> {
    const form = new FormData();
    form.append('realName', this.rng.pick(['张伟', '王芳', '李娜', '刘洋', '陈静', '杨帆', '赵磊', '黄敏']));
    form.append('idNumber', idNumber(this.rng));
    form.append('idFront', new Blob([PNG], { type: 'image/png' }), 'front.png');
    form.append('idBack', new Blob([PNG], { type: 'image/png' }), 'back.png');
    const a = await this.p.call('realName', '/app/user/realName.do', null, { user: u.token, form });
    // submitted (an operator approves it) or already done: either way the user moves on
    if (a.outcome !== 'error' && a.outcome !== 'broken') u.realName = true;
    return 'realName';
  }

  private async bindCard(u: SimUser): Promise<string> {
    const a = await this.p.call(
      'bindCard',
      '/app/user/bank/save.do',
      {
        bankName: this.rng.pick(['招商银行', '工商银行', '建设银行', '平安银行']),
        branch: '深圳分行',
        cardNo: `62258800${String(this.rng.int(0, 99_999_999)).padStart(8, '0')}`,
      },
      { user: u.token },
    );
    if (a.outcome === 'ok' || a.outcome === 'refused') u.bank = true;
    return 'bindCard';
  }

  private async deposit(u: SimUser): Promise<string> {
    if (!this.channels?.length) {
      const ch = await this.p.call<{ id: number; minAmount: string; maxAmount: string | null }[]>(
        'channels',
        '/app/channel/list.do',
        {},
        { user: u.token },
      );
      if (ch.outcome === 'ok' && ch.data.length) this.channels = ch.data;
      if (!this.channels?.length) return 'channels';
    }
    // users pick a channel, and an amount it takes — one in ten asks for more than its limit (a clean refusal)
    const channel = this.rng.pick(this.channels);
    const amounts = ['5000.00', '20000.00', '50000.00', '100000.00', '200000.00'];
    const fits = amounts.filter(
      (a) => new Decimal(a).gte(channel.minAmount) && (channel.maxAmount == null || new Decimal(a).lte(channel.maxAmount)),
    );
    const amount = this.rng.chance(0.9) && fits.length ? this.rng.pick(fits) : this.rng.pick(amounts);
    u.deposits++;
    await this.p.call('deposit', '/app/recharge/create.do', { channelId: channel.id, amount, payerName: '模拟客户' }, { user: u.token });
    return 'deposit';
  }

  private async buy(u: SimUser): Promise<string> {
    const gid = this.rng.pick(this.o.gids);
    const body: Record<string, unknown> = { gid, shares: this.rng.pick([100, 100, 200, 300, 500]), leverage: this.rng.pick([2, 5, 10]) };
    if (this.rng.chance(0.25)) {
      const q = await this.p.call<{ last: string }>('quote', '/app/stock/quote.do', { gid }, { user: u.token });
      if (q.outcome === 'ok' && q.data?.last) {
        const last = Number(q.data.last);
        body.takeProfit = (last * 1.05).toFixed(2);
        body.stopLoss = (last * 0.95).toFixed(2);
      }
    }
    const a = await this.p.call<{ id: number }>('buy', '/app/order/buy.do', body, { user: u.token });
    if (a.outcome === 'ok') u.pendingBuys.push(a.data.id);
    return 'buy';
  }

  private async sell(u: SimUser): Promise<string> {
    const list = await this.p.call<{ list: { id: number; status: string }[] }>(
      'positions',
      '/app/position/list.do',
      { pageNum: 1, pageSize: 20 },
      { user: u.token },
    );
    const open = list.outcome === 'ok' ? list.data.list.filter((p) => p.status === 'open') : [];
    if (!open.length) return 'positions';
    await this.p.call('sell', '/app/position/sell.do', { id: this.rng.pick(open).id }, { user: u.token });
    return 'sell';
  }

  private async cancel(u: SimUser): Promise<string> {
    const id = u.pendingBuys.shift();
    if (id == null) return this.buy(u);
    await this.p.call('cancel', '/app/order/cancel.do', { id }, { user: u.token });
    return 'cancel';
  }

  private async withdraw(u: SimUser): Promise<string> {
    await this.p.call('withdraw', '/app/withdraw/apply.do', { amount: this.rng.pick(['200.00', '500.00', '1000.00']) }, { user: u.token });
    return 'withdraw';
  }

  private async messages(u: SimUser): Promise<string> {
    const a = await this.p.call<{ list: { id: number }[] }>(
      'messages',
      '/app/message/list.do',
      { pageNum: 1, pageSize: 10, unread: true },
      { user: u.token },
    );
    if (a.outcome === 'ok' && a.data.list.length)
      await this.p.call('readMessage', '/app/message/read.do', { ids: a.data.list.map((m) => m.id) }, { user: u.token });
    return 'messages';
  }

  private async newshares(u: SimUser): Promise<string> {
    const records = await this.p.call<{ list: { id: number; status: number }[] }>(
      'newshareRecords',
      '/app/newshares/records.do',
      { pageNum: 1, pageSize: 10 },
      { user: u.token },
    );
    const unpaid = records.outcome === 'ok' ? records.data.list.find((r) => r.status === 3) : undefined;
    if (unpaid) {
      await this.p.call('newsharePay', '/app/newshares/pay.do', { id: unpaid.id }, { user: u.token });
      return 'newsharePay';
    }
    const issues = await this.p.call<{ list: { id: number }[] }>(
      'newshareList',
      '/app/newshares/list.do',
      { pageNum: 1, pageSize: 10, phase: 'subscribing' },
      { user: u.token },
    );
    const list = issues.outcome === 'ok' ? issues.data.list : [];
    if (!list.length) return 'newshareList';
    await this.p.call(
      'newshareApply',
      '/app/newshares/apply.do',
      { issueId: this.rng.pick(list).id, quantity: this.rng.pick([500, 1000]) },
      { user: u.token },
    );
    return 'newshareApply';
  }

  private async blocktrade(u: SimUser): Promise<string> {
    const products = await this.p.call<{ id: number; minShares: number }[]>('blockList', '/app/stockDz/list.do', {}, { user: u.token });
    if (products.outcome !== 'ok' || !products.data.length) return 'blockList';
    const p = this.rng.pick(products.data);
    await this.p.call(
      'blockBuy',
      '/app/stockDz/buy.do',
      { productId: p.id, shares: p.minShares, tradeKey: DEMO_BLOCK_KEY },
      { user: u.token },
    );
    return 'blockBuy';
  }

  private async contract(u: SimUser): Promise<string> {
    const list = await this.p.call<{ list: { id: number; status: string }[] }>(
      'contractList',
      '/app/contract/list.do',
      { pageNum: 1, pageSize: 10 },
      { user: u.token },
    );
    const toSign = list.outcome === 'ok' ? list.data.list.find((c) => c.status === 'pushed' || c.status === 'pending') : undefined;
    if (!toSign) return 'contractList';
    const form = new FormData();
    form.append('id', String(toSign.id));
    form.append('signature', new Blob([PNG], { type: 'image/png' }), 'signature.png');
    await this.p.call('contractSign', '/app/contract/sign.do', null, { user: u.token, form });
    return 'contractSign';
  }

  /** Honest mistakes: each must come back as a clean refusal. */
  private async mistake(u: SimUser): Promise<string> {
    const gid = this.rng.pick(this.o.gids);
    if (this.rng.chance(0.5)) await this.p.call('mistake', '/app/order/buy.do', { gid, shares: 150, leverage: 2 }, { user: u.token });
    else await this.p.call('mistake', '/app/withdraw/apply.do', { amount: '99999999.00' }, { user: u.token });
    return 'mistake';
  }
}

/** A well-formed mainland ID number (the check digit computed as the standard says). */
function idNumber(rng: Rng): string {
  const body = `110101${1970 + rng.int(0, 30)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(0, 999)).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((n, c, i) => n + Number(c) * w[i]!, 0);
  return body + '10X98765432'[sum % 11];
}
