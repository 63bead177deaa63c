import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type { Server } from 'node:http';

/** Messages between the primary and its workers (the connection travels as the message's handle). */
const CONNECTION = 'stock-admin:connection';
const CLOSED = 'stock-admin:closed';
const READY = 'stock-admin:ready';

/**
 * The young generation of each worker's heap, in MB a semi-space (V8's default is 16 MB). A list page
 * makes a few hundred KB of short-lived objects; with the default the workers collected them 13 to 29
 * times a second, 3 to 10 % of their time (bench/user-list, BENCH_TRACE), and four times as large a
 * young generation did so about a quarter as often. It costs memory once the load has grown it: two
 * semi-spaces, up to 128 MB a worker against 32.
 */
const WORKER_SEMI_SPACE_MB = 64;

/** Node's options for the workers: the primary's own, and a larger young generation unless they set one. */
export function workerExecArgv(execArgv: string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => /^--max-semi-space-size(=|$)/.test(a));
  return given ? execArgv : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/** Restarts of crashed workers allowed within RESTART_WINDOW_MS before the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The primary process of WEB_CONCURRENCY > 1: forks that many workers, each a whole server (an
 * instance of the cluster, as behind a load balancer: one PostgreSQL, events through Redis), listens
 * on the port itself and hands each connection to the ready worker with the fewest open ones (in turn
 * among equals). The first worker starts alone, so that migrations, built-in roles and demo data are
 * set up once before the others open their pools; the port opens when it is ready.
 *
 * Why not node:cluster's own hand-out: it gives the next connection to whichever worker acknowledged
 * its last one first, so a burst of connections (a load balancer's or a load test's kept-alive pool)
 * was split unevenly (about 36 and 14 of 50 in the user-list benchmark) and the requests on the fuller
 * worker waited three to four times as long.
 *
 * A worker that dies after it was ready is replaced (a few times a minute at most: a crash loop stops
 * the whole server, as a crash of a single process would); one that dies during start-up (bad
 * database URL, failed migration) stops the server with its exit code. SIGTERM / SIGINT are passed to
 * the workers, which finish their requests and jobs; the primary exits when the last one has.
 */
export function runPrimary(workers: number, listen: { port: number; host: string }): void {
  /** Ready workers and their open connections. */
  const open = new Map<Worker, number>();
  let turn = 0;
  let firstReady = false;
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const pick = (): Worker | undefined => {
    const ready = [...open.keys()];
    let best: Worker | undefined;
    for (let i = 0; i < ready.length; i++) {
      const w = ready[(turn + i) % ready.length]!;
      if (!best || open.get(w)! < open.get(best)!) best = w;
    }
    turn++;
    return best;
  };

  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    const w = pick();
    if (!w) return void socket.destroy();
    open.set(w, open.get(w)! + 1);
    w.send({ cmd: CONNECTION }, socket, (err) => {
      if (!err) return;
      socket.destroy();
      if (open.has(w)) open.set(w, Math.max(0, open.get(w)! - 1));
    });
  });
  server.on('error', (err) => {
    console.error(`cannot listen on ${listen.host}:${listen.port}: ${err.message}`);
    stop(1);
  });

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (server.listening) server.close();
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    // workers force their own exit after 10 s; this is the backstop
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
  };

  cluster.on('message', (w: Worker, m: { cmd?: string } | null) => {
    if (m?.cmd === CLOSED) {
      if (open.has(w)) open.set(w, Math.max(0, open.get(w)! - 1));
    } else if (m?.cmd === READY && !open.has(w)) {
      open.set(w, 0);
      if (!firstReady) {
        firstReady = true;
        server.listen(listen.port, listen.host, () => {
          const { port } = server.address() as net.AddressInfo;
          console.log(`Stock Admin is serving on http://localhost:${port} (${workers} worker processes)`);
        });
        for (let i = 1; i < workers; i++) cluster.fork();
      }
      if (open.size === workers) {
        const pids = [...open.keys()].map((x) => x.process.pid);
        console.log(`Stock Admin: ${workers} worker processes serving (pids ${pids.join(', ')})`);
      }
    }
  });

  cluster.on('exit', (w: Worker, code: number | null, signal: string | null) => {
    const wasReady = open.delete(w);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
      return;
    }
    if (!wasReady) {
      console.error(`worker ${w.process.pid} stopped during start-up (${signal ?? `exit code ${code}`}): stopping the server`);
      stop(code || 1);
      return;
    }
    const now = Date.now();
    while (restarts.length && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      console.error(
        `worker ${w.process.pid} stopped (${signal ?? `exit code ${code}`}), the ${MAX_RESTARTS + 1}th time in a minute: stopping the server`,
      );
      stop(1);
      return;
    }
    restarts.push(now);
    console.error(`worker ${w.process.pid} stopped (${signal ?? `exit code ${code}`}): starting another`);
    cluster.fork();
  });

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  cluster.fork();
}

/**
 * A worker's side of the hand-out: serves the connections the primary sends (paused until the HTTP
 * server has its listeners on them), reports each one's end, and says when it is ready for them.
 */
export function serveFromPrimary(server: Server): void {
  process.on('message', (m: { cmd?: string } | null, handle: unknown) => {
    if (m?.cmd !== CONNECTION || !(handle instanceof net.Socket)) return;
    handle.once('close', () => process.send?.({ cmd: CLOSED }));
    server.emit('connection', handle);
    handle.resume();
  });
  process.send?.({ cmd: READY });
}
