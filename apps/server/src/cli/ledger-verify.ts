/**
 * Proves the ledger invariant on the configured database (DATABASE_URL, or the embedded one in DATA_DIR):
 *   npm run ledger:verify [-- --json] [-- --no-chain] [-- --no-stats] [-- --since-close]
 * Exit code 0 when every user's and agent's balances equal the sums of their fund records (and every
 * record's balances-after follow from the ones before it); 1 with the offenders listed otherwise; 2 when
 * the database cannot be read. Stop the server first when it uses the embedded database (one process at a time).
 * `--since-close` checks from the last daily close instead (issue 50): each balance against its checkpoint plus the
 * records after it, and those records' balances-after — what came after the close, not the whole history.
 */
import { parseArgs } from 'node:util';
import { openChecked, runCommand } from './open-checked.js';
import { verifyLedger } from '../modules/fundrecords/index.js';
import { verifySinceClose } from '../modules/close/index.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      'no-chain': { type: 'boolean', default: false },
      'no-stats': { type: 'boolean', default: false },
      'since-close': { type: 'boolean', default: false },
    },
  });
  const opened = await openChecked('fund_records', 'The database has no ledger tables yet (start the server once to migrate it).');
  if (opened === 2) return 2;
  const { database, where } = opened;
  try {
    const started = Date.now();
    if (values['since-close']) return await sinceClose(database.db, where, values.json, started);
    const report = await verifyLedger(database.db, { chain: !values['no-chain'], stats: !values['no-stats'] });
    if (values.json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      console.log(
        `Ledger check on ${where}: ${report.users} users, ${report.agents} agents, ${report.records} fund records (${Date.now() - started} ms).`,
      );
      if (report.ok)
        console.log(
          `OK: every balance equals the sum of its fund records${values['no-chain'] ? '' : ', every record follows from the ones before it'}${values['no-stats'] ? '' : ', the list summary tables agree'}.`,
        );
      else {
        console.log(`FAILED: ${report.offenders.length} ${report.offenders.length === 1 ? 'offender' : 'offenders'}:`);
        for (const o of report.offenders) console.log(`  ${o.kind} #${o.id} [${o.problem}] ${JSON.stringify(o.detail)}`);
      }
    }
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

async function sinceClose(db: Parameters<typeof verifySinceClose>[0], where: string, json: boolean, started: number) {
  const report = await verifySinceClose(db);
  if (json) console.log(JSON.stringify(report, null, 2));
  else if (report.checkpoint == null) console.log(`Ledger check on ${where}: no day has been closed yet (run it without --since-close).`);
  else {
    console.log(
      `Ledger check on ${where} from the last close (record #${report.checkpoint}): ${report.records} fund records after it (${Date.now() - started} ms).`,
    );
    if (report.ok)
      console.log('OK: every balance equals its checkpoint plus the records after it, and each of those follows from the ones before.');
    else {
      console.log(`FAILED: ${report.offenders.length} ${report.offenders.length === 1 ? 'offender' : 'offenders'}:`);
      for (const o of report.offenders) console.log(`  ${o.kind} #${o.id} [${o.problem}] ${JSON.stringify(o.detail)}`);
    }
  }
  return report.ok ? 0 : 1;
}

runCommand(main);
