// GET /api/user/info under 50 concurrent connections, on the embedded database and (when reachable)
// on PostgreSQL, asked without compression and as a browser asks (`Accept-Encoding: gzip, deflate, br`: the answer
// comes compressed since issue 41). Each figure: median and range of --runs runs.
// Usage: node bench/login-and-info/run.mjs [--duration 10] [--connections 50] [--runs 3]
import http from 'node:http';
import { parseArgs } from 'node:util';
import { httpLoad } from '../lib/load.mjs';
import { adminLogin, freshSchema, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const runs = Number(values.runs);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENCODINGS = [
  ['none', null],
  ['gzip, deflate, br', 'gzip, deflate, br'],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fig = (xs) => `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})`;

/** Bytes on the wire of one answer (the body as sent, compressed or not) and its Content-Encoding. */
function transferred(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (d) => (n += d.length));
        res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
}

async function measure(label, env) {
  const server = await startServer({ port: 18090, env: { SEED_DEMO: 'true', ...env } });
  try {
    const token = await adminLogin(server.base, 'admin', 'admin123');
    const url = `${server.base}/api/user/info`;
    const rows = [];
    for (const [name, accept] of ENCODINGS) {
      const headers = { admintoken: token, ...(accept ? { 'accept-encoding': accept } : {}) };
      await httpLoad({ url, headers, connections: 10, duration: 2 }); // warm-up
      const got = [];
      for (let i = 0; i < runs; i++) got.push(await httpLoad({ url, headers, connections, duration }));
      rows.push({ label, accept: name, size: await transferred(url, headers), got });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const rows = await measure('PGlite (embedded)', {});
try {
  const schema = await freshSchema(pgUrl, 'bench_info');
  try {
    rows.push(...(await measure('PostgreSQL 15', { DATABASE_URL: schema.url })));
  } finally {
    await schema.drop();
  }
} catch (e) {
  console.error(`PostgreSQL run skipped: ${e.message}`);
}
console.log(`\nGET /api/user/info, ${connections} connections, ${duration} s, median (range) of ${runs} runs\n`);
console.log('| database | Accept-Encoding | answer on the wire | load | requests/s | p50 ms | p99 ms | errors |');
console.log('|---|---|--:|---|--:|--:|--:|--:|');
for (const r of rows)
  console.log(
    `| ${r.label} | ${r.accept} | ${r.size.bytes} B (${r.size.encoding}) | ${r.got[0].tool} | ${fig(r.got.map((g) => g.rps))} | ${fig(r.got.map((g) => g.p50))} | ${fig(r.got.map((g) => g.p99))} | ${r.got.reduce((s, g) => s + g.errors, 0)} |`,
  );
