// Starts the built server (apps/server/dist/main.mjs, made by `npm run build`) on a loopback port over
// an embedded database with demo data. Used by e2e/run.mjs for the suite's server, and by specs that
// need a server of their own (one they may stop and start again on the same port and data).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.mjs');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server and waits until /readyz answers (database and, with REDIS_URL, Redis reachable). `port` and `dataDir` default to a free port and a new
 * temporary folder; pass the ones of a stopped server to start it again over the same database.
 * `stop()` ends it (SIGTERM, then SIGKILL after 15 s); `stop({ keepData: true })` leaves the data folder.
 * `nodeArgs`: options for node itself (`--cpu-prof`, which NODE_OPTIONS refuses). `ownSession`: the server
 * starts in a new session (setsid), a scheduling group of its own where the kernel has autogroup (benchmarks).
 * `entry`: another build's main.mjs (the upgrade drill runs the previous release's), run from its checkout's root.
 * `node`: another Node.js binary to run it with (a runtime compared side by side: bench/soak/side-by-side.mjs --node).
 */
export async function startServer({
  port,
  dataDir,
  env = {},
  quiet = false,
  nodeArgs = [],
  ownSession = false,
  entry = SERVER_ENTRY,
  node = process.execPath,
} = {}) {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  port ??= await freePort();
  dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'stock-admin-e2e-'));
  const child = spawn(node, [...nodeArgs, entry], {
    cwd: path.resolve(path.dirname(entry), '../../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // the specs count rows and badges: no simulated traffic, and the exchange's calendar unless a spec asks
      SIMULATE_RATE: '0',
      QUOTE_SESSION: 'exchange',
      SECRET_KEY: process.env.SECRET_KEY ?? 'e2e-secret-key-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownSession,
  });
  // a server in a session of its own no longer goes with its parent's terminal: end it with the parent
  if (ownSession) process.once('exit', () => child.exitCode == null && child.kill('SIGKILL'));
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => {
    out += d;
    if (!quiet) process.stderr.write(`[server] ${d}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    port,
    dataDir,
    pid: child.pid,
    async stop({ keepData = false } = {}) {
      if (child.exitCode == null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode == null) child.kill('SIGKILL');
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
