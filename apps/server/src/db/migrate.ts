import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `NNNN_snake_case.sql`: four digits, one global sequence whatever the domain (migrations/README.md). */
export const MIGRATION_NAME = /^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql$/;

/**
 * Files that were added below the highest number before the one-sequence rule (docs/architecture.md).
 * A database migrated in between has a later file applied and not these: they still apply there.
 */
const ADDED_BEFORE_THE_RULE: ReadonlySet<string> = new Set([
  '0205_users_trigger_search_path.sql',
  '0206_users_reg_days.sql',
  '0207_agent_tree_version.sql',
  '0208_fund_stats_hour.sql',
  '0209_fund_stats_all.sql',
  '0210_user_balances.sql',
  '0211_fund_piece_totals.sql',
  '0212_users_phone_range.sql',
]);

export class MigrationOrderError extends Error {
  constructor(
    readonly files: string[],
    readonly lastApplied: string,
  ) {
    super(
      `Refusing to migrate: ${files.join(', ')} ${files.length > 1 ? 'sort' : 'sorts'} before ${lastApplied}, which this database has ` +
        'already applied. Migrations are one global sequence: give a new migration the next free number above the highest ' +
        'existing one (apps/server/src/db/migrations/README.md).',
    );
    this.name = 'MigrationOrderError';
  }
}

/**
 * The files still to apply, in name order. A file not yet applied that sorts before the last one
 * applied is refused (MigrationOrderError): it was numbered below an existing migration, and on a
 * database that already went further it would run out of the order every other database ran it in.
 * Files already applied are never questioned, so a database that is up to date migrates as before.
 */
export function pendingMigrations(files: readonly string[], applied: Iterable<string>): string[] {
  const done = new Set(applied);
  const sorted = [...files].sort();
  const pending = sorted.filter((f) => !done.has(f));
  const last = [...done].sort().at(-1);
  if (last !== undefined) {
    const early = pending.filter((f) => f < last && !ADDED_BEFORE_THE_RULE.has(f));
    if (early.length) throw new MigrationOrderError(early, last);
  }
  return pending;
}

/**
 * Applies the SQL files of migrations/ in name order, once each, in one transaction guarded by an
 * advisory lock so that several instances starting together migrate exactly once. The same files
 * run on PGlite and PostgreSQL (keep them within PostgreSQL 15). Refuses a new file numbered below
 * one already applied (pendingMigrations).
 */
export async function migrate(database: Database, opts: { dir?: string } = {}): Promise<string[]> {
  const dir = opts.dir ?? MIGRATIONS_DIR;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  return database.withConnection(async (q) => {
    await q('BEGIN');
    try {
      await q('SELECT pg_advisory_xact_lock(727001)');
      await q('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = await q('SELECT name FROM schema_migrations');
      const ran: string[] = [];
      const pending = pendingMigrations(
        files,
        done.rows.map((r) => String(r.name)),
      );
      for (const f of pending) {
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
