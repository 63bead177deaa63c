import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import {
  PgTable,
  bigserial,
  boolean,
  getTableConfig,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { openDatabase, type Database, type RawQuery } from '../../src/db/client.js';
import {
  MIGRATIONS_DIR,
  MIGRATION_NAME,
  MigrationOrderError,
  migrate,
  migrationDirs,
  migrationFiles,
  pendingMigrations,
} from '../../src/db/migrate.js';

// every table file of the server: each domain's modules/<domain>/tables.ts, the parties' (modules/_kit/parties.ts,
// under every domain) and the route wrapper's http/tables.ts
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const tableFiles = [
  ...fs
    .readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'tables.ts')
    .map((e) => path.join(e.parentPath, e.name)),
  path.join(srcDir, 'modules', '_kit', 'parties.ts'),
];
const schema: Record<string, unknown> = Object.assign({}, ...(await Promise.all(tableFiles.map((f) => import(pathToFileURL(f).href)))));

// The migrations are one global sequence across their folders (docs/architecture.md, db/migrations/README.md), and
// the Drizzle tables the services query through (each domain's tables.ts) describe what they leave behind.

const files = [...migrationFiles().keys()].sort();

/** An empty database of its own: PGlite in memory, or a fresh schema when DATABASE_URL is set. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', schemaName, poolSize: 2, listConnections: 0 });
  return {
    database,
    async drop() {
      if (schemaName) await database.withConnection((q) => q(`DROP SCHEMA "${schemaName}" CASCADE`));
      await database.close();
    },
  };
}

describe('migration files', () => {
  it('are named NNNN_snake_case.sql, one number each', () => {
    const bad = files.filter((f) => !MIGRATION_NAME.test(f));
    expect(bad, `migration names must be NNNN_snake_case.sql: ${bad.join(', ')}`).toEqual([]);
    const byNumber = new Map<string, string[]>();
    for (const f of files) byNumber.set(f.slice(0, 4), [...(byNumber.get(f.slice(0, 4)) ?? []), f]);
    const shared = [...byNumber.values()].filter((names) => names.length > 1).map((names) => names.join(' and '));
    expect(shared, `two migrations share a number: ${shared.join('; ')}`).toEqual([]);
    // nothing else lives in a migrations folder but the shared one's README
    for (const dir of migrationDirs()) {
      const others = fs.readdirSync(dir).filter((f) => !f.endsWith('.sql') && !(dir === MIGRATIONS_DIR && f === 'README.md'));
      expect(others, dir).toEqual([]);
    }
  });

  it('kept every name production databases recorded when the files moved into their domains', () => {
    // schema_migrations holds names, not folders: a file moved between folders is the same migration, a renamed one
    // would run a second time there. These are the names of the one shared folder before the move.
    const recorded = `0001_foundation 0200_users 0201_users_stats 0202_users_list_plans 0203_users_list_order 0204_users_list_indexes
      0205_users_trigger_search_path 0206_users_reg_days 0207_agent_tree_version 0208_fund_stats_hour 0209_fund_stats_all
      0210_user_balances 0211_fund_piece_totals 0212_users_phone_range 0300_admins 0301_station_messages 0400_funds
      0401_funds_orders 0402_order_no_seq 0405_products 0406_quotes_book 0407_risk 0408_trading 0409_position_sources
      0410_block_trades 0420_newshares 0421_newshares_auto_convert 0425_positions_agent 0426_user_counts_upd_hash
      0427_analysis_permission 0428_users_real_reviewed 0429_users_simulated 0430_content 0431_agreements_messaging
      0432_fund_stats_hour_account_type 0433_positions_changes 0434_fund_stats_stripes 0435_user_counts_upd_skip
      0436_orders_buy_window 0437_block_reserved 0438_newshare_allotted 0439_orphan_sells 0440_idempotency_keys`
      .split(/\s+/)
      .map((n) => `${n}.sql`);
    expect(files.filter((f) => recorded.includes(f)).sort()).toEqual(recorded);
    // and the domains hold them: only the history that created tables of several domains stays shared
    expect(fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))).toEqual([
      '0001_foundation.sql',
      '0200_users.sql',
      '0300_admins.sql',
      '0431_agreements_messaging.sql',
    ]);
  });

  it('a database that is up to date has nothing to run and nothing refused', () => {
    expect(pendingMigrations(files, files)).toEqual([]);
    expect(pendingMigrations(files, [])).toEqual([...files].sort());
  });

  it('refuses a file not yet applied numbered below the last one applied, naming it', () => {
    const applied = ['0001_a.sql', '0003_c.sql'];
    expect(pendingMigrations([...applied, '0004_d.sql'], applied)).toEqual(['0004_d.sql']);
    expect(() => pendingMigrations([...applied, '0002_b.sql', '0004_d.sql'], applied)).toThrow(MigrationOrderError);
    expect(() => pendingMigrations([...applied, '0002_b.sql'], applied)).toThrow(
      /^Refusing to migrate: 0002_b\.sql sorts before 0003_c\.sql, which this database has already applied\. .*next free number/,
    );
    // an applied file is never questioned, whatever its number
    expect(pendingMigrations(['0001_a.sql', '0002_b.sql', '0003_c.sql'], ['0001_a.sql', '0002_b.sql', '0003_c.sql'])).toEqual([]);
  });

  it('still applies the files added below the highest number before the rule to a database migrated in between', () => {
    // a database migrated when 0402 was the newest file, before 0205–0212 were added
    const applied = files.filter((f) => f <= '0402' && !(f >= '0205' && f < '0300'));
    const pending = pendingMigrations(files, applied);
    expect(pending.filter((f) => f < '0300')).toEqual(files.filter((f) => f >= '0205' && f < '0300'));
    expect(pending.filter((f) => f > '0402')).toEqual(files.filter((f) => f > '0402'));
  });

  describe('the runner', () => {
    let dir: string;
    let db: Awaited<ReturnType<typeof emptyDatabase>>;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
      db = await emptyDatabase();
    });
    afterAll(async () => {
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('refuses to start on a new file below the last applied one, and applies nothing of that run', async () => {
      fs.writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE m_first (id int);');
      fs.writeFileSync(path.join(dir, '0003_third.sql'), 'CREATE TABLE m_third (id int);');
      expect(await migrate(db.database, { dirs: [dir] })).toEqual(['0001_first.sql', '0003_third.sql']);
      expect(await migrate(db.database, { dirs: [dir] })).toEqual([]);

      fs.writeFileSync(path.join(dir, '0002_second.sql'), 'CREATE TABLE m_second (id int);');
      fs.writeFileSync(path.join(dir, '0004_fourth.sql'), 'CREATE TABLE m_fourth (id int);');
      const err = await migrate(db.database, { dirs: [dir] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MigrationOrderError);
      expect((err as Error).message).toMatch(/^Refusing to migrate: 0002_second\.sql sorts before 0003_third\.sql/);
      const tables = await db.database.withConnection((q) =>
        q(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'm\\_%' ORDER BY 1`),
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(['m_first', 'm_third']);

      // renumbered above the highest, it applies
      fs.renameSync(path.join(dir, '0002_second.sql'), path.join(dir, '0005_second.sql'));
      expect(await migrate(db.database, { dirs: [dir] })).toEqual(['0004_fourth.sql', '0005_second.sql']);
    });

    it('accepts unchanged a database migrated by the old layout, every file in one folder', async () => {
      const flat = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-flat-'));
      const old = await emptyDatabase();
      try {
        for (const [name, file] of migrationFiles()) fs.copyFileSync(file, path.join(flat, name));
        expect(await migrate(old.database, { dirs: [flat] })).toEqual([...files].sort());
        const recorded = () => old.database.withConnection((q) => q('SELECT name, applied_at FROM schema_migrations ORDER BY name'));
        const before = (await recorded()).rows;
        // the same database, started by the code whose domains keep their own folders: nothing to run, nothing refused
        expect(await migrate(old.database)).toEqual([]);
        expect((await recorded()).rows).toEqual(before);
      } finally {
        await old.drop();
        fs.rmSync(flat, { recursive: true, force: true });
      }
    });

    it('refuses two folders holding the same name', () => {
      const a = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-a-'));
      const b = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-b-'));
      try {
        fs.writeFileSync(path.join(a, '0999_same.sql'), 'SELECT 1;');
        fs.writeFileSync(path.join(b, '0999_same.sql'), 'SELECT 2;');
        expect(() => migrationFiles([a, b])).toThrow(/Two migrations are named 0999_same\.sql/);
      } finally {
        fs.rmSync(a, { recursive: true, force: true });
        fs.rmSync(b, { recursive: true, force: true });
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Drizzle schema against the migrated database

interface DbColumn {
  type: string;
  notNull: boolean;
  default: string | null;
  identity: boolean;
}
interface DbIndex {
  name: string;
  columns: (string | null)[];
  unique: boolean;
  primary: boolean;
  partial: boolean;
  method: string;
  /** Each key column's operator class, null where it is the type's default. */
  opclasses: (string | null)[];
}
interface Catalog {
  tables: Map<string, { columns: Map<string, DbColumn>; indexes: DbIndex[] }>;
}

