import { HEARTBEAT_MS, RECONNECT_DELAY_MS, SocketCmd, type SocketMessage } from '@stock-admin/contracts';

/**
 * The console's live socket (spec §4 "Socket", §9; DESIGN §4):
 *
 * - connects only when `url()` gives an address (a token and a stored admin id exist);
 * - on open it sends the heartbeat `{cmd: 13}`; the reply (cmd 13) resets the timers and the next
 *   heartbeat goes 30 s later; no reply within 30 s → the socket is closed;
 * - on close of an open socket it reconnects after 100 ms; while not connected (the attempt failed,
 *   hung, or was refused) it retries every 30 s — the link time-out;
 * - it remembers the server's clock from notices and heartbeat replies (`at`): a reconnect asks for what it missed
 *   (`&since=`, any instance answers from its last two minutes) and a notice it already has (same `id`) is dropped;
 * - a frame that is not valid JSON → `onInvalid` (the console shows 消息格式错误！);
 * - no WebSocket in the browser → `onUnsupported` (你的设备不支持webSocket!), and nothing else.
 *
 * Everything time- or browser-dependent is injectable so the logic is unit-tested with fake timers.
 */

/** The subset of the browser WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketCtor = new (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface SocketClientOptions {
  /** The address to connect to, or null when the console is not signed in (then it checks again later). */
  url: () => string | null;
  /** The WebSocket constructor; `undefined` when the browser has none. Defaults to `globalThis.WebSocket`. */
  WebSocket?: SocketCtor | undefined;
  timers?: Timers;
  heartbeatMs?: number;
  reconnectDelayMs?: number;
  /** Retry period while not connected (and the longest a connection attempt may take). */
  linkTimeoutMs?: number;
  onMessage: (msg: SocketMessage) => void;
  onInvalid?: (raw: unknown) => void;
  onUnsupported?: () => void;
  onState?: (s: SocketState) => void;
}

