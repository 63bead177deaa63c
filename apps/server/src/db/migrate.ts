import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the SQL files of migrations/ in name order, once each, in one transaction guarded by an
 * advisory lock so that several instances starting together migrate exactly once. The same files
 * run on PGlite and PostgreSQL (keep them within PostgreSQL 15).
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withConnection(async (q) => {
    await q('BEGIN');
    try {
      await q('SELECT pg_advisory_xact_lock(727001)');
      await q('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = await q('SELECT name FROM schema_migrations');
      const applied = new Set(done.rows.map((r) => String(r.name)));
      const ran: string[] = [];
      for (const f of files) {
        if (applied.has(f)) continue;
        await q(fs.readFileSync(path.join(dir, f), 'utf8'));
        await q(`INSERT INTO schema_migrations (name) VALUES ('${f.replace(/'/g, "''")}')`);
        ran.push(f);
      }
      await q('COMMIT');
      return ran;
    } catch (e) {
      await q('ROLLBACK');
      throw e;
    }
  });
}

/** Rows of a raw `db.execute()` result: node-postgres and PGlite both return `{ rows }`. */
export function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
