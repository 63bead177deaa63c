// The host's floor under "CPU-ms per action" (issue 64): a 20-line Node.js HTTP server that answers every POST with
// the same small envelope, no framework, no database, called at fixed rates and then back to back; its CPU per
// request from /proc/<pid>/stat (and the main thread's run time from /proc/<pid>/schedstat, which does not sample).
//
// The work per request is the same at every rate; what changes is how often the process sleeps and wakes. On these
// VMs (paravirtualised, page-table isolation on) each wake-up costs tens to hundreds of microseconds, so a server
// driven at the capacity ramp's rates spends a share of its CPU per action on waking up that no change to its code
// removes, the same for every build. bench/soak/per-call.mjs measures the code's own cost with that share spread thin.
//
// Usage (repository root): node bench/soak/wakeup-floor.mjs [--rates 50,150,400] [--seconds 5] [--warm 20000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { procStat } from '../lib/stats.mjs';

if (process.argv[2] === '--serve') {
  const body = '{"status":0,"msg":"ok","data":null}';
  http
    .createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(body);
      });
    })
    .listen(0, '127.0.0.1', function () {
      process.stdout.write(`${this.address().port}\n`);
    });
} else {
  const { values } = parseArgs({
    options: {
      rates: { type: 'string', default: '50,150,400' },
      seconds: { type: 'string', default: '5' },
      warm: { type: 'string', default: '20000' },
    },
  });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((r) => child.stdout.once('data', (d) => r(Number(String(d).trim()))));
  const ticks = () => procStat(child.pid).cpuSeconds * 1000;
  const ran = () => Number(fs.readFileSync(`/proc/${child.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const post = () =>
    fetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }).then((r) =>
      r.text(),
    );
  const seconds = Number(values.seconds);
  // the server's code optimised first, as in a server that has run a while
  const warm = Number(values.warm);
  let left = warm;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) await post();
    }),
  );
  const rows = [];
  for (const rate of [...values.rates.split(',').map(Number), 0]) {
    let n = 0;
    const [c0, r0] = [ticks(), ran()];
    const t0 = Date.now();
    if (rate) {
      const inflight = [];
      while (Date.now() - t0 < seconds * 1000) {
        const wait = t0 + (n * 1000) / rate - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inflight.push(post());
        n++;
      }
      await Promise.all(inflight);
    } else {
      let stop = false;
      setTimeout(() => (stop = true), seconds * 1000);
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (!stop) {
            await post();
            n++;
          }
        }),
      );
    }
    rows.push([rate ? `${rate}/s` : 'back to back (16 clients)', n, (ticks() - c0) / n, (ran() - r0) / n]);
  }
  child.kill();
  console.log('| rate | requests | CPU-ms a request (/proc stat) | main thread run ms a request (schedstat) |');
  console.log('|---|--:|--:|--:|');
  for (const [rate, n, stat, sched] of rows) console.log(`| ${rate} | ${n} | ${stat.toFixed(3)} | ${sched.toFixed(3)} |`);
}