async function readCatalog(q: RawQuery): Promise<Catalog> {
  const tables: Catalog['tables'] = new Map();
  const t = await q(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);
  // a partitioned table is compared as its parent: its months (migration 0446) are the parent's copies
  for (const r of t.rows) tables.set(String(r.name), { columns: new Map(), indexes: [] });
  const cols = await q(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity <> '' AS identity
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const r of cols.rows) {
    tables.get(String(r.table))?.columns.set(String(r.column), {
      type: String(r.type),
      notNull: r.not_null === true,
      default: r.default == null ? null : String(r.default),
      identity: r.identity === true,
    });
  }
  const idx = await q(`
    SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary, x.indpred IS NOT NULL AS partial,
           am.amname AS method,
           ARRAY(SELECT a.attname::text FROM unnest((x.indkey::int2[])[0:x.indnkeyatts - 1]) WITH ORDINALITY k(attnum, ord)
                 LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
           ARRAY(SELECT CASE WHEN o.opcdefault THEN NULL ELSE o.opcname::text END
                 FROM unnest((x.indclass::oid[])[0:x.indnkeyatts - 1]) WITH ORDINALITY k(opc, ord)
                 JOIN pg_opclass o ON o.oid = k.opc ORDER BY k.ord) AS opclasses
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_am am ON am.oid = i.relam
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema()`);
  for (const r of idx.rows) {
    tables.get(String(r.table))?.indexes.push({
      name: String(r.name),
      columns: pgArray(r.columns),
      unique: r.unique === true,
      primary: r.primary === true,
      partial: r.partial === true,
      method: String(r.method),
      opclasses: pgArray(r.opclasses),
    });
  }
  return { tables };
}

