/**
 * Puts a backup of the embedded database back (issue 61): `npm run db:restore -- DATA_DIR/backups/stock-admin-….tar.gz`.
 * Stop the server first (one process opens the embedded database at a time). The database it replaces is kept beside
 * it as `pgdata.replaced-…`. Exit code 0 when the restored database opened, 2 when it could not be done.
 */
import path from 'node:path';
import { loadCommandConfig } from './open-checked.js';
import { restoreEmbedded } from '../db/backup.js';

async function main(): Promise<number> {
  // npm runs workspace scripts inside the workspace: a relative name is the operator's, from where they typed it
  const file = process.argv[2] && path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]);
  const config = loadCommandConfig();
  if (config === 2) return 2;
  if (!file) {
    console.error('usage: npm run db:restore -- FILE   (a backup from DATA_DIR/backups; stop the server first)');
    return 2;
  }
  if (config.DATABASE_URL || config.dataDir.startsWith('memory://')) {
    console.error(
      'db:restore puts back the embedded database of DATA_DIR; a PostgreSQL server is restored with its own tools (docs/operations.md)',
    );
    return 2;
  }
  const r = await restoreEmbedded(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}/pgdata (${r.migrations} migrations applied in it).`);
  if (r.replaced) console.log(`The database it replaced is kept at ${r.replaced}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
