// Benchmark clients: many console-like sockets in one process. Each sends the heartbeat every
// 30 s like the console, and records, per notice, the delay since the server raised it
// (data.t = performance.timeOrigin + performance.now() at notify(), in ms; same clock in every process).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../apps/server/package.json'));
const WebSocket = require('ws');

const BUCKET_US = 100; // histogram resolution: 0.1 ms
const MAX_BUCKET = 600_000; // 60 s
const sockets = []; // { ws, group, eligible, count, lastSeq, closed }
const groups = new Map(); // group -> { hist: Uint32Array, n, max }
let outOfOrder = 0;
let unexpected = 0;
let closedUnexpectedly = 0;
let heartbeatTimer = null;
let stopping = false;

function groupOf(name) {
  let g = groups.get(name);
  if (!g) groups.set(name, (g = { hist: new Uint32Array(MAX_BUCKET + 1), n: 0, max: 0 }));
  return g;
}

function percentile(g, p) {
  if (!g.n) return null;
  const rank = Math.ceil((p / 100) * g.n);
  let seen = 0;
  for (let i = 0; i <= MAX_BUCKET; i++) {
    seen += g.hist[i];
    if (seen >= rank) return ((i + 1) * BUCKET_US) / 1000; // upper edge, ms
  }
  return g.max;
}

function openOne(t) {
  return new Promise((resolve) => {
    const ws = new WebSocket(t.url, { perMessageDeflate: false });
    const s = { ws, group: t.group, eligible: t.eligible, count: 0, lastSeq: -Infinity, closed: false };
    const g = groupOf(t.group);
    ws.on('message', (buf) => {
      const text = buf.toString();
      if (text.length < 20) return; // heartbeat reply {"cmd":13}
      const now = performance.timeOrigin + performance.now();
      const f = JSON.parse(text);
      if (f.cmd !== 11) return;
      if (!s.eligible) unexpected++;
      s.count++;
      if (f.data.id <= s.lastSeq) outOfOrder++;
      s.lastSeq = f.data.id;
      const us = Math.max(0, Math.round((now - f.data.t) * 1000));
      g.hist[Math.min(MAX_BUCKET, Math.floor(us / BUCKET_US))]++;
      g.n++;
      if (us / 1000 > g.max) g.max = us / 1000;
    });
    ws.on('close', () => {
      s.closed = true;
      if (!stopping) closedUnexpectedly++;
      resolve(false);
    });
    ws.on('error', () => {});
    ws.on('open', () => {
      ws.send('{"cmd":13}');
      sockets.push(s);
      resolve(true);
    });
  });
}

process.on('message', async (m) => {
  if (m.op === 'connect') {
    const started = Date.now();
    let ok = 0;
    for (let i = 0; i < m.targets.length; i += m.concurrency) {
      const part = m.targets.slice(i, i + m.concurrency);
      const r = await Promise.all(part.map(openOne));
      ok += r.filter(Boolean).length;
    }
    // The console's heartbeat: every 30 s, spread over the period.
    let next = 0;
    heartbeatTimer = setInterval(() => {
      const per = Math.ceil(sockets.length / 300);
      for (let k = 0; k < per && sockets.length; k++) {
        const s = sockets[next++ % sockets.length];
        if (!s.closed) s.ws.send('{"cmd":13}');
      }
    }, 100);
    process.send({ op: 'connected', ok, failed: m.targets.length - ok, ms: Date.now() - started });
  } else if (m.op === 'reset') {
    for (const g of groups.values()) {
      g.hist.fill(0);
      g.n = 0;
      g.max = 0;
    }
    for (const s of sockets) {
      s.count = 0;
      s.lastSeq = -Infinity;
    }
    outOfOrder = 0;
    unexpected = 0;
    process.send({ op: 'reset' });
  } else if (m.op === 'report') {
    let received = 0;
    let complete = 0;
    let eligible = 0;
    for (const s of sockets) {
      received += s.count;
      if (s.eligible) {
        eligible++;
        if (s.count === m.events) complete++;
      }
    }
    const byGroup = {};
    for (const [name, g] of groups) byGroup[name] = { n: g.n, p50: percentile(g, 50), p99: percentile(g, 99), max: g.max };
    process.send({
      op: 'report',
      sockets: sockets.length,
      eligible,
      received,
      complete,
      outOfOrder,
      unexpected,
      closedUnexpectedly,
      byGroup,
    });
  } else if (m.op === 'close') {
    stopping = true;
    clearInterval(heartbeatTimer);
    for (const s of sockets) s.ws.terminate();
    process.send({ op: 'closed' });
    setTimeout(() => process.exit(0), 100);
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ op: 'ready' });
