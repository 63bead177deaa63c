// Starts the real server for a benchmark, built as `npm start` runs it (apps/server/dist, rebuilt once
// per benchmark process), and stops it again. Only loopback addresses are used.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh PostgreSQL schema, returned as a DATABASE_URL whose search_path points at it. */
export async function freshSchema(baseUrl, name) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE; CREATE SCHEMA "${name}"`);
  await c.end();
  const u = new URL(baseUrl);
  u.searchParams.set('options', `-c search_path=${name}`);
  return { url: u.toString(), drop: async () => {
    const d = new pg.Client({ connectionString: baseUrl });
    await d.connect();
    await d.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    await d.end();
  } };
}

let built = false;
/** Builds apps/server/dist once per benchmark process, so the numbers are those of the current code. */
export function buildServer() {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { cwd: root, stdio: 'inherit' });
  built = true;
}

export async function startServer({ port, env = {} }) {
  buildServer();
  const dataDir = env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SECRET_KEY: 'bench-secret-key-0123456789', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode != null ? r() : child.once('exit', r)));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function adminLogin(base, username, password) {
  const r = await fetch(`${base}/api/adminUser/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const b = await r.json();
  if (b.status !== 0) throw new Error(`login failed: ${b.msg}`);
  return b.data.token;
}
