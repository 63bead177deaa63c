#!/usr/bin/env node
// Two server instances on one PostgreSQL database and one Redis: a socket held by instance B must
// receive what an action on instance A raises (through the Redis bus); while Redis is unreachable
// each instance still delivers to its own sockets; when Redis is back, cross-instance delivery
// resumes without a restart.
//
// The action used is the kick-out: signing in on A as an admin whose socket is on B revokes B's
// session, which travels over the bus as a revocation and reaches B's socket as KICKOUT_ANOTHER.
//
// Redis outage: by default a TCP relay sits between the instances and Redis, and the outage cuts
// the relay (to the servers this is exactly a stopped Redis: connections drop, reconnects are
// refused) — other users of the shared Redis are not disturbed. With --stop-redis the real Redis at
// REDIS_URL (127.0.0.1 only) is shut down and started again; it is restarted in `finally` whatever
// happens.
//
// Last, instance C runs as two worker processes (WEB_CONCURRENCY=2, node:cluster on one port): a
// socket on one worker is kicked out by sign-ins served by the other (a new connection goes to the
// worker with the fewest open ones), and a worker that dies is replaced while C keeps serving.
//
// Usage: DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 node .ci/two-instance.mjs [--stop-redis]
// Ports used: 18210-18219 (18214: C's metrics). Prints "N passed, M failed" last; exits 1 on any failure.
import { randomBytes } from 'node:crypto';
import { parseMetricsText } from '../bench/soak/metrics.mjs';
import {
  assert,
  call,
  children,
  configure,
  kickoutAcross,
  openSocket,
  pg,
  redisStopped,
  redisUp,
  Relay,
  signIn,
  sleep,
  sockets,
  startInstance,
  startRedis,
  stopRedis,
  waitClosed,
  waitHealthy,
  waitLog,
  waitWorkers,
} from './two-instance-lib.mjs';

const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) {
  console.log('two-instance: skipped (set both DATABASE_URL and REDIS_URL to run it)');
  console.log('0 passed, 0 failed (skipped)');
  process.exit(0);
}

const STOP_REDIS = process.argv.includes('--stop-redis');
const PORT_A = 18211;
const PORT_B = 18212;
const PORT_C = 18213;
const METRICS_PORT_C = 18214;
const RELAY_PORT = 18219;
const redis = new URL(REDIS_URL);
const redisHost = redis.hostname || '127.0.0.1';
const redisPort = Number(redis.port || 6379);
const schema = `ti_${randomBytes(5).toString('hex')}`;
const channel = `two-instance:${schema}`;
configure({ redisHost, redisPort, RELAY_PORT, DATABASE_URL, schema, channel });

let passed = 0;
let failed = 0;

