import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.js';

/**
 * The embedded database's backup (issue 61; PostgreSQL's is pg_basebackup and WAL archiving, docs/operations.md): a
 * copy of DATA_DIR's database taken by the running server, between two statements, as a gzipped tar in
 * DATA_DIR/backups (the `embedded-backup` task, daily and on demand from 定时任务 / Scheduled tasks); the newest
 * BACKUPS_KEPT are kept. `npm run db:restore -- FILE`, with the server stopped, puts one back (restoreEmbedded).
 */
export const BACKUPS_KEPT = 7;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function backupEmbedded(
  database: Database,
  dataDir: string,
): Promise<{ file: string; bytes: number; removed: number } | { skipped: string }> {
  if (!database.dumpDataDir || dataDir.startsWith('memory://')) return { skipped: 'not an embedded database on disk' };
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const blob = await database.dumpDataDir();
  const file = path.join(dir, `stock-admin-${stamp(new Date())}.tar.gz`);
  const bytes = Buffer.from(await blob.arrayBuffer());
  // written aside and renamed: a backup file is whole or absent
  fs.writeFileSync(`${file}.part`, bytes);
  fs.renameSync(`${file}.part`, file);
  const all = fs
    .readdirSync(dir)
    .filter((f) => /^stock-admin-\d{8}-\d{6}\.tar\.gz$/.test(f))
    .sort();
  const old = all.slice(0, Math.max(0, all.length - BACKUPS_KEPT));
  for (const f of old) fs.rmSync(path.join(dir, f));
  return { file, bytes: bytes.length, removed: old.length };
}

/**
 * Puts a backup back as DATA_DIR's database (the server stopped): the current one is moved aside, not deleted
 * (`pgdata.replaced-…`), and the restored one is opened once to prove it starts. Returns where the old one went.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ replaced: string | null; migrations: number }> {
  const bytes = fs.readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${file} is not a backup of the embedded database (a .tar.gz)`);
  const target = path.join(dataDir, 'pgdata');
  let replaced: string | null = null;
  if (fs.existsSync(target)) {
    replaced = `${target}.replaced-${stamp(new Date())}`;
    fs.renameSync(target, replaced);
  }
  fs.mkdirSync(target, { recursive: true });
  const db = new PGlite(target, { loadDataDir: new Blob([bytes]) });
  try {
    await db.waitReady;
    const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    return { replaced, migrations: r.rows[0]!.n };
  } finally {
    await db.close();
  }
}
