// `node scripts/test/together.mjs typecheck lint test:unit`: runs those npm scripts at once and fails if any fails.
// Why (issue 64, CI time): the type check and the lint are one thread each and the unit suites less than two, so
// one after another they left a core idle for about a minute of every `npm test`. Each one's output is printed whole
// when it ends (never interleaved), with its time.
import { runBuffered } from '../lib/buffered.mjs';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/test/together.mjs <npm script>…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(async (name) => {
    const r = await runBuffered(npm, ['run', name]);
    process.stdout.write(r.out);
    console.log(`[together] npm run ${name}: ${r.ok ? 'passed' : `FAILED (${r.signal ?? `exit ${r.code}`})`} in ${r.seconds.toFixed(1)} s`);
    return r.ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
