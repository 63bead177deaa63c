import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../src/cluster.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = 18_470 + (process.pid % 20);

/** GET / on `agent` (a connection of its own when false); the body is the serving worker's pid. */
function pidOf(agent: http.Agent | false, path = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path, agent }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/** Time for the workers' reports of closed connections to reach the primary. */
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

const count = (pids: string[]) => [...new Set(pids)].map((p) => pids.filter((x) => x === p).length).sort();

describe('cluster: the primary hands connections out', () => {
  let child: ChildProcess;
  let out = '';
  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../fixtures/cluster-app.ts'), String(PORT)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.stderr!.on('data', (d: Buffer) => (out += d));
    const deadline = Date.now() + 20_000;
    while (!/2 worker processes serving/.test(out)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`cluster did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  });

  it('splits a burst of kept-alive connections evenly between the workers', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    try {
      const pids = await Promise.all(Array.from({ length: 50 }, () => pidOf(agent)));
      expect(count(pids)).toEqual([25, 25]);
      // the same 50 connections again: each stays with its worker
      const again = await Promise.all(Array.from({ length: 50 }, () => pidOf(agent)));
      expect(count(again)).toEqual([25, 25]);
    } finally {
      agent.destroy();
    }
  });

  it('gives each new connection to the worker with the fewest open ones', async () => {
    // ten connections of their own, kept open: five on each worker
    const conns = Array.from({ length: 10 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const more = Array.from({ length: 5 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    await settle(); // the earlier test's connections are closed on both workers
    try {
      const pids = await Promise.all(conns.map((a) => pidOf(a)));
      expect(count(pids)).toEqual([5, 5]);
      // close the five of one worker: the next five connections all go to it
      const emptied = pids[0]!;
      pids.forEach((p, i) => p === emptied && conns[i]!.destroy());
      await settle();
      const next = await Promise.all(more.map((a) => pidOf(a)));
      expect(next).toEqual(Array(5).fill(emptied));
    } finally {
      for (const a of [...conns, ...more]) a.destroy();
    }
  });

  it('uses both workers for connections opened one after another', async () => {
    // the earlier test's fifteen connections closed on both workers first: while the primary still counted some of
    // them open (a loaded CI machine, once), the new connections rightly went to the other worker, 6 to 2
    await settle(1500);
    const pids: string[] = [];
    for (let i = 0; i < 8; i++) pids.push(await pidOf(false));
    expect(count(pids)[0]).toBeGreaterThanOrEqual(3);
  });

  it('starts the workers with a larger young generation', async () => {
    const argv = JSON.parse(await pidOf(false, '/argv')) as string[];
    expect(argv).toContain('--max-semi-space-size=64');
  });
});

describe("cluster: the workers' node options", () => {
  it("are the primary's, with a larger young generation unless the operator set one", () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=64']);
    expect(workerExecArgv(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    expect(workerExecArgv([], '--max-old-space-size=512 --max-semi-space-size=32')).toEqual([]);
    expect(workerExecArgv([], '--max-semi-space-size-x')).toEqual(['--max-semi-space-size=64']);
  });
});
