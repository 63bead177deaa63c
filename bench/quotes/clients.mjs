// Console-like sockets in one process (so their work does not share the server's event loop): each
// watches `watch` symbols and records, per QUOTES frame, the receive time (epoch ms) under the quotes'
// `at` (the tick it belongs to). Driven over IPC by run.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const WebSocket = createRequire(path.join(here, '../../apps/server/package.json'))('ws');
const received = []; // [at, epochMs, quotes]
const sockets = [];

process.on('message', async (m) => {
  if (m.op === 'open') {
    await Promise.all(
      m.sessions.map(
        (s, i) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`${m.base}/manager/ws/${s.adminId}?token=${s.token}`, { perMessageDeflate: false });
            ws.on('open', () => {
              // a spread of symbols per socket, like pages of different lists
              const gids = Array.from({ length: m.watch }, (_, k) => m.gids[(i * 37 + k * 101) % m.gids.length]);
              ws.send(JSON.stringify({ cmd: 14, data: { gids } }));
              resolve();
            });
            ws.on('error', reject);
            ws.on('message', (buf) => {
              const now = performance.timeOrigin + performance.now();
              const text = buf.toString();
              if (!text.startsWith('{"cmd":15')) return;
              const f = JSON.parse(text);
              received.push([f.data.quotes[0]?.at ?? null, now, f.data.quotes.length]);
            });
            sockets.push(ws);
          }),
      ),
    );
    process.send({ op: 'opened', n: sockets.length });
  } else if (m.op === 'collect') {
    process.send({ op: 'collected', received: received.splice(0) });
  } else if (m.op === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
