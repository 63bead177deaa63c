import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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
  // one template for the run: vitest.config.ts's two projects each run this setup, in one process, and the server's
  // modules (prom-client's one registry among them) must be loaded there once
  const run = globalThis as { pgliteTemplate?: { file: Promise<string>; users: number } };
  run.pgliteTemplate ??= { file: makeTemplate(), users: 0 };
  const shared = run.pgliteTemplate;
  shared.users += 1;
  const file = await shared.file;
  project.provide('pgliteTemplate', file);
  return () => {
    shared.users -= 1;
    if (shared.users === 0) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

async function makeTemplate(): Promise<string> {
  const { openDatabase } = await import('../src/db/client.js');
  const { migrate } = await import('../src/db/migrate.js');
  const { ensureBuiltinRoles } = await import('../src/modules/admins/service.js');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await ensureBuiltinRoles(database.db);
  const blob = await database.dumpDataDir!('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stock-admin-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return file;
}
