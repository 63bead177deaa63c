import WebSocket from 'ws';
import type { Platform } from './client.js';
import type { Rng } from './rng.js';

/**
 * Operator bots (`--operators`): signed in through the admin API, they work the review queues as a team would —
 * approve most, reject some with a reason — so that a long run goes on unattended. One of them holds the console's
 * socket and counts the live notices; every buy a simulated user placed must be announced (BUY_GP_REQUEST) or the
 * run counts it as a lost notice.
 */
interface Queue {
  name: string;
  list: [path: string, body: Record<string, unknown>];
  decide: (id: number, rng: Rng) => [action: string, path: string, body: Record<string, unknown>];
}

const QUEUES: Queue[] = [
  {
    name: 'buys',
    list: ['/admin/order/buyList.do', { status: 'pending' }],
    decide: (id, rng) =>
      rng.chance(0.85)
        ? ['approveBuy', '/admin/order/review.do', { id, approve: true }]
        : ['rejectBuy', '/admin/order/review.do', { id, approve: false, reason: '风控审核未通过' }],
  },
  {
    name: 'sells',
    list: ['/admin/order/sellList.do', { status: 'pending' }],
    decide: (id) => ['approveSell', '/admin/order/review.do', { id, approve: true }],
  },
  {
    name: 'deposits',
    list: ['/admin/recharge/list.do', { status: 0 }],
    decide: (id, rng) =>
      rng.chance(0.9)
        ? ['confirmDeposit', '/admin/recharge/confirm.do', { id }]
        : ['rejectDeposit', '/admin/recharge/reject.do', { id, reason: '未收到款项' }],
  },
  {
    name: 'withdrawals',
    list: ['/admin/withdraw/list.do', { status: 0 }],
    decide: (id, rng) =>
      rng.chance(0.9)
        ? ['payWithdrawal', '/admin/withdraw/updateState.do', { id, state: 1 }]
        : ['rejectWithdrawal', '/admin/withdraw/updateState.do', { id, state: 2, reason: '银行卡信息有误' }],
  },
  {
    name: 'realNames',
    list: ['/admin/user/list.do', { realState: 1 }],
    decide: (id) => ['approveRealName', '/admin/user/authByAdmin.do', { id, state: 2 }],
  },
  {
    name: 'blockTrades',
    list: ['/admin/stockDz/requestList.do', { status: 'pending' }],
    decide: (id) => ['approveBlock', '/admin/stockDz/review.do', { id, approve: true }],
  },
];

export class Operators {
  private token?: string;
  private socket?: WebSocket;
  /** Buys placed (by id) and those announced on the socket. */
  readonly placedBuys = new Set<number>();
  readonly announcedBuys = new Set<number>();
  readonly notices = new Map<string, number>();
  socketErrors = 0;

  constructor(
    private readonly p: Platform,
    private readonly rng: Rng,
    private readonly login: { username: string; password: string },
  ) {}

  async start(): Promise<void> {
    const a = await this.p.call<{ token: string; id: number }>('operatorLogin', '/api/adminUser/login.do', this.login);
    if (a.outcome !== 'ok') throw new Error(`operator sign-in as ${this.login.username} refused: ${a.msg}`);
    this.token = a.data.token;
    const url = `${this.p.bases[0]!.replace(/^http/, 'ws')}/manager/ws/${a.data.id}?token=${encodeURIComponent(a.data.token)}`;
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.on('message', (raw) => this.onFrame(String(raw)));
      ws.on('error', () => this.socketErrors++);
      this.socket = ws;
    });
  }

  private onFrame(text: string): void {
    let f: { type?: string; data?: { id?: number | string } };
    try {
      f = JSON.parse(text) as typeof f;
    } catch {
      return;
    }
    if (!f.type) return;
    this.notices.set(f.type, (this.notices.get(f.type) ?? 0) + 1);
    if (f.type === 'BUY_GP_REQUEST' && f.data?.id != null) this.announcedBuys.add(Number(f.data.id));
  }

  /** One round: a queue is read and its first rows decided. */
  async round(): Promise<void> {
    const q = this.rng.pick(QUEUES);
    const list = await this.p.call<{ list: { id: number }[] }>(
      `queue:${q.name}`,
      q.list[0],
      { pageNum: 1, pageSize: 10, ...q.list[1] },
      { admin: this.token },
    );
    if (list.outcome !== 'ok') return;
    for (const row of list.data.list.slice(0, 3)) {
      const [action, path, body] = q.decide(row.id, this.rng);
      await this.p.call(action, path, body, { admin: this.token });
    }
  }

  /** Buys placed but never announced (after `graceMs` for the last ones to arrive). */
  async lost(graceMs = 5000): Promise<number[]> {
    const missing = () => [...this.placedBuys].filter((id) => !this.announcedBuys.has(id));
    for (const until = Date.now() + graceMs; missing().length && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    return missing();
  }

  stop(): void {
    this.socket?.close();
  }
}
