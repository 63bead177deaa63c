import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The shared history: migrations written before each domain kept its own, that create tables of several domains. */
export const MIGRATIONS_DIR = path.join(HERE, 'migrations');

/**
 * Where the migrations live. From the sources: the shared history (db/migrations), the route wrapper's
 * (http/migrations) and each domain's own (`modules/<domain>/migrations`), found by looking, so a new domain
 * adds its folder and nothing else. From the bundle (build.mjs copies them all into one folder beside it):
 * dist/migrations. One global sequence across all of them: the file names are what `schema_migrations`
 * records, so moving a file between folders changes nothing for a database that already ran it.
 */
export function migrationDirs(src = path.join(HERE, '..')): string[] {
  const modules = path.join(src, 'modules');
  if (!fs.existsSync(modules)) return [MIGRATIONS_DIR];
  const domainDirs = fs
    .readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(modules, d.name, 'migrations'));
  return [path.join(src, 'db/migrations'), path.join(src, 'http/migrations'), ...domainDirs].filter((d) => fs.existsSync(d));
}

/** Every migration file by name → its path. Two folders holding the same name is refused: the name is the identity. */
export function migrationFiles(dirs: readonly string[] = migrationDirs()): Map<string, string> {
  const out = new Map<string, string>();
  for (const dir of dirs) {
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
      const seen = out.get(f);
      if (seen) throw new Error(`Two migrations are named ${f}: ${seen} and ${path.join(dir, f)}`);
      out.set(f, path.join(dir, f));
    }
  }
  return out;
}

/** `NNNN_snake_case.sql`: four digits, one global sequence whatever the domain or folder (db/migrations/README.md). */
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
 * Applies the SQL files of every migrations folder (migrationDirs) in name order, once each, in one transaction guarded by an
 * advisory lock so that several instances starting together migrate exactly once. The same files
 * run on PGlite and PostgreSQL (keep them within PostgreSQL 15). Refuses a new file numbered below
 * one already applied (pendingMigrations).
 */
export async function migrate(database: Database, opts: { dirs?: string[] } = {}): Promise<string[]> {
  const byName = migrationFiles(opts.dirs);
  const files = [...byName.keys()];
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
        await q(fs.readFileSync(byName.get(f)!, 'utf8'));
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
