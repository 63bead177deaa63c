#!/usr/bin/env node
// `npm start`: builds the console and the server only when their sources changed since the last build (a
// fingerprint of every input file's path, size and modification time, kept beside the server's bundle), quietly
// (warnings only), then runs the server in this process. `npm run build` still builds unconditionally.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/console/src',
  'apps/console/build',
  'apps/console/public',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
];
const OUTPUTS = ['apps/server/dist/main.mjs', 'apps/console/dist/index.html'];
const STAMP = path.join(root, 'apps/server/dist/.build-inputs');

function* files(p) {
  if (!existsSync(p)) return;
  const s = statSync(p);
  if (!s.isDirectory()) return yield [p, s];
  for (const name of readdirSync(p).sort()) yield* files(path.join(p, name));
}

function fingerprint() {
  const h = createHash('sha256');
  for (const input of INPUTS)
    for (const [f, s] of files(path.join(root, input))) h.update(`${path.relative(root, f)}\0${s.size}\0${s.mtimeMs}\n`);
  return h.digest('hex');
}

function run(args) {
  const r = spawnSync('npm', args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (r.status !== 0) {
    // the quiet build failed: run it again where its whole output shows
    spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
}

const now = fingerprint();
const built = OUTPUTS.every((o) => existsSync(path.join(root, o))) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === now;
if (!built) {
  console.log('Building the console and the server (sources changed since the last build)…');
  run(['run', 'build', '-w', 'apps/console', '--', '--logLevel', 'warn']);
  run(['run', 'build', '-w', 'apps/server']);
  writeFileSync(STAMP, now);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.mjs')).href);
