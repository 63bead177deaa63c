// `node scripts/test/together.mjs typecheck lint test:unit`: runs those npm scripts at once and fails if any fails.
// Why (issue 64, CI time): the type check and the lint are one thread each and the unit suites less than two, so
// one after another they left a core idle for about a minute of every `npm test`. Each one's output is printed whole
// when it ends (never interleaved), with its time.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/test/together.mjs <npm script>…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const out = [];
      const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
      child.on('close', (code, signal) => {
        const ok = code === 0;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(Buffer.concat(out));
        console.log(`[together] npm run ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
        resolve(ok);
      });
    }),
);
const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
