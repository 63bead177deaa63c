import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { rows } from '../db/rows.js';

/**
 * What the verifying commands (`ledger:verify`, `audit:verify`) open: the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR) with `table` in it, and where that is; or the exit code 2 after saying why not.
 */
/** The commands' configuration, or the exit code 2 after saying what is wrong with it. */
export function loadCommandConfig(): Config | 2 {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
}

export async function openChecked(table: string, missing: string): Promise<{ database: Database; where: string } | 2> {
  const config = loadCommandConfig();
  if (config === 2) return 2;
  if (
    !config.DATABASE_URL &&
    !config.dataDir.startsWith('memory://') &&
    !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))
  ) {
    console.error(`No embedded database at ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
    return 2;
  }
  // no read timeout: the server's (30 s, so that an operator's request answers an outage fast) ended a whole-history
  // check of a year's ledger (bench/year, scale 1) before PostgreSQL had read it; a verification waits for its answer
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 1, queryTimeoutMs: 0 });
  const [t] = rows<{ t: string | null }>(await database.db.execute(sql`SELECT to_regclass(${table})::text AS t`));
  if (!t?.t) {
    console.error(missing);
    await database.close();
    return 2;
  }
  return { database, where: config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.dataDir };
}

/** Runs a command's `main` and exits with its code (2 on an unexpected error). */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(2);
    },
  );
}
