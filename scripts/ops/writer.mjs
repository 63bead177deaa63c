// What the drills write and check: deposits credited through the API by an operator (money writes, each with its
// order number once acknowledged), and the verifying commands run against a database.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What every drill's server runs with: no demo data, no jobs, no simulated traffic, the exchange's calendar; Redis when given. */
export const drillEnv = (env) => ({
  SEED_DEMO: 'false',
  JOBS_ENABLED: 'false',
  SIMULATE_RATE: '0',
  QUOTE_SESSION: 'exchange',
  ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  ...env,
});

/** One signed-in POST; the envelope's data, or throws with its message. */
export async function call(base, token, url, body = {}, headers = {}) {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { admintoken: token, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: globalThis.AbortSignal.timeout(15_000),
  });
  const b = await r.json();
  if (b.status !== 0) throw Object.assign(new Error(`${url}: ${b.msg}`), { http: r.status, body: b });
  return b.data;
}

/** The Shanghai calendar day `offset` days from today. */
export const shanghaiDay = (offset = 0) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Deposits of ¥100.00 credited at once, by `concurrency` operators in a loop until stopped, each sent with its own
 * idempotency key. `done` holds the acknowledged ones (sent and answered times, order number); a write that failed
 * (the database lost, a 5xx) is counted, never retried: the drill asks which acknowledged writes survived.
 */
export class Writer {
  /** `retry`: a write that failed is sent again with the same key until it is answered (the failover drill's in-doubt calls). */
  constructor(base, token, userIds, { retry = false } = {}) {
    this.retry = retry;
    this.base = base;
    this.token = token;
    this.userIds = userIds;
    this.done = [];
    this.failed = 0;
    this.http5xx = 0;
    this.seq = 0;
    this.running = false;
    this.loops = [];
  }

  setBase(base) {
    this.base = base;
  }

  start(concurrency) {
    this.running = true;
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop());
  }

  async loop() {
    while (this.running) {
      const n = ++this.seq;
      const userId = this.userIds[n % this.userIds.length];
      const sentAt = Date.now();
      let tries = 0;
      for (;;) {
        tries++;
        try {
          const d = await call(
            typeof this.base === 'function' ? this.base(n) : this.base,
            this.token,
            '/admin/recharge/create.do',
            { userId, amount: '100.00', status: 1, note: `drill ${process.pid} ${n}` },
            { 'idempotency-key': `drill-${process.pid}-${n}` },
          );
          this.done.push({ n, sentAt, ackAt: Date.now(), orderNo: d.orderNo, tries });
          break;
        } catch (e) {
          this.failed++;
          if (process.env.DRILL_DEBUG && this.failed % 200 === 1) console.error(`[drill] ${e.http} ${e.message}`);
          if (e.http >= 500 && e.http !== 503) this.http5xx++;
          if (!e.http) this.unanswered = (this.unanswered ?? 0) + 1;
          await new Promise((r) => setTimeout(r, 100));
          // only a call whose outcome is unknown is sent again (no answer, or the database unavailable): a refusal is final
          const inDoubt = !e.http || e.http === 503;
          if (!this.retry || !inDoubt || (!this.running && Date.now() - sentAt > 60_000)) break;
        }
      }
    }
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }
}

/**
 * A console's live socket as the console keeps it (apps/console lib/socket.ts): on any close it reconnects 100 ms later
 * to the instance `pick()` names, with `&since=` the newest server time it saw, and drops a notice whose id it has.
 * `orders` holds the order numbers of the CREATEORDER notices received: the drill's deposits announced.
 */
export class Listener {
  constructor(pick, adminId, token) {
    Object.assign(this, { pick, adminId, token });
    this.orders = new Set();
    this.seen = new Set();
    this.lastAt = null;
    this.reconnects = 0;
    this.repeats = 0;
    this.running = true;
    this.connect();
    this.beat = setInterval(() => this.ws?.readyState === WebSocket.OPEN && this.ws.send(JSON.stringify({ cmd: 13 })), 5000);
  }

  connect() {
    const since = this.lastAt === null ? '' : `&since=${this.lastAt}`;
    const ws = new WebSocket(`${this.pick().replace(/^http/, 'ws')}/manager/ws/${this.adminId}?token=${encodeURIComponent(this.token)}${since}`);
    this.ws = ws;
    ws.on('open', () => ws.send(JSON.stringify({ cmd: 13 })));
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (typeof m.at === 'number') this.lastAt = Math.max(this.lastAt ?? 0, m.at);
      if (m.cmd !== 11) return;
      if (m.id && this.seen.has(m.id)) return void this.repeats++;
      if (m.id) this.seen.add(m.id);
      if (m.type === 'CREATEORDER' && m.data?.orderNo) this.orders.add(m.data.orderNo);
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (!this.running) return;
      this.reconnects++;
      setTimeout(() => this.running && this.connect(), 100);
    });
  }

  stop() {
    this.running = false;
    clearInterval(this.beat);
    this.ws?.terminate();
  }
}

/** ledger:verify and audit:verify on the database at `url` (the server's own commands, as an operator runs them). */
export function verifyBooks(url) {
  const run = (script) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli', script)], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, DATABASE_URL: url, SECRET_KEY: 'bench-secret-key-0123456789', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 600_000,
    });
  const ledger = run('ledger-verify.ts');
  const audit = run('audit-verify.ts');
  return {
    ledgerVerified: ledger.status === 0,
    auditVerified: audit.status === 0,
    ...(ledger.status === 0 ? {} : { ledgerOutput: `${ledger.stdout}${ledger.stderr}`.slice(-800) }),
    ...(audit.status === 0 ? {} : { auditOutput: `${audit.stdout}${audit.stderr}`.slice(-800) }),
  };
}
