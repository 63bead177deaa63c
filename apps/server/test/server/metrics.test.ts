import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { getMetricsFromIterator, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetricsPort } from '../../src/http/metrics.js';
import { registerJob } from '../../src/jobs/index.js';
import { startRun, syncTasks } from '../../src/modules/tasks/runner.js';
import { notify } from '../../src/realtime/notify.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { connectReady, listen } from '../realtime/realtime.helpers.js';
import { appUser } from '../users/users-helpers.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  base = await listen(t);
});
afterAll(() => t.close());

/**
 * The text format parsed (a line it cannot read, or a histogram whose +Inf bucket is not its count, throws). The
 * parser reads no NaN, which Prometheus does: the event-loop delay's figures are NaN until the first sample.
 */
const parse = (text: string) =>
  getMetricsFromIterator(
    text
      .split('\n')
      .filter((l) => !/ Nan$/i.test(l))
      .values(),
  );

async function scrape(): Promise<PromMetrics> {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(r.body);
}

/** The sum of a family's samples whose labels include `labels` (a histogram: its count). */
function value(families: PromMetrics, name: string, labels: Record<string, string> = {}): number {
  const f = families[name];
  if (!f) return 0;
  return (f.data as { labels: Record<string, string>; value?: number; count?: number }[])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels[k] === v))
    .reduce((s, m) => s + Number(f.type === 'histogram' ? m.count : m.value), 0);
}

describe('metrics (issue 38)', () => {
  it('refuses /metrics without the token, in the caller’s language, and never serves it without METRICS_TOKEN', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toEqual({ status: 10, msg: '无权读取监控指标：请在 Authorization 头中提供 METRICS_TOKEN', data: null });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x`, lang: 'en-US' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('Not allowed to read the metrics: send METRICS_TOKEN in the Authorization header');
    expect(wrong.body).not.toContain('http_request_duration_seconds');

    const closed = await createTestApp();
    try {
      const r = await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('http_request_duration_seconds');
    } finally {
      await closed.close();
    }
  });

  it('publishes every family the issue names, in the Prometheus text format', async () => {
    await get(t, '/healthz');
    const names = new Set(Object.keys(await scrape()));
    for (const name of [
      'http_request_duration_seconds',
      'http_requests_in_flight',
      'db_query_errors_total',
      'db_transaction_retries_total',
      'socket_connections',
      'socket_notices_sent_total',
      'socket_event_fanout_delay_seconds',
      'job_runs_total',
      'job_run_duration_seconds',
      'quote_tick_duration_seconds',
      'ledger_postings_total',
      'sign_in_failures_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(names, name).toContain(name);
    if (t.config.DATABASE_URL) {
      expect(names).toContain('db_pool_connections');
      expect(names).toContain('db_pool_waiting');
    }
  });

  it('times requests by route pattern and status, never by the path asked for', async () => {
    const admin = await signedIn(t);
    const before = await scrape();
    const route = { method: 'POST', route: '/admin/user/list.do', status_code: '200' };
    await post(t, '/admin/user/list.do', { pageSize: 5 }, { token: admin.token });
    await post(t, '/admin/user/list.do', { pageSize: 5 }, { token: admin.token });
    await get(t, '/no/such/path/12345');
    const after = await scrape();
    expect(value(after, 'http_request_duration_seconds', route) - value(before, 'http_request_duration_seconds', route)).toBe(2);
    expect(value(after, 'http_request_duration_seconds', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    const routes = (after.http_request_duration_seconds!.data as PromHistogramData[]).map((m) => m.labels.route);
    expect(routes).not.toContain('/no/such/path/12345');
    // nothing is left counted in flight once the answers are out (the scrape itself is in flight)
    expect(value(after, 'http_requests_in_flight')).toBe(1);
  });

  it('counts refused sign-ins by audience and reason, and committed fund records', async () => {
    const admin = await signedIn(t);
    const before = await scrape();
    await post(t, '/api/adminUser/login.do', { username: admin.username, password: 'wrong-password' });
    const u = await appUser(t);
    await post(t, '/app/user/login.do', { phone: u.phone, password: 'wrong-password' });
    const credit = await post(
      t,
      '/admin/user/updateAmt.do',
      { userId: u.id, amt: '100.00', direction: 0, note: 'metrics' },
      { token: admin.token, json: true },
    );
    expect(credit.json().status).toBe(0);
    // refused: nothing committed, nothing counted
    const debit = await post(
      t,
      '/admin/user/updateAmt.do',
      { userId: u.id, amt: '1000.00', direction: 1, note: 'metrics' },
      { token: admin.token, json: true },
    );
    expect(debit.json().status).not.toBe(0);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta('sign_in_failures_total', { audience: 'admin', reason: 'bad_password' })).toBe(1);
    expect(delta('sign_in_failures_total', { audience: 'user', reason: 'bad_password' })).toBe(1);
    expect(delta('ledger_postings_total', { owner: 'user' })).toBe(1);
  });

  it('counts sockets, the notices written to them and the fan-out delay', async () => {
    const admin = await signedIn(t);
    const before = await scrape();
    const c = await connectReady(base, admin.id, admin.token);
    try {
      notify(t.app.ctx, { type: 'RECHARGE', data: { id: 1, amount: '5.00' } });
      await c.waitFor((f) => f.type === 'RECHARGE');
      const after = await scrape();
      expect(value(after, 'socket_connections')).toBeGreaterThanOrEqual(1);
      const sent = (f: PromMetrics) => value(f, 'socket_notices_sent_total', { event: 'RECHARGE' });
      expect(sent(after) - sent(before)).toBe(1);
      expect(value(after, 'socket_event_fanout_delay_seconds') - value(before, 'socket_event_fanout_delay_seconds')).toBe(1);
    } finally {
      c.close();
    }
  });

  it('counts job runs and their time by task and result', async () => {
    let fail = false;
    const def = registerJob({
      key: 'test-metrics-job',
      name: { zh: '指标', en: 'Metrics' },
      schedule: '@every 1h',
      run: async () => {
        if (fail) throw new Error('planned');
        return {};
      },
    });
    await syncTasks(t.app.ctx);
    await (
      await startRun(t.app.ctx, def, 'manual')
    ).finished;
    fail = true;
    await (
      await startRun(t.app.ctx, def, 'manual')
    ).finished;
    const after = await scrape();
    expect(value(after, 'job_runs_total', { job: 'test-metrics-job', result: 'ok' })).toBe(1);
    expect(value(after, 'job_runs_total', { job: 'test-metrics-job', result: 'error' })).toBe(1);
    expect(value(after, 'job_run_duration_seconds', { job: 'test-metrics-job' })).toBe(2);
  });

  it('serves the metrics port on 127.0.0.1 only', async () => {
    const server = serveMetricsPort({ ...t.config, METRICS_PORT: 18297, METRICS_HOST: '127.0.0.1' }, () => {}) as http.Server;
    try {
      await new Promise((r) => (server.listening ? r(null) : server.once('listening', r)));
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
      const r = await fetch('http://127.0.0.1:18297/metrics');
      expect(r.status).toBe(200);
      expect(Object.keys(await parse(await r.text()))).toContain('http_request_duration_seconds');
      expect((await fetch('http://127.0.0.1:18297/')).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
