// HTTP load for the benchmarks: a closed loop of `connections` keep-alive connections for `duration`
// seconds. Uses wrk (Debian package `wrk`, written in C, one thread) when it is installed, because on
// a 2-core machine the load generator competes with the server and the database for the same cores
// and autocannon (JavaScript) takes far more of them; falls back to autocannon. BENCH_LOAD=autocannon
// forces the fallback. Returns requests/s, p50/p99 in ms, errors (non-2xx, socket errors, timeouts)
// and which tool measured.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

let wrkPath;
function wrk() {
  if (wrkPath !== undefined) return wrkPath;
  try {
    wrkPath =
      process.env.BENCH_LOAD === 'autocannon' ? null : execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || null;
  } catch {
    wrkPath = null;
  }
  return wrkPath;
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const toMs = (v, unit) => Math.round(Number(v) * UNIT_MS[unit] * 10) / 10;

/** Parses wrk's `--latency` report (latencies in us/ms/s/m → ms). */
export function parseWrk(out) {
  const q = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk output without the ${p}% latency:\n${out}`);
    return toMs(m[1], m[2]);
  };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(Number(rps?.[1] ?? 0)),
    p50: q(50),
    p99: q(99),
    errors: Number(non2xx?.[1] ?? 0) + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

/**
 * @param {{url: string, method?: string, headers?: Record<string,string>, body?: string, connections: number, duration: number}} o
 */
export async function httpLoad(o) {
  const method = o.method ?? 'GET';
  const headers = o.headers ?? {};
  const bin = wrk();
  if (bin) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
    try {
      const script = path.join(dir, 'req.lua');
      const lua = [
        `wrk.method = ${JSON.stringify(method)}`,
        ...(o.body !== undefined ? [`wrk.body = ${JSON.stringify(o.body)}`] : []),
        ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
      ].join('\n');
      writeFileSync(script, lua);
      const out = execFileSync(
        bin,
        ['-t1', `-c${o.connections}`, `-d${o.duration}s`, '--timeout', '10s', '--latency', '-s', script, o.url],
        {
          encoding: 'utf8',
        },
      );
      return { ...parseWrk(out), tool: 'wrk' };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const r = await autocannon({ url: o.url, method, headers, body: o.body, connections: o.connections, duration: o.duration });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    tool: 'autocannon',
  };
}
