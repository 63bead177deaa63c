import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { ensureBuiltinRoles } from '../src/modules/admins/service.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of an embedded database with every migration applied (test/helpers.ts loads it for each test app). */
    pgliteTemplate: string | undefined;
  }
}

/**
 * On the embedded database, the suite migrates one database once and every test app starts from a copy of it:
 * creating an embedded cluster and migrating it costs about 3 s, loading the copy 0.5 s, and the suite opens about
 * a hundred. It is made here, by the same migrate() as every app, so it is never older than the migrations. On
 * PostgreSQL each test app migrates a schema of its own, as before.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return () => undefined;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const blob = await database.dumpDataDir!('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-admin-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
