// End-to-end runner (`npm run test:e2e` = build the console, then this file).
// 1. makes sure Debian Chromium and CJK fonts are installed (apt-get when /usr/bin/chromium is missing);
// 2. starts the real server on a free loopback port with a fresh embedded database (demo data seeded);
// 3. runs every e2e/specs/*.spec.ts with node's test runner, one file at a time, BASE_URL in the env;
// 4. stops the server and exits non-zero on any failure.
// Options: `node e2e/run.mjs [spec-name-filter…]` runs only spec files whose name contains a filter.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  console.log('[e2e] installing chromium and fonts-noto-cjk (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
}

function freePort() {
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

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-admin-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SECRET_KEY: process.env.SECRET_KEY ?? 'e2e-secret-key-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => {
    out += d;
    process.stderr.write(`[server] ${d}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      if (child.exitCode == null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode == null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const dist = process.env.CONSOLE_DIST ?? path.join(root, 'apps/console/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`[e2e] ${dist} has no built console: run \`npm run build\` first (npm run test:e2e does).`);
    process.exit(2);
  }
  ensureChromium();
  const filters = process.argv.slice(2);
  const specs = fs
    .readdirSync(path.join(root, 'e2e/specs'))
    .filter((f) => f.endsWith('.spec.ts') && (!filters.length || filters.some((x) => f.includes(x))))
    .sort()
    .map((f) => path.join('e2e/specs', f));
  if (!specs.length) {
    console.error('[e2e] no spec files matched');
    process.exit(2);
  }
  fs.mkdirSync(path.join(root, 'e2e/screenshots'), { recursive: true });
  const server = await startServer();
  console.log(`[e2e] server on ${server.base}; specs: ${specs.join(', ')}`);
  let code;
  try {
    code = await new Promise((resolve) => {
      const t = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs], {
        cwd: root,
        env: { ...process.env, BASE_URL: server.base, CHROMIUM_PATH: CHROMIUM },
        stdio: 'inherit',
      });
      t.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)));
    });
  } finally {
    await server.stop();
  }
  process.exit(code);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
