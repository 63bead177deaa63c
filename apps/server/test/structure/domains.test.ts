import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COUNTER_KEYS } from '@stock-admin/contracts';
import { DOMAINS } from '../../src/modules/index.js';
import { counters } from '../../src/modules/_kit/counters.js';
import { registeredJobs } from '../../src/jobs/index.js';
import { seedOrder } from '../../src/modules/seed.js';
import { defineDomain } from '../../src/modules/_kit/domain.js';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const consoleFeatures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../console/src/features');

describe('domain manifests', () => {
  it('lists every domain folder once, by its folder name, with a manifest of its own', () => {
    const folders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
      .map((e) => e.name)
      .sort();
    expect(DOMAINS.map((d) => d.name).sort()).toEqual(folders);
    for (const f of folders) expect(fs.existsSync(path.join(modulesDir, f, 'manifest.ts')), `${f}/manifest.ts`).toBe(true);
  });

  it('keeps the tests beside their domain: every test folder is a domain or a shared layer of the source', () => {
    const testDir = path.join(modulesDir, '../../test');
    const layers = ['http', 'db', 'realtime', 'ledger', 'lib', 'simulate'];
    // server: the process (config, cluster, shutdown, metrics); structure: the rules about the code; races: two instances
    const others = ['server', 'structure', 'races', 'fixtures'];
    const domains = DOMAINS.map((d) => d.name);
    const folders = fs.readdirSync(testDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((e) => e.name).filter((n) => ![...domains, ...layers, ...others].includes(n))).toEqual([]);
    // only the shared helpers and the suite's set-up (its migrated database) stay at the top
    expect(fs.readdirSync(testDir).filter((f) => f.endsWith('.ts'))).toEqual(['global-setup.ts', 'helpers.ts']);
  });

  it('runs the demo data the manifests declare, each after the domains it builds on', () => {
    expect(seedOrder().map((d) => d.name)).toEqual([
      'products',
      'users',
      'funds',
      'approvals',
      'logs',
      'trading',
      'blocktrade',
      // on the stocks the demo's users hold most
      'corpactions',
      'newshares',
      'content',
      'agreements',
      'messages',
      'risk',
      // last: it closes the history all the others wrote
      'close',
    ]);
    const run = async () => {};
    const a = defineDomain({ name: 'a', seed: { run, after: ['b'] } });
    const b = defineDomain({ name: 'b', seed: { run } });
    expect(seedOrder([a, b]).map((d) => d.name)).toEqual(['b', 'a']);
    expect(() => seedOrder([a])).toThrow('a: seed.after names b, which has no demo data');
    const c = defineDomain({ name: 'b', seed: { run, after: ['a'] } });
    expect(() => seedOrder([a, c])).toThrow('demo seeds wait on each other: a, b');
  });

  it('installs what the manifests declare: every header counter owned by one domain, every job once', () => {
    const declared = DOMAINS.flatMap((d) => Object.keys(d.counters ?? {}));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...COUNTER_KEYS].sort());
    for (const k of COUNTER_KEYS) expect(counters.get(k), k).toBeTypeOf('function');
    const jobs = DOMAINS.flatMap((d) => (d.jobs ?? []).map((j) => j.key));
    expect(new Set(jobs).size).toBe(jobs.length);
    expect(registeredJobs().map((j) => j.key)).toEqual(expect.arrayContaining(jobs));
    expect(jobs).toEqual(expect.arrayContaining(['session-cleanup', 'trading-force-close', 'newshares-convert', 'message-sends']));
  });

  it('gives a console feature the name of its server domain (one name per concept)', () => {
    // console-only features (no server side): the shell's realtime wiring and the exception pages
    const consoleOnly = new Set(['realtime', 'exception']);
    const features = fs.readdirSync(consoleFeatures).filter((f) => !consoleOnly.has(f));
    const names = new Set(DOMAINS.map((d) => d.name));
    for (const f of features) expect(names.has(f), `console feature ${f} has no server domain`).toBe(true);
  });
});
