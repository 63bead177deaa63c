import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of an embedded database with every migration applied (test/helpers.ts loads it for each test app). */
    pgliteTemplate: string | undefined;
    /** On PostgreSQL: a database with every migration applied, which each test app's database is created from. */
    pgTemplate: { database: string; schema: string } | undefined;
  }
}

/**
 * The suite migrates one database once and every test app starts from a copy of it. On the embedded database:
 * creating an embedded cluster and migrating it costs about 3 s, loading the copy 0.5 s, and the suite opens about
 * a hundred. On PostgreSQL: migrating a schema costs 0.4-0.85 s of the server's CPU (the DDL itself: a dump of the
 * migrated schema replayed costs as much), creating a database from a template 0.07 s, and CI's passes open about
 * two hundred test apps each (test/fixtures/pg-template.ts). It is made here, by the same migrate() as every app, so
 * it is never older than the migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // one template for the run: vitest.config.ts's two projects each run this setup, in one process, and the server's
  // modules (prom-client's one registry among them) must be loaded there once
  const run = globalThis as { testTemplate?: { made: Promise<Template>; users: number } };
  run.testTemplate ??= { made: process.env.DATABASE_URL ? makePgTemplate(process.env.DATABASE_URL) : makeTemplate(), users: 0 };
  const shared = run.testTemplate;
  shared.users += 1;
  const made = await shared.made;
  project.provide('pgliteTemplate', made.file);
  project.provide('pgTemplate', made.pg);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) await made.drop();
  };
}

/** The run's template: a tar of an embedded database, or a PostgreSQL database; and how to remove it at the end. */
interface Template {
  file?: string;
  pg?: { database: string; schema: string };
  drop(): Promise<void>;
}

async function makePgTemplate(url: string): Promise<Template> {
  const { makeTemplateDatabase } = await import('./fixtures/pg-template.js');
  const { database, schema, drop } = await makeTemplateDatabase(url);
  return { pg: { database, schema }, drop };
}

async function makeTemplate(): Promise<Template> {
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
  return { file, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
