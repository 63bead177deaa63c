// Reads one instance's /metrics (the Prometheus text format, parsed by prom2javascript) into the figures the soak keeps.
import { getMetricsFromIterator } from 'prom2javascript';

/** The sum of a family's samples whose labels match `where` (0 when the family is absent). */
export function sum(m, name, where = () => true) {
  return (m[name]?.data ?? []).filter((d) => where(d.labels)).reduce((s, d) => s + (d.value ?? d.count ?? 0), 0);
}

/** A histogram's buckets summed over its series (cumulative counts by upper bound). */
function buckets(m, name) {
  const out = {};
  for (const d of m[name]?.data ?? []) for (const [le, n] of Object.entries(d.buckets)) out[le] = (out[le] ?? 0) + n;
  return out;
}

/**
 * The q-quantile (0–1) of the observations between two readings of a histogram's cumulative buckets, interpolated
 * inside its bucket as Prometheus' histogram_quantile does; null with no observation.
 */
export function histogramQuantile(q, after, before = {}) {
  const les = Object.keys(after)
    .filter((le) => le !== '+Inf')
    .map(Number)
    .sort((a, b) => a - b);
  const count = (after['+Inf'] ?? 0) - (before['+Inf'] ?? 0);
  if (!count) return null;
  const rank = q * count;
  let prevLe = 0;
  let prevN = 0;
  for (const le of les) {
    const n = (after[String(le)] ?? 0) - (before[String(le)] ?? 0);
    if (n >= rank) return prevLe + ((le - prevLe) * (rank - prevN)) / Math.max(1, n - prevN);
    prevLe = le;
    prevN = n;
  }
  return les.at(-1) ?? null;
}

/**
 * The Prometheus text format as families. The parser reads no NaN (Prometheus does): the event-loop figures are NaN
 * before their first sample, so those lines are left out.
 */
export function parseMetricsText(text) {
  const lines = text.split('\n').filter((l) => !/ Nan$/i.test(l));
  return getMetricsFromIterator(lines[Symbol.iterator]());
}

export async function readMetrics(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  const m = await parseMetricsText(await r.text());
  return {
    rss: sum(m, 'process_resident_memory_bytes'),
    cpuSeconds: sum(m, 'process_cpu_seconds_total'),
    statements: sum(m, 'db_statements_total'),
    // writes that wait for PostgreSQL (a BEGIN rides with the statement after it): absent before 2026-12-06
    roundTrips: m.db_round_trips_total ? sum(m, 'db_round_trips_total') : null,
    heapUsed: sum(m, 'nodejs_heap_size_used_bytes'),
    lagP99: sum(m, 'nodejs_eventloop_lag_p99_seconds'),
    pool: {
      total: sum(m, 'db_pool_connections', (l) => l.state === 'total'),
      idle: sum(m, 'db_pool_connections', (l) => l.state === 'idle'),
      waiting: sum(m, 'db_pool_waiting'),
    },
    sockets: sum(m, 'socket_connections'),
    noticesSent: sum(m, 'socket_notices_sent_total'),
    requests: sum(m, 'http_request_duration_seconds'),
    serverErrors: sum(m, 'http_request_duration_seconds', (l) => l.status_code?.startsWith('5')),
    inFlight: sum(m, 'http_requests_in_flight'),
    queryErrors: Object.fromEntries((m.db_query_errors_total?.data ?? []).map((d) => [d.labels.class, d.value])),
    retries: sum(m, 'db_transaction_retries_total'),
    postings: sum(m, 'ledger_postings_total'),
    fanout: buckets(m, 'socket_event_fanout_delay_seconds'),
    quoteTick: buckets(m, 'quote_tick_duration_seconds'),
  };
}
