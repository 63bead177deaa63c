// The server tests of processes and races rather than of the schema: two instances racing, crashes, the server's
// start, stop and workers, the simulated traffic, the ledger's 200 concurrent postings, and every other file racing
// instances with the race kit (test/races). Their windows and connection timeouts are what a loaded machine breaks, so
// CI runs them apart on a quiet machine (.ci/pg-suite.sh timing) and the migration compatibility check leaves the
// previous release's copies out (compat.mjs). One list, read by both.
//   node scripts/ops/timing-tests.mjs <server folder>   prints them, one per line, relative to that folder
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders and files named outright (a folder stands for every test under it). */
export const TIMING_PATHS = ['test/races', 'test/server', 'test/simulate', 'test/ledger/ledger.test.ts'];

/** The test files outside test/races that import the race kit, relative to the server folder, sorted. */
function raceKitFiles(server) {
  const out = [];
  const walk = (rel) => {
    for (const d of fs.readdirSync(path.join(server, rel), { withFileTypes: true })) {
      const r = path.posix.join(rel, d.name);
      if (d.isDirectory()) {
        if (r !== 'test/races') walk(r);
      } else if (d.name.endsWith('.test.ts') && fs.readFileSync(path.join(server, r), 'utf8').includes("from '../races/")) out.push(r);
    }
  };
  walk('test');
  return out.sort();
}

/** Every timing test path of a server folder: the named ones, then the race kit's other users. */
export function timingTests(server) {
  return [...TIMING_PATHS, ...raceKitFiles(server)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = process.argv[2];
  if (!server) {
    process.stderr.write('usage: node scripts/ops/timing-tests.mjs <server folder>\n');
    process.exit(2);
  }
  process.stdout.write(`${timingTests(server).join('\n')}\n`);
}
