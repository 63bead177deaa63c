// Loaded into the server with `node --import` when BENCH_TRACE=<path prefix> is set (bench/user-list/run.mjs):
// records, for every HTTP request the process serves, when it ended and how long the process held it (from the
// request event to the response's finish: parsing is before, the kernel's queues and the client are outside),
// and writes them at exit to <prefix>.<pid>.json — one file per server process, so a cluster's workers can be
// compared. The server's code is not touched; a primary that serves no request writes nothing.
import fs from 'node:fs';
import http from 'node:http';

const prefix = process.env.BENCH_TRACE;
if (prefix) {
  const times = []; // flat pairs: end (ms since the epoch), held (ms)
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === 'request') {
      const start = performance.now();
      res.once('finish', () => times.push(Date.now(), performance.now() - start));
    }
    return emit.apply(this, arguments);
  };
  process.on('exit', () => {
    if (times.length) fs.writeFileSync(`${prefix}.${process.pid}.json`, JSON.stringify(times));
  });
}
