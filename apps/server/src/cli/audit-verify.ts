/**
 * Walks the operation log's hash chain on the configured database (DATABASE_URL, or the embedded one in DATA_DIR):
 *   npm run audit:verify [-- --json]
 * Exit code 0 when every sealed row follows from the one before it (and the last is the chain's recorded head); 1 with
 * the first broken link named (the row changed, missing or relinked); 2 when the database cannot be read. Stop the
 * server first when it uses the embedded database (one process at a time).
 */
import { parseArgs } from 'node:util';
import { openChecked, runCommand } from './open-checked.js';
import { verifyChain } from '../http/chain.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const opened = await openChecked('audit_chain_head', 'The database has no audit chain yet (start the server once to migrate it).');
  if (opened === 2) return 2;
  const { database, where } = opened;
  try {
    const started = Date.now();
    const r = await verifyChain(database.db);
    if (values.json) console.log(JSON.stringify(r, null, 2));
    else {
      console.log(
        `Audit chain on ${where}: ${r.checked} rows checked, seq ${r.firstSeq}…${r.lastSeq}, ${r.unsealed} not sealed yet (${Date.now() - started} ms).`,
      );
      if (r.ok) console.log('OK: every operation-log row follows from the one before it, and the last is the recorded head.');
      else console.log(`FAILED at seq ${r.broken!.seq}${r.broken!.id != null ? ` (row #${r.broken!.id})` : ''}: ${r.broken!.problem}`);
    }
    return r.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

runCommand(main);
