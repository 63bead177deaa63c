// One child process whose output is held until it ends, then handed back whole: the runners that start several at
// once (scripts/test/together.mjs, e2e/run.mjs, bench/smoke.mjs) print each run's output in one piece, never
// interleaved with the others'.
import { spawn } from 'node:child_process';

/**
 * Runs `command args` with stdout and stderr captured together (or passed through with `inherit`); resolves when it
 * ends — never rejects: a command that cannot start ends not ok, its error (ENOENT…) in `out`.
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, ok: boolean, out: Buffer, seconds: number }>}
 */
export function runBuffered(command, args, { cwd, env, timeout, inherit = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const out = [];
    let failure;
    const child = spawn(command, args, {
      cwd,
      env,
      timeout,
      stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('error', (e) => (failure = e));
    child.on('close', (code, signal) => {
      if (failure) out.push(Buffer.from(`${failure.message}\n`));
      resolve({ code, signal, ok: code === 0, out: Buffer.concat(out), seconds: (Date.now() - started) / 1000 });
    });
  });
}
