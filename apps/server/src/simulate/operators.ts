import WebSocket from 'ws';
import { HEARTBEAT_CMD, NOTICE_CMD } from '../realtime/protocol.js';
import type { Platform } from './client.js';
import type { Rng } from './rng.js';

/**
 * Operator bots (`--operators`): signed in through the admin API, they work the review queues as a team would —
 * approve most, reject some with a reason — so that a long run goes on unattended; with dual control on, each bot decides the
 * requests the others' calls left waiting (the soak runs two bots: admin and super). Each bot is one admin (one sign-in:
 * two bots of one admin would sign each other out). The first holds the console's socket, as an open console does
 * (heartbeats included), and counts the live notices; every buy a simulated user placed must be announced
 * (BUY_GP_REQUEST) or the run counts it as a lost notice, and a socket the server closed during the run is a failure.
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
    // dual control: a payout (or any guarded call) a bot made over the threshold waits for another bot, as a second
    // administrator would decide it; never the maker's own (`mine`)
    name: 'approvals',
    list: ['/admin/approval/list.do', { status: 'pending', mine: true }],
    decide: (id, rng) =>
      rng.chance(0.9)
        ? ['approveRequest', '/admin/approval/decide.do', { id, approve: true, note: '已核对' }]
        : ['rejectRequest', '/admin/approval/decide.do', { id, approve: false, note: '请补充凭证' }],
  },
  {
    name: 'blockTrades',
    list: ['/admin/stockDz/requestList.do', { status: 'pending' }],
    decide: (id) => ['approveBlock', '/admin/stockDz/review.do', { id, approve: true }],
  },
];

/** A console sends a heartbeat this often; the server closes a socket silent for two of its periods (30 s by default). */
const HEARTBEAT_MS = 10_000;

export class Operators {
  private tokens: string[] = [];
  private socket?: WebSocket;
  private heartbeat?: NodeJS.Timeout;
  private stopping = false;
  /** Buys placed (by id) and those announced on the socket. */
  readonly placedBuys = new Set<number>();
  readonly announcedBuys = new Set<number>();
  /** Notices received on the socket, by event type. */
  readonly notices = new Map<string, number>();
  socketErrors = 0;
  /** Why the server closed the socket during the run (empty: it did not). */
  readonly socketClosed: string[] = [];

  constructor(
    private readonly p: Platform,
    private readonly rng: Rng,
    private readonly logins: { username: string; password: string }[],
  ) {}

  async start(): Promise<void> {
    let first: { token: string; id: number } | undefined;
    for (const login of this.logins) {
      const a = await this.p.call<{ token: string; id: number }>('operatorLogin', '/api/adminUser/login.do', login);
      if (a.outcome !== 'ok') throw new Error(`operator sign-in as ${login.username} refused: ${a.msg}`);
      this.tokens.push(a.data.token);
      first ??= a.data;
    }
    const url = `${this.p.bases[0]!.replace(/^http/, 'ws')}/manager/ws/${first!.id}?token=${encodeURIComponent(first!.token)}`;
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.on('message', (raw) => this.onFrame(String(raw)));
      ws.on('error', () => this.socketErrors++);
      ws.on('close', (code, reason) => {
        if (!this.stopping) this.socketClosed.push(`${code} ${String(reason)}`);
      });
      this.socket = ws;
    });
    this.heartbeat = setInterval(() => this.socket?.send(JSON.stringify({ cmd: HEARTBEAT_CMD })), HEARTBEAT_MS);
  }

  private onFrame(text: string): void {
    let f: { cmd?: number; type?: string; data?: { id?: number | string } };
    try {
      f = JSON.parse(text) as typeof f;
    } catch {
      return;
    }
    if (f.cmd !== NOTICE_CMD || !f.type) return;
    this.notices.set(f.type, (this.notices.get(f.type) ?? 0) + 1);
    if (f.type === 'BUY_GP_REQUEST' && f.data?.id != null) this.announcedBuys.add(Number(f.data.id));
  }

  /** How many bots work the queues (each its own loop). */
  get size(): number {
    return this.tokens.length;
  }

  /** One round of bot `bot`: a queue is read and the rows of its first page decided. */
  async round(bot: number): Promise<void> {
    const token = this.tokens[bot]!;
    const q = this.rng.pick(QUEUES);
    const list = await this.p.call<{ list: { id: number }[] }>(
      `queue:${q.name}`,
      q.list[0],
      { pageNum: 1, pageSize: 10, ...q.list[1] },
      { admin: token },
    );
    if (list.outcome !== 'ok') return;
    for (const row of list.data.list) {
      const [action, path, body] = q.decide(row.id, this.rng);
      await this.p.call(action, path, body, { admin: token });
    }
  }

  /** Buys placed but never announced (after `graceMs` for the last ones to arrive). */
  async lost(graceMs = 5000): Promise<number[]> {
    const missing = () => [...this.placedBuys].filter((id) => !this.announcedBuys.has(id));
    for (const until = Date.now() + graceMs; missing().length && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    return missing();
  }

  stop(): void {
    this.stopping = true;
    clearInterval(this.heartbeat);
    this.socket?.close();
  }
}