/** A text[] from either driver (node-postgres parses it; PGlite's exec may too, or hand back the literal). */
function pgArray(v: unknown): (string | null)[] {
  if (Array.isArray(v)) return v.map((x) => (x == null ? null : String(x)));
  const s = String(v).replace(/^\{|\}$/g, '');
  return s ? s.split(',').map((x) => (x === 'NULL' ? null : x.replace(/^"|"$/g, ''))) : [];
}

/**
 * The type PostgreSQL reports (format_type) for a Drizzle column, and whether the column brings its own
 * default (serial kinds: a sequence's nextval).
 */
function expectedType(c: PgColumn): { type: string; serial: boolean } {
  let type = c.getSQLType().replace(/,\s+/g, ',');
  let serial = false;
  const serials: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
  if (serials[type]) {
    type = serials[type]!;
    serial = true;
  }
  type = type
    .replace(/^char\b/, 'character')
    .replace(/^varchar\b/, 'character varying')
    .replace(/^timestamp( \(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^time( \(\d+\))?$/, 'time$1 without time zone')
    .replace(/^(timestamp|time) \((\d+)\)/, '$1($2)')
    .replace(/^character(?=$|\[)/, 'character(1)');
  return { type, serial };
}

const sameSet = (a: readonly (string | null)[], b: readonly string[]) => a.length === b.length && b.every((x) => a.includes(x));

/** Every difference between the Drizzle tables and the catalog, one line each. */
function schemaProblems(tables: Record<string, PgTable>, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const [exportName, table] of Object.entries(tables)) {
    const cfg = getTableConfig(table);
    const where = `${exportName} (${cfg.name})`;
    const db = catalog.tables.get(cfg.name);
    if (!db) {
      problems.push(`${where}: no such table in the database`);
      continue;
    }
    for (const c of cfg.columns) {
      const d = db.columns.get(c.name);
      if (!d) {
        problems.push(`${where}.${c.name}: no such column in the database`);
        continue;
      }
      const { type, serial } = expectedType(c);
      if (d.type !== type) problems.push(`${where}.${c.name}: type ${c.getSQLType()} in Drizzle, ${d.type} in the database`);
      if (c.notNull !== d.notNull)
        problems.push(
          `${where}.${c.name}: ${c.notNull ? 'NOT NULL' : 'nullable'} in Drizzle, ${d.notNull ? 'NOT NULL' : 'nullable'} in the database`,
        );
      const dbDefault = d.default != null || d.identity;
      if (serial && !(d.identity || /^nextval\(/.test(d.default ?? '')))
        problems.push(`${where}.${c.name}: serial in Drizzle, no sequence default in the database`);
      // Drizzle writes DEFAULT for a column with a default left out of an insert: the database must have one.
      if (!serial && c.hasDefault && c.default !== undefined && !dbDefault)
        problems.push(`${where}.${c.name}: a default in Drizzle (${JSON.stringify(c.default)}), none in the database`);
    }
    const pk = [
      ...cfg.columns.filter((c) => c.primary).map((c) => c.name),
      ...cfg.primaryKeys.flatMap((p) => p.columns.map((c) => c.name)),
    ];
    if (pk.length) {
      const dbPk = db.indexes.find((i) => i.primary);
      if (!dbPk || !sameSet(dbPk.columns, pk))
        problems.push(
          `${where}: primary key (${pk.join(', ')}) in Drizzle, ${dbPk ? `(${dbPk.columns.join(', ')})` : 'none'} in the database`,
        );
    }
    const uniques = [
      ...cfg.columns.filter((c) => c.isUnique).map((c) => [c.name]),
      ...cfg.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    ];
    for (const cols of uniques) {
      if (!db.indexes.some((i) => i.unique && !i.partial && sameSet(i.columns, cols)))
        problems.push(`${where}: unique (${cols.join(', ')}) in Drizzle, no unique index on exactly those columns in the database`);
    }
    for (const ix of cfg.indexes) {
      const cols = ix.config.columns.map((c) => (c && 'name' in c && typeof c.name === 'string' ? c.name : null));
      const named = ix.config.name ? db.indexes.find((i) => i.name === ix.config.name) : undefined;
      const label = `index ${ix.config.name ?? `on (${cols.join(', ')})`}`;
      const found =
        named ??
        (ix.config.name
          ? undefined
          : db.indexes.find((i) => cols.every((c, k) => c == null || i.columns[k] === c) && i.columns.length === cols.length));
      if (!found) {
        problems.push(`${where}: ${label} in Drizzle, not in the database`);
        continue;
      }
      if (cols.some((c, k) => c != null && found.columns[k] !== c) || found.columns.length !== cols.length)
        problems.push(`${where}: ${label} on (${cols.join(', ')}) in Drizzle, on (${found.columns.join(', ')}) in the database`);
      if (ix.config.unique !== found.unique)
        problems.push(
          `${where}: ${label} is ${ix.config.unique ? '' : 'not '}unique in Drizzle, ${found.unique ? '' : 'not '}unique in the database`,
        );
      const method = ix.config.method ?? 'btree';
      if (method !== found.method) problems.push(`${where}: ${label} uses ${method} in Drizzle, ${found.method} in the database`);
      const ops = ix.config.columns.map((c) => (c && 'indexConfig' in c ? (c.indexConfig?.opClass ?? null) : null));
      if (ops.some((o, k) => o !== (found.opclasses[k] ?? null)))
        problems.push(
          `${where}: ${label} has operator classes (${ops.map((o) => o ?? 'default').join(', ')}) in Drizzle, ` +
            `(${found.opclasses.map((o) => o ?? 'default').join(', ')}) in the database`,
        );
      if (!!ix.config.where !== found.partial)
        problems.push(
          `${where}: ${label} is ${ix.config.where ? '' : 'not '}partial in Drizzle, ${found.partial ? '' : 'not '}partial in the database`,
        );
    }
  }
  return problems;
}

const drizzleTables = Object.fromEntries(Object.entries(schema).filter(([, v]) => is(v, PgTable))) as Record<string, PgTable>;

describe('the Drizzle schema after every migration', () => {
  let db: Awaited<ReturnType<typeof emptyDatabase>>;
  let catalog: Catalog;
  beforeAll(async () => {
    db = await emptyDatabase();
    expect(await migrate(db.database)).toEqual([...files].sort());
    catalog = await db.database.withConnection(readCatalog);
  });
  afterAll(() => db?.drop());

  it('declares tables, columns, types, nullability, keys and indexes the database has', () => {
    expect(Object.keys(drizzleTables).length).toBeGreaterThan(20);
    const problems = schemaProblems(drizzleTables, catalog);
    expect(problems, `Drizzle schema and migrations disagree:\n  ${problems.join('\n  ')}`).toEqual([]);
  });

  it('declares every table and column the migrations create (but the tables only raw SQL reads)', () => {
    // read and written by hand-written SQL only: the runner's own record, the agent tree's version counter
    const rawOnly = new Set(['schema_migrations', 'agent_tree_version']);
    const declared = new Map<string, Set<string>>();
    for (const table of Object.values(drizzleTables)) {
      const cfg = getTableConfig(table);
      const cols = declared.get(cfg.name) ?? new Set<string>();
      for (const c of cfg.columns) cols.add(c.name);
      declared.set(cfg.name, cols);
    }
    const problems: string[] = [];
    for (const [name, t] of catalog.tables) {
      if (rawOnly.has(name)) continue;
      const cols = declared.get(name);
      if (!cols) problems.push(`${name}: in the database, in no Drizzle table (db/schema/*.ts)`);
      else for (const c of t.columns.keys()) if (!cols.has(c)) problems.push(`${name}.${c}: in the database, in no Drizzle table`);
    }
    for (const name of rawOnly) expect(catalog.tables.has(name), `${name} is gone: drop it from the raw-SQL list`).toBe(true);
    expect(problems, `migrations create what Drizzle does not declare:\n  ${problems.join('\n  ')}`).toEqual([]);
  });

  it('reports every kind of difference at once (the comparison can fail)', () => {
    const wrong = pgTable(
      'users',
      {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        phone: text('phone'),
        userAmt: numeric('user_amt', { precision: 10, scale: 2 }).notNull(),
        tradeLocked: boolean('trade_locked').notNull().default(false),
        nothing: integer('no_such_column'),
      },
      (t) => [index('users_no_such_idx').on(t.phone), index('users_phone_uq').on(t.phone), unique().on(t.userAmt)],
    );
    const missing = pgTable('no_such_table', { id: integer('id') });
    expect(schemaProblems({ wrong, missing }, catalog)).toEqual([
      'wrong (users).id: type bigserial in Drizzle, integer in the database',
      'wrong (users).phone: nullable in Drizzle, NOT NULL in the database',
      'wrong (users).user_amt: type numeric(10, 2) in Drizzle, numeric(20,2) in the database',
      'wrong (users).no_such_column: no such column in the database',
      'wrong (users): unique (user_amt) in Drizzle, no unique index on exactly those columns in the database',
      'wrong (users): index users_no_such_idx in Drizzle, not in the database',
      'wrong (users): index users_phone_uq is not unique in Drizzle, unique in the database',
      'wrong (users): index users_phone_uq has operator classes (default) in Drizzle, (text_pattern_ops) in the database',
      'wrong (users): index users_phone_uq is not partial in Drizzle, partial in the database',
      'missing (no_such_table): no such table in the database',
    ]);
  });
});
