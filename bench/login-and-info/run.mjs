// GET /api/user/info under 50 concurrent connections, on the embedded database and (when reachable)
// on PostgreSQL. Usage: node bench/login-and-info/run.mjs [--duration 10] [--connections 50]
import { parseArgs } from 'node:util';
import { httpLoad } from '../lib/load.mjs';
import { adminLogin, freshSchema, startServer } from '../lib/server.mjs';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function measure(label, env) {
  const server = await startServer({ port: 18090, env: { SEED_DEMO: 'true', ...env } });
  try {
    const token = await adminLogin(server.base, 'admin', 'admin123');
    const url = `${server.base}/api/user/info`;
    await httpLoad({ url, headers: { admintoken: token }, connections: 10, duration: 2 }); // warm-up
    const r = await httpLoad({ url, headers: { admintoken: token }, connections, duration });
    return { label, ...r };
  } finally {
    await server.stop();
  }
}

const rows = [await measure('PGlite (embedded)', {})];
try {
  const schema = await freshSchema(pgUrl, 'bench_info');
  try {
    rows.push(await measure('PostgreSQL 15', { DATABASE_URL: schema.url }));
  } finally {
    await schema.drop();
  }
} catch (e) {
  console.error(`PostgreSQL run skipped: ${e.message}`);
}
console.log(`\nGET /api/user/info, ${connections} connections, ${duration} s\n`);
console.log('| database | load | requests/s | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${r.tool} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
