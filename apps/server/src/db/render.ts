import { Column, Param, SQL, StringChunk, Table, Name, entityKind } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The text and parameters of a drizzle `sql` query, as PgDialect.sqlToQuery gives them, for the hot list
 * statements. drizzle's renderer checks every chunk against a dozen entity kinds (walking prototypes) and
 * merges arrays at every level: ≈ 100 µs for a fund-record list with totals, a fifth of the server's time
 * per request in bench/user-list. This covers the chunks our list builders use (text, nested sql, plain
 * tables and columns, parameters — json objects and bytes among them —, lists) with a single dispatch each; any
 * other chunk (placeholders, aliases, subqueries, views, inlined params, key-as-name columns) makes it hand the whole
 * query to drizzle. test/db/render.test.ts compares the two on every list shape.
 */
const dialect = new PgDialect();

class Unsupported extends Error {}
// one instance, thrown again each time: a chunk it does not know is an expected turn, and a new Error would capture a
// stack trace on every statement handed over (the operation log's, a deposit's and an upload's inserts at every call)
const UNSUPPORTED = new Unsupported('rendered by drizzle');
/** A value drizzle gives a meaning of its own (a placeholder, a query, a column), not a plain parameter. */
const isEntity = (v: object) => (v.constructor as { [entityKind]?: string } | undefined)?.[entityKind] !== undefined;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
// drizzle's table symbols (Table.Symbol, not in its public types)
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const inlined = (q: SQL) => (q as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

function tableName(t: Record<symbol, unknown>): string {
  const schema = t[TABLE_SCHEMA] as string | undefined;
  const name = quote(t[TABLE_NAME] as string);
  return schema === undefined || t[IS_ALIAS] ? name : `${quote(schema)}.${name}`;
}

function walk(chunks: readonly unknown[], out: { text: string[]; params: unknown[] }): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) out.text.push(...chunk.value);
    else if (chunk instanceof SQL) {
      if (inlined(chunk)) throw UNSUPPORTED;
      walk(chunk.queryChunks, out);
    } else if (chunk instanceof Param) {
      const v = chunk.value;
      // a json object or a Buffer is the encoder's, as drizzle does it; a drizzle entity is drizzle's
      if (typeof v === 'object' && v !== null && isEntity(v)) throw UNSUPPORTED;
      const mapped = v === null ? null : chunk.encoder.mapToDriverValue(v);
      if (mapped instanceof SQL) throw UNSUPPORTED;
      out.params.push(mapped);
      out.text.push(`$${out.params.length}`);
    } else if (chunk instanceof Column) {
      if (chunk.keyAsName) throw UNSUPPORTED;
      out.text.push(`${tableName(chunk.table as unknown as Record<symbol, unknown>)}.${quote(chunk.name)}`);
    } else if (chunk instanceof Table) out.text.push(tableName(chunk as unknown as Record<symbol, unknown>));
    else if (chunk instanceof Name) out.text.push(quote(chunk.value));
    else if (chunk === undefined) continue;
    else if (Array.isArray(chunk)) {
      out.text.push('(');
      chunk.forEach((c, i) => {
        if (i) out.text.push(', ');
        walk([c], out);
      });
      out.text.push(')');
    } else if (
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint' ||
      chunk === null ||
      chunk instanceof Date ||
      // a json object or a Buffer written into the text, as drizzle takes it: a parameter (not a query in disguise)
      (typeof chunk === 'object' && !isEntity(chunk) && typeof (chunk as { getSQL?: unknown }).getSQL !== 'function')
    ) {
      out.params.push(chunk);
      out.text.push(`$${out.params.length}`);
    } else throw UNSUPPORTED;
  }
}

function viaDrizzle(query: SQL): { sql: string; params: unknown[] } {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params };
}

/**
 * Makes a database handle render every statement with renderQuery: its builders' (select, insert, update, delete) and
 * `db.execute`'s, in transactions too (they share the handle's dialect). Issue 64: drizzle's rendering was ≈ 6 % of the
 * server's CPU in the capacity ramp, spread over every statement. Statements that name a source (indexes, views: drizzle
 * passes `invokeSource`) keep drizzle's.
 */
export function renderWithRenderQuery(db: object): void {
  const d = (db as { dialect?: PgDialect }).dialect;
  if (!d) throw new Error('renderWithRenderQuery: not a drizzle database handle');
  const own = d.sqlToQuery.bind(d);
  d.sqlToQuery = ((query: SQL, invokeSource?: 'indexes' | undefined) =>
    invokeSource ? own(query, invokeSource) : renderQuery(query)) as PgDialect['sqlToQuery'];
}

export function renderQuery(query: SQL): { sql: string; params: unknown[] } {
  if (inlined(query)) return viaDrizzle(query);
  const out = { text: [] as string[], params: [] as unknown[] };
  try {
    walk(query.queryChunks, out);
  } catch (e) {
    if (e === UNSUPPORTED) return viaDrizzle(query);
    throw e;
  }
  return { sql: out.text.join(''), params: out.params };
}
