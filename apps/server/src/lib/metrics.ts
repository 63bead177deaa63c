import client from 'prom-client';

/**
 * What the running service tells Prometheus (issue 38): one registry per process — prom-client's global one, which the
 * primary of WEB_CONCURRENCY > 1 aggregates from its workers (http/metrics.ts). Code anywhere records here; nothing
 * here imports the rest of the server. Names follow Prometheus' conventions (base units: seconds, bytes; `_total` for
 * counters).
 *
 * Gauges of things several live objects own (pools, socket hubs: a test process builds many applications) are summed
 * over the sources registered with `gaugeSource`, read when scraped.
 */
export const registry = client.register;

let defaultsOn = false;
/** Node's own figures (RSS, heap, GC, event-loop delay percentiles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 5 });
}

type Source = () => number | Record<string, number>;
const sources = new Map<string, Set<Source>>();

/** Adds a reader to the gauge `name`; returns the function that removes it (an application closing). */
export function gaugeSource(name: GaugeName, read: Source): () => void {
  const set = sources.get(name) ?? new Set();
  sources.set(name, set);
  set.add(read);
  return () => set.delete(read);
}

/** Sums the sources of a gauge, per label value when they return a record. */
function summed(name: GaugeName, label?: string) {
  return function (this: client.Gauge) {
    this.reset();
    for (const read of sources.get(name) ?? []) {
      const v = read();
      if (typeof v === 'number') this.inc(v);
      else if (label) for (const [k, n] of Object.entries(v)) this.inc({ [label]: k }, n);
    }
  };
}

type GaugeName = 'db_pool_connections' | 'db_pool_waiting' | 'socket_connections' | 'db_replica_lag_seconds' | 'db_replica_up';

const FAST = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5];

export const metrics = {
  httpDuration: new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route (its pattern, not the path asked for), method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: FAST,
  }),
  httpInFlight: new client.Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being answered.' }),
  dbPool: new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total open, idle).',
    labelNames: ['state'] as const,
    collect: summed('db_pool_connections', 'state'),
  }),
  dbPoolWaiting: new client.Gauge({
    name: 'db_pool_waiting',
    help: 'Callers waiting for a PostgreSQL pool connection.',
    collect: summed('db_pool_waiting'),
  }),
  dbReplicaLag: new client.Gauge({
    name: 'db_replica_lag_seconds',
    help: "The read standby's replay behind the primary (DATABASE_READ_URL), as last measured; -1 while it does not answer.",
    collect: summed('db_replica_lag_seconds'),
  }),
  dbReplicaUp: new client.Gauge({
    name: 'db_replica_up',
    help: 'Whether list pages, exports and reports read from the standby now (1), or from the primary (0).',
    collect: summed('db_replica_up'),
  }),
  dbReplicaReads: new client.Counter({
    name: 'db_replica_reads_total',
    help: "Read endpoints' statements by where they ran: the standby, or the primary after the standby refused or failed them.",
    labelNames: ['to'] as const,
  }),
  dbQueryErrors: new client.Counter({
    name: 'db_query_errors_total',
    help: 'Failed database statements by SQLSTATE class (two characters: 23 integrity, 40 rollback, 57 operator…), or "connection".',
    labelNames: ['class'] as const,
  }),
  dbRetries: new client.Counter({
    name: 'db_transaction_retries_total',
    help: 'Transactions run again after a deadlock or serialization failure (db/transactions.ts), by outcome.',
    labelNames: ['outcome'] as const,
  }),
  sockets: new client.Gauge({
    name: 'socket_connections',
    help: 'Open console sockets (/manager/ws).',
    collect: summed('socket_connections'),
  }),
  noticesSent: new client.Counter({
    name: 'socket_notices_sent_total',
    help: 'Live notices written to console sockets, by event type (one per socket).',
    labelNames: ['event'] as const,
  }),
  noticesReplayed: new client.Counter({
    name: 'socket_notices_replayed_total',
    help: 'Live notices sent again to a console that reconnected with ?since= (realtime/replay.ts).',
  }),
  fanoutDelay: new client.Histogram({
    name: 'socket_event_fanout_delay_seconds',
    help: 'From an event raised (on any instance) to its notices written to the sockets of this instance.',
    buckets: FAST,
  }),
  jobRuns: new client.Counter({
    name: 'job_runs_total',
    help: 'Scheduled task runs by task and result (ok, error).',
    labelNames: ['job', 'result'] as const,
  }),
  jobDuration: new client.Histogram({
    name: 'job_run_duration_seconds',
    help: 'Scheduled task run time, by task.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  }),
  quoteTick: new client.Histogram({
    name: 'quote_tick_duration_seconds',
    help: 'Wall time of one quote tick of the leader (feed, publish, save).',
    buckets: FAST,
  }),
  dbStatements: new client.Counter({
    name: 'db_statements_total',
    help: 'Statements sent to PostgreSQL (BEGIN and COMMIT included).',
  }),
  dbRoundTrips: new client.Counter({
    name: 'db_round_trips_total',
    help: 'Writes to PostgreSQL that wait for an answer: a statement, or a BEGIN written with the statement after it.',
  }),
  quoteTickCpu: new client.Counter({ name: 'quote_tick_cpu_seconds_total', help: 'CPU time spent in quote ticks.' }),
  ledgerPostings: new client.Counter({
    name: 'ledger_postings_total',
    help: 'Fund records committed by the ledger, by owner (user, agent).',
    labelNames: ['owner'] as const,
  }),
  signInFailures: new client.Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins by audience (admin, user) and reason (bad_password, bad_code, locked, throttled).',
    labelNames: ['audience', 'reason'] as const,
  }),
};

/** The sign-in log's results that are refusals (the others: ok, registered, need_code, unlock, lock_ip…). */
const REFUSED_SIGN_INS = new Set(['bad_password', 'bad_code', 'locked', 'throttled']);

/** Counts a sign-in attempt as the login log records it, when it was refused. */
export function countSignIn(audience: 'admin' | 'user', result: string): void {
  if (REFUSED_SIGN_INS.has(result)) metrics.signInFailures.inc({ audience, reason: result });
}
