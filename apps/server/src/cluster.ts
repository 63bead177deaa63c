import cluster, { type Worker } from 'node:cluster';

/** Restarts of crashed workers allowed within RESTART_WINDOW_MS before the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The primary process of WEB_CONCURRENCY > 1: forks that many workers, each a whole server (an
 * instance of the cluster, as behind a load balancer: one PostgreSQL, events through Redis) sharing
 * the port, and hands out connections among them. The first worker starts alone, so that migrations,
 * built-in roles and demo data are set up once before the others open their pools.
 *
 * A worker that dies after it listened is replaced (a few times a minute at most: a crash loop stops
 * the whole server, as a crash of a single process would); one that dies during start-up (bad
 * database URL, failed migration) stops the server with its exit code. SIGTERM / SIGINT are passed to
 * the workers, which finish their requests and jobs; the primary exits when the last one has.
 */
export function runPrimary(workers: number): void {
  /** Workers listening now (pids). */
  const serving = new Set<number>();
  let firstListened = false;
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    // workers force their own exit after 10 s; this is the backstop
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
    if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
  };

  cluster.on('listening', (w: Worker) => {
    // a worker may listen more than once (SOCKET_PORT)
    if (serving.has(w.process.pid!)) return;
    serving.add(w.process.pid!);
    if (!firstListened) {
      firstListened = true;
      for (let i = 1; i < workers; i++) cluster.fork();
    }
    if (serving.size === workers) console.log(`Stock Admin: ${workers} worker processes serving (pids ${[...serving].join(', ')})`);
  });

  cluster.on('exit', (w: Worker, code: number | null, signal: string | null) => {
    const listened = serving.delete(w.process.pid!);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(exitCode);
      return;
    }
    if (!listened) {
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
  cluster.fork();
}