export const LINK_TIMEOUT_MS = 30_000;
/** Server close codes after which an immediate retry with the same token is pointless (bad/ended session). */
export const AUTH_CLOSE_CODES: readonly number[] = [4400, 4401, 4403, 4409];
const OPEN = 1;
const CONNECTING = 0;
/** Notice ids remembered to drop a repeat sent again after a reconnect (the server resends at most two minutes). */
const SEEN_IDS = 2_000;

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class SocketClient {
  private ws: SocketLike | null = null;
  private state: SocketState = 'idle';
  private beatTimer: unknown = null;
  private replyTimer: unknown = null;
  private retryTimer: unknown = null;
  private linkTimer: unknown = null;
  private readonly timers: Timers;
  private readonly Ctor: SocketCtor | undefined;
  private readonly heartbeatMs: number;
  private readonly reconnectDelayMs: number;
  private readonly linkTimeoutMs: number;
  /** The newest server time seen (ms): what a reconnect asks to resume from. */
  private lastAt: number | null = null;
  private readonly seen = new Set<string>();

  constructor(private readonly o: SocketClientOptions) {
    this.timers = o.timers ?? realTimers;
    this.Ctor = 'WebSocket' in o ? o.WebSocket : (globalThis as { WebSocket?: SocketCtor }).WebSocket;
    this.heartbeatMs = o.heartbeatMs ?? HEARTBEAT_MS;
    this.reconnectDelayMs = o.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    this.linkTimeoutMs = o.linkTimeoutMs ?? LINK_TIMEOUT_MS;
  }

  get status(): SocketState {
    return this.state;
  }

  /** Starts connecting (and keeps the link up until `stop()`). */
  start(): void {
    if (!this.Ctor) {
      this.setState('stopped');
      this.o.onUnsupported?.();
      return;
    }
    if (this.state === 'idle' || this.state === 'stopped') this.connect();
  }

  /** Closes the socket for good: no reconnect. */
  stop(): void {
    this.setState('stopped');
    this.clearAll();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      this.detach(ws);
      if (ws.readyState === OPEN || ws.readyState === CONNECTING) ws.close(1000, 'client stopped');
    }
  }

  send(msg: SocketMessage): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  private setState(s: SocketState): void {
    if (this.state === s) return;
    this.state = s;
    this.o.onState?.(s);
  }

  private clear(name: 'beatTimer' | 'replyTimer' | 'retryTimer' | 'linkTimer'): void {
    if (this[name] != null) this.timers.clearTimeout(this[name]);
    this[name] = null;
  }

  private clearAll(): void {
    this.clear('beatTimer');
    this.clear('replyTimer');
    this.clear('retryTimer');
    this.clear('linkTimer');
  }

  private detach(ws: SocketLike): void {
    ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null;
  }

  private connect(): void {
    this.clearAll();
    const base = this.o.url();
    if (!base) return this.retry(this.linkTimeoutMs);
    const url = this.lastAt === null ? base : `${base}${base.includes('?') ? '&' : '?'}since=${this.lastAt}`;
    let ws: SocketLike;
    try {
      ws = new this.Ctor!(url);
    } catch {
      return this.retry(this.linkTimeoutMs);
    }
    this.ws = ws;
    this.setState('connecting');
    // The link time-out: an attempt that neither opens nor fails within it is dropped and retried.
    this.linkTimer = this.timers.setTimeout(() => {
      this.linkTimer = null;
      if (this.ws === ws && this.state === 'connecting') this.abandon(ws, this.linkTimeoutMs);
    }, this.linkTimeoutMs);

    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.clear('linkTimer');
      this.setState('open');
      this.beat();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.receive(ev.data);
    };
    ws.onerror = () => {
      /* a close event follows */
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      const wasOpen = this.state === 'open';
      this.ws = null;
      this.detach(ws);
      this.clearAll();
      if (this.state === 'stopped') return;
      // After an open socket closes: back in 100 ms. A refused session or a failed attempt: the link time-out.
      const again = wasOpen && !AUTH_CLOSE_CODES.includes(ev?.code) ? this.reconnectDelayMs : this.linkTimeoutMs;
      this.retry(again);
    };
  }

  private abandon(ws: SocketLike, retryMs: number): void {
    this.detach(ws);
    this.ws = null;
    try {
      ws.close();
    } catch {
      /* already closing */
    }
    this.clearAll();
    this.retry(retryMs);
  }

  private retry(ms: number): void {
    if (this.state === 'stopped') return;
    this.setState('waiting');
    this.clear('retryTimer');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (this.state !== 'stopped') this.connect();
    }, ms);
  }

  /** Sends the heartbeat and waits up to one interval for the reply; none → close (then reconnect). */
  private beat(): void {
    this.clear('beatTimer');
    if (!this.send({ cmd: SocketCmd.HEARTBEAT })) return;
    this.clear('replyTimer');
    const ws = this.ws;
    this.replyTimer = this.timers.setTimeout(() => {
      this.replyTimer = null;
      if (ws && this.ws === ws) ws.close(4000, 'heartbeat reply missing');
    }, this.heartbeatMs);
  }

  private receive(raw: unknown): void {
    let msg: unknown;
    try {
      msg = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      this.o.onInvalid?.(raw);
      return;
    }
    if (!msg || typeof msg !== 'object' || typeof (msg as SocketMessage).cmd !== 'number') return;
    const m = msg as SocketMessage;
    if (typeof m.at === 'number' && Number.isFinite(m.at)) this.lastAt = Math.max(this.lastAt ?? 0, Math.floor(m.at));
    if (m.cmd === SocketCmd.HEARTBEAT) {
      // The reply resets the timers: the next heartbeat goes one interval later.
      this.clear('replyTimer');
      this.clear('beatTimer');
      this.beatTimer = this.timers.setTimeout(() => {
        this.beatTimer = null;
        this.beat();
      }, this.heartbeatMs);
      return;
    }
    if (typeof m.id === 'string') {
      if (this.seen.has(m.id)) return;
      this.seen.add(m.id);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value!);
    }
    this.o.onMessage(m);
  }
}

export type SocketMode = 'same-origin' | 'spec-ports';

/** True for an IPv4 or IPv6 literal (`location.hostname` keeps IPv6 brackets). */
export function isIpAddress(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  if (/^(\d{1,3})(\.\d{1,3}){3}$/.test(h)) return h.split('.').every((p) => Number(p) <= 255);
  return h.includes(':') && /^[0-9a-fA-F:.]+$/.test(h);
}

/**
 * The socket address `/manager/ws/{adminId}?token=…&lang=…`: on the page's own origin by default; with
 * the `spec-ports` setting, port 8091 when the host is an IP address and 2362 otherwise (spec §7).
 */
export function socketUrl(opts: {
  mode: SocketMode;
  location: Pick<Location, 'protocol' | 'host' | 'hostname'>;
  adminId: number;
  token: string;
  lang?: string;
}): string {
  const scheme = opts.location.protocol === 'https:' ? 'wss' : 'ws';
  let host = opts.location.host;
  if (opts.mode === 'spec-ports') {
    const name = opts.location.hostname;
    const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
    host = `${bracketed}:${isIpAddress(name) ? 8091 : 2362}`;
  }
  const q = new URLSearchParams({ token: opts.token });
  if (opts.lang) q.set('lang', opts.lang);
  return `${scheme}://${host}/manager/ws/${opts.adminId}?${q.toString()}`;
}
