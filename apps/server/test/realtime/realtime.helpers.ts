import net from 'node:net';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from '../helpers.js';

export interface Frame {
  cmd: number;
  type?: string;
  msgType?: string;
  data?: Record<string, unknown>;
}

/** A console-like socket client that records what it receives. */
export class Client {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  closeInfo: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.wake();
      });
    });
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      try {
        this.frames.push(JSON.parse(text) as Frame);
      } catch {
        /* recorded in raw */
      }
      this.wake();
    });
    ws.on('error', () => {});
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  notices(type?: string): Frame[] {
    return this.frames.filter((f) => f.cmd === 11 && (!type || f.type === type));
  }

  send(v: unknown) {
    this.ws.send(typeof v === 'string' ? v : JSON.stringify(v));
  }

  /** Waits for a frame matching `pred` (already received or arriving within `ms`). */
  async waitFor(pred: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (let seen = 0; ;) {
      for (; seen < this.frames.length; seen++) if (pred(this.frames[seen]!)) return this.frames[seen]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.closeInfo)
        throw new Error(`no matching frame within ${ms} ms (got ${JSON.stringify(this.frames)}, close ${JSON.stringify(this.closeInfo)})`);
      await new Promise<void>((r) => {
        const tm = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(tm);
          r();
        });
      });
    }
  }

  /**
   * Round trip through the server: frames the server wrote before answering this heartbeat have
   * arrived once it returns (one ordered stream per socket).
   */
  async sync(ms = 5000): Promise<void> {
    if (this.closeInfo || this.ws.readyState !== WebSocket.OPEN) return;
    const before = this.frames.filter((f) => f.cmd === 13).length;
    this.send({ cmd: 13 });
    let n = 0;
    await this.waitFor((f) => f.cmd === 13 && ++n > before, ms);
  }

  async waitClose(ms = 3000): Promise<{ code: number; reason: string }> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`socket not closed within ${ms} ms`)), ms)),
    ]);
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}

/** Opens a socket; resolves once open (the server may still close it right after with a reason). */
export function connect(base: string, adminId: number | string, token?: string, extra = ''): Promise<Client> {
  const q = token !== undefined ? `?token=${encodeURIComponent(token)}${extra}` : extra ? `?${extra.slice(1)}` : '';
  const ws = new WebSocket(`${base}/manager/ws/${adminId}${q}`);
  const c = new Client(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(c));
    ws.once('error', reject);
  });
}

/** Opens a socket and waits until the server answers a heartbeat (so it is registered). */
export async function connectReady(base: string, adminId: number, token: string, extra = ''): Promise<Client> {
  const c = await connect(base, adminId, token, extra);
  c.send({ cmd: 13 });
  await c.waitFor((f) => f.cmd === 13);
  return c;
}

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${addr.port}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1 from `from`..`to` (the range this project's scripts may use). */
export async function freePort(from = 18280, to = 18299): Promise<number> {
  for (let p = from; p <= to; p++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * A TCP relay in front of Redis. `cut()` drops every connection and refuses new ones (to the
 * server it looks like Redis stopped); `restore()` accepts again.
 */
export class TcpRelay {
  private server: net.Server | null = null;
  private socks = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = this.port): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      this.socks.add(client).add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.socks.delete(client);
        this.socks.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const s = this.server;
    this.server = null;
    for (const x of this.socks) x.destroy();
    this.socks.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }
}
