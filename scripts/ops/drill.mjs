#!/usr/bin/env node
// `npm run ops:drill -- restore|compat [options]` (docs/operations.md): runs one drill of operating through change on
// this machine and ends with one JSON line, {"drill": …, "ok": true|false, …figures}; the exit code is 1 when a target
// was missed, 2 when the drill could not run.
//   restore [--users N] [--write-seconds S] [--scale S]   backup while writing, a moment T, the server lost, restored to T
//                                              (--scale: bench/year's history at that scale in the cluster too)
//   compat [--plant] [--workers N]             the previous release's server tests on today's migrations
//   failover [--users N]                       primary lost, its synchronous standby promoted, two instances writing
//   replica [--users N]                        lists on a standby under writes, the standby stopped halfway
//   upgrade [--base COMMIT]                    two instances of the previous release replaced one at a time, writing
import { parseArgs } from 'node:util';
import { restoreDrill } from './restore.mjs';
import { compatDrill } from './compat.mjs';
import { failoverDrill } from './failover.mjs';
import { upgradeDrill } from './upgrade.mjs';
import { replicaDrill } from './replica.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    users: { type: 'string', default: '2000' },
    'write-seconds': { type: 'string', default: '6' },
    plant: { type: 'boolean', default: false },
    base: { type: 'string' },
    workers: { type: 'string' },
    scale: { type: 'string', default: '0' },
  },
});
const drills = {
  restore: () => restoreDrill({ users: Number(values.users), writeSeconds: Number(values['write-seconds']), scale: Number(values.scale) }),
  compat: () => compatDrill({ plant: values.plant, base: values.base, workers: values.workers ? Number(values.workers) : undefined }),
  failover: () => failoverDrill({ users: Number(values.users) }),
  replica: () => replicaDrill({ users: Number(values.users) }),
  upgrade: () => upgradeDrill({ users: Number(values.users), base: values.base }),
};
const name = positionals[0];
if (!drills[name]) {
  console.error(`usage: npm run ops:drill -- ${Object.keys(drills).join('|')} [options]`);
  process.exit(2);
}
try {
  const figures = await drills[name]();
  console.log(JSON.stringify(figures));
  process.exit(figures.ok ? 0 : 1);
} catch (err) {
  console.error(err);
  console.log(JSON.stringify({ drill: name, ok: false, error: String(err.message ?? err).slice(0, 500) }));
  process.exit(2);
}