async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`  ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed++;
    console.log(`  FAIL ${name}: ${e?.message ?? e}`);
  }
}

// Interrupted (Ctrl-C, CI time-out): still restart Redis and stop the instances.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    for (const c of children) if (!c.exited) c.child.kill('SIGKILL');
    startRedis().finally(() => process.exit(130));
  });
}

const relay = new Relay();
const pgClient = new pg.Client({ connectionString: DATABASE_URL });
let exitCode = 1;
try {
  console.log(
    `two-instance: schema ${schema}, Redis ${redisHost}:${redisPort} (${STOP_REDIS ? 'outage = real stop/restart' : 'outage = relay cut'})`,
  );
  assert(await redisUp(), `Redis at ${REDIS_URL} does not answer PING`);
  await pgClient.connect();
  await pgClient.query(`CREATE SCHEMA "${schema}"`);
  let instanceRedis = REDIS_URL;
  if (!STOP_REDIS) {
    await relay.start();
    instanceRedis = `redis://127.0.0.1:${RELAY_PORT}`;
  }

  const A = startInstance('A', PORT_A, instanceRedis, true);
  await waitHealthy(A); // A migrates and seeds first (the demo admins), then B joins the same schema
  const B = startInstance('B', PORT_B, instanceRedis, false);
  await waitHealthy(B);

  await check('both instances answer on one database (sign-in on A and on B)', async () => {
    await signIn(A, 'finance', 'finance123');
    await signIn(B, 'finance', 'finance123');
  });

  await check('a socket on B receives KICKOUT_ANOTHER raised by a sign-in on A (through Redis)', () => kickoutAcross(B, A));
  await check('and the other way round (socket on A, sign-in on B)', () => kickoutAcross(A, B));

  await check("a logout on A closes the session's socket held on B", async () => {
    const s1 = await signIn(A);
    const s = await openSocket(B, s1.id, s1.token);
    const r = await call(A, '/api/adminUser/logout.do', {}, s1.token);
    assert(r.status === 0, `logout failed: ${r.msg}`);
    const c = await waitClosed(s);
    assert(c.code === 4409 && c.reason === 'session revoked: logout', `unexpected close ${JSON.stringify(c)}`);
    const info = await call(B, '/api/user/info', undefined, s1.token);
    assert(info.status === 10, 'B still accepts the revoked token');
  });

  // --- Redis outage ---
  if (STOP_REDIS) await stopRedis();
  else await relay.cut();
  await check('both instances log the Redis fault (once) and keep serving HTTP', async () => {
    assert(await waitLog(A, /Redis unreachable/, 5000), 'A did not log the fault');
    assert(await waitLog(B, /Redis unreachable/, 5000), 'B did not log the fault');
    await sleep(2500); // several reconnect attempts later, still one line per outage
    for (const inst of [A, B]) {
      const n = inst.logs.join('').match(/Redis unreachable/g)?.length ?? 0;
      assert(n === 1, `${inst.name} logged the fault ${n} times`);
    }
    await signIn(A, 'finance', 'finance123');
    await signIn(B, 'finance', 'finance123');
  });
  await check('with Redis down, a sign-in on A still kicks out the socket on A (local delivery)', () => kickoutAcross(A, A));
  await check('with Redis down, a sign-in on B still kicks out the socket on B (local delivery)', () => kickoutAcross(B, B));

  // --- Redis back ---
  if (STOP_REDIS) await startRedis();
  else await relay.start();
  await check('when Redis returns, both instances reconnect without a restart', async () => {
    assert(await waitLog(A, /Redis is back/, 15_000), 'A did not reconnect');
    assert(await waitLog(B, /Redis is back/, 15_000), 'B did not reconnect');
    assert(!A.exited && !B.exited, 'an instance exited');
  });
  await check('cross-instance delivery resumes: sign-in on A kicks out the socket on B', () => kickoutAcross(B, A));

  // --- one instance of two worker processes ---
  const C = startInstance('C', PORT_C, instanceRedis, false, {
    WEB_CONCURRENCY: '2',
    DATABASE_POOL_SIZE: '2',
    METRICS_PORT: String(METRICS_PORT_C),
  });
  await waitHealthy(C);
  let workers = [];
  await check('C (WEB_CONCURRENCY=2) runs two worker processes under one primary', async () => {
    workers = await waitWorkers(C, 2);
  });
  await check("sockets on C are kicked out by sign-ins on C's other worker (through Redis), 4 times", async () => {
    for (let i = 0; i < 4; i++) await kickoutAcross(C, C, 5000, true);
  });
  await check("C's metrics port (the primary's) sums both workers' figures", async () => {
    const r = await fetch(`http://127.0.0.1:${METRICS_PORT_C}/metrics`);
    assert(r.ok, `metrics answered ${r.status}`);
    const m = await parseMetricsText(await r.text());
    const kicks = (m.socket_notices_sent_total?.data ?? []).filter((d) => d.labels.event === 'KICKOUT_ANOTHER');
    const sent = kicks.reduce((s, d) => s + d.value, 0);
    // the four kick-outs above, each delivered by whichever worker held the socket
    assert(sent >= 4, `KICKOUT_ANOTHER notices counted: ${sent}`);
    const pids = (m.process_resident_memory_bytes?.data ?? []).length;
    assert(pids >= 1, 'no process figures');
  });
  await check('a worker that dies is replaced, and C keeps serving', async () => {
    process.kill(workers[0], 'SIGKILL');
    const now = await waitWorkers(C, 2, (pids) => !pids.includes(workers[0]));
    assert(now.includes(workers[1]), 'the other worker was restarted too');
    assert(!C.exited, 'the primary exited');
    for (let i = 0; i < 4; i++) await signIn(C, 'finance', 'finance123', { fresh: true });
    await kickoutAcross(C, C, 5000, true);
  });

  exitCode = failed ? 1 : 0;
} catch (e) {
  failed++;
  console.log(`  FAIL setup: ${e?.stack ?? e}`);
} finally {
  for (const s of sockets) s.ws.terminate();
  for (const c of children) if (!c.exited) c.child.kill('SIGTERM');
  await Promise.race([Promise.all(children.map((c) => (c.exited ? null : new Promise((r) => c.child.once('exit', r))))), sleep(10_000)]);
  for (const c of children) if (!c.exited) c.child.kill('SIGKILL');
  if (redisStopped) await startRedis();
  await relay.cut().catch(() => {});
  try {
    await pgClient.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } catch {
    /* not connected */
  }
  await pgClient.end().catch(() => {});
  if (failed) {
    for (const c of children) console.log(`--- ${c.name} log (tail)\n${c.logs.join('').slice(-4000)}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : exitCode);
}
