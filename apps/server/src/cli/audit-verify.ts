/**
 * Walks the operation log's hash chain on the configured database (DATABASE_URL, or the embedded one in DATA_DIR):
 *   npm run audit:verify [-- --json]
 * Exit code 0 when every sealed row follows from the one before it (and the last is the chain's recorded head); 1 with
 * the first broken link named (the row changed, missing or relinked); 2 when the database cannot be read. Stop the
 * server first when it uses the embedded database (one process at a time).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { rows } from '../db/migrate.js';
import { verifyChain } from '../http/chain.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  if (
    !config.DATABASE_URL &&
    !config.dataDir.startsWith('memory://') &&
    !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))
  ) {
    console.error(`No embedded database at ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 1 });
  try {
    const [t] = rows<{ t: string | null }>(await database.db.execute(sql`SELECT to_regclass('audit_chain_head')::text AS t`));
    if (!t?.t) {
      console.error('The database has no audit chain yet (start the server once to migrate it).');
      return 2;
    }
    const started = Date.now();
    const r = await verifyChain(database.db);
    if (values.json) console.log(JSON.stringify(r, null, 2));
    else {
      const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
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

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
