// Loaded into the server with `node --import` when BENCH_TRACE=<path prefix> is set (bench/user-list/run.mjs):
// records, for every HTTP request the process serves, when it ended and how long the process held it (from the
// request event to the response's finish: parsing is before, the kernel's queues and the client are outside),
// and every garbage collection's end, pause and kind (a pause stops every request the process holds), and writes
// them at exit to <prefix>.<pid>.json — one file per server process, so a cluster's workers can be compared. The
// server's code is not touched; a primary that serves no request writes nothing.
import fs from 'node:fs';
import http from 'node:http';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const prefix = process.env.BENCH_TRACE;
if (prefix) {
  const requests = []; // flat pairs: end (ms since the epoch), held (ms)
  const gc = []; // flat triples: end (ms since the epoch), pause (ms), kind
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === 'request') {
      const start = performance.now();
      res.once('finish', () => requests.push(Date.now(), performance.now() - start));
    }
    return emit.apply(this, arguments);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.push(performance.timeOrigin + e.startTime + e.duration, e.duration, kinds[e.detail?.kind] ?? 'other');
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    if (requests.length) fs.writeFileSync(`${prefix}.${process.pid}.json`, JSON.stringify({ requests, gc }));
  });
}
