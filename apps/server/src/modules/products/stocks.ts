import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gidOf,
  isSt,
  stockBoardOf,
  type addStockInput,
  type Page,
  type StockItem,
  type StockListQuery,
  type stockFilters,
  type StockMarket,
  type updateStockInput,
} from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import { stocks } from './tables.js';
import { fail, invalid } from '../../http/errors.js';
import { pinyinInitials } from './pinyin.js';
import { QUOTE_COLUMNS_SQL, quoteColumnsOf, type QuoteRow } from './quotes.js';
import './messages.js';
import { pageSql } from '../../db/paging.js';

type StockRow = typeof stocks.$inferSelect;
type Filters = z.output<typeof stockFilters>;

/**
 * Who else holds a stock: trading registers "open positions", "pending orders" … here, each counting
 * the references to a stock id inside the deleting transaction; a stock with any cannot be deleted.
 */
export type StockReferenceCount = (tx: Db, stockId: number) => Promise<number>;
const referenceGuards: { what: string; count: StockReferenceCount }[] = [];
export function registerStockDeleteGuard(whatKey: `reason.${string}`, count: StockReferenceCount): void {
  referenceGuards.push({ what: whatKey, count });
}

export function toStockItem(r: StockRow, q: QuoteRow | undefined): StockItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    market: r.market as StockMarket,
    gid: r.gid,
    board: r.board as StockItem['board'],
    pinyin: r.pinyin,
    st: r.st,
    spreadRate: r.spreadRate,
    shown: r.shown,
    locked: r.locked,
    lockReason: r.lockReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...quoteColumnsOf(q),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: Filters): SQL {
  const w: SQL[] = [sql`true`];
  if (f.code) w.push(sql`s.code LIKE ${escapeLike(f.code) + '%'}`);
  if (f.name) w.push(sql`s.name ILIKE ${'%' + escapeLike(f.name) + '%'}`);
  if (f.pinyin) w.push(sql`s.pinyin LIKE ${escapeLike(f.pinyin.toUpperCase()) + '%'}`);
  if (f.market) w.push(sql`s.market = ${f.market}`);
  if (f.board) w.push(sql`s.board = ${f.board}`);
  if (f.shown !== undefined) w.push(sql`s.shown = ${f.shown}`);
  if (f.locked !== undefined) w.push(sql`s.locked = ${f.locked}`);
  return sql.join(w, sql` AND `);
}

const SORT_SQL: Record<string, SQL> = {
  id: sql`s.id`,
  code: sql`s.code`,
  changePct: sql`q.change_pct`,
  turnover: sql`q.turnover`,
};

type ListedRow = Record<string, unknown> & { total: number };

/** Column names of the joined row back to the Drizzle row and the quote. */
function splitRow(r: ListedRow): { stock: StockRow; quote: QuoteRow | undefined } {
  const stock: StockRow = {
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    market: String(r.market),
    gid: String(r.gid),
    board: String(r.board),
    pinyin: String(r.pinyin),
    st: Boolean(r.st),
    spreadRate: String(r.spread_rate),
    shown: Boolean(r.shown),
    locked: Boolean(r.locked),
    lockReason: (r.lock_reason as string | null) ?? null,
    createdAt: new Date(String(r.created_at)),
    updatedAt: new Date(String(r.updated_at)),
  };
  const quote = r.q_last == null ? undefined : (r as unknown as QuoteRow);
  return { stock, quote };
}

/** The stock list: filters, a sort on the quote columns in SQL (the quotes table is joined), paging. */
export async function listStocks(db: Db, q: StockListQuery): Promise<Page<StockItem>> {
  const order = SORT_SQL[q.sortField ?? 'id']!;
  const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const list = rows<ListedRow>(
    await db.execute(sql`
      SELECT s.*, ${QUOTE_COLUMNS_SQL}, count(*) OVER ()::int AS total
      FROM stocks s LEFT JOIN quotes q ON q.gid = s.gid
      WHERE ${whereOf(q)}
      ORDER BY ${order} ${dir} NULLS LAST, s.id ${dir}
      ${pageSql(q)}`),
  );
  let total = list[0]?.total ?? 0;
  if (!list.length && q.pageNum > 1) {
    const [c] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM stocks s WHERE ${whereOf(q)}`));
    total = c?.n ?? 0;
  }
  return {
    list: list.map((r) => {
      const { stock, quote } = splitRow(r);
      return toStockItem(stock, quote);
    }),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** Every stock of the filters in code order, in batches (the CSV export). */
export async function* iterateStocks(db: Db, f: Filters, batch = 1000): AsyncGenerator<StockItem[]> {
  let after = '';
  for (;;) {
    const page = rows<ListedRow>(
      await db.execute(sql`
        SELECT s.*, ${QUOTE_COLUMNS_SQL}, 0 AS total
        FROM stocks s LEFT JOIN quotes q ON q.gid = s.gid
        WHERE ${whereOf(f)} AND s.gid > ${after}
        ORDER BY s.gid LIMIT ${batch}`),
    );
    if (!page.length) return;
    yield page.map((r) => {
      const { stock, quote } = splitRow(r);
      return toStockItem(stock, quote);
    });
    after = String(page[page.length - 1]!.gid);
  }
}

async function getRow(db: Db, id: number, forUpdate = false): Promise<StockRow> {
  const base = db.select().from(stocks).where(eq(stocks.id, id)).limit(1);
  const [r] = forUpdate ? await base.for('update') : await base;
  if (!r) throw fail('stock.not_found');
  return r;
}

export async function getStock(db: Db, id: number): Promise<StockItem> {
  const r = await getRow(db, id);
  return toStockItem(r, await quoteOf(db, r.gid));
}

async function quoteOf(db: Db, gid: string): Promise<QuoteRow | undefined> {
  const [q] = rows<QuoteRow>(await db.execute(sql`SELECT ${QUOTE_COLUMNS_SQL} FROM quotes q WHERE q.gid = ${gid}`));
  return q;
}

/** The derived facts of a code in a market, or the field refusal (`code`). */
export function stockFacts(market: StockMarket, code: string, name: string) {
  const b = stockBoardOf(market, code);
  if ('problem' in b) throw invalid('code', `reason.${b.problem}`);
  return { market, code, gid: gidOf(market, code), board: b.board, st: isSt(name), pinyin: pinyinInitials(name) };
}

export async function addStock(db: Db, input: z.output<typeof addStockInput>): Promise<StockItem> {
  const facts = stockFacts(input.market, input.code, input.name);
  const [row] = await db
    .insert(stocks)
    .values({ ...facts, name: input.name, spreadRate: input.spreadRate ?? '0', shown: input.shown ?? true })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fail('stock.exists', { gid: facts.gid });
  return toStockItem(row, await quoteOf(db, row.gid));
}

export async function updateStock(
  db: Db,
  input: z.output<typeof updateStockInput>,
): Promise<{ item: StockItem; before: Partial<StockRow>; after: Partial<StockRow> }> {
  return db.transaction(async (tx) => {
    const before = await getRow(tx as unknown as Db, input.id, true);
    const patch: Partial<StockRow> = {};
    if (input.name !== undefined && input.name !== before.name) {
      patch.name = input.name;
      patch.pinyin = pinyinInitials(input.name);
      patch.st = isSt(input.name);
    }
    if (input.spreadRate !== undefined && input.spreadRate !== before.spreadRate) patch.spreadRate = input.spreadRate;
    const [row] = await tx
      .update(stocks)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(stocks.id, input.id))
      .returning();
    const was = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof StockRow]]));
    return { item: toStockItem(row!, await quoteOf(tx as unknown as Db, row!.gid)), before: was, after: patch };
  });
}

/** Lock/unlock trading or show/hide; `changed` is false when the stock already was so (nothing written). */
export async function setStockFlag(
  db: Db,
  id: number,
  flag: 'locked' | 'shown',
  value: boolean,
  reason: string | undefined,
): Promise<{ item: StockItem; changed: boolean }> {
  const patch = flag === 'locked' ? { locked: value, lockReason: value ? (reason ?? null) : null } : { shown: value };
  const [row] = await db
    .update(stocks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(stocks.id, id), flag === 'locked' ? sql`locked IS DISTINCT FROM ${value}` : sql`shown IS DISTINCT FROM ${value}`))
    .returning();
  if (row) return { item: toStockItem(row, await quoteOf(db, row.gid)), changed: true };
  return { item: await getStock(db, id), changed: false };
}

/** Deletes a stock nobody references (the guards count inside the same transaction, row locked). */
export async function deleteStock(db: Db, id: number): Promise<StockRow> {
  return db.transaction(async (tx) => {
    const row = await getRow(tx as unknown as Db, id, true);
    for (const g of referenceGuards) {
      const n = await g.count(tx as unknown as Db, id);
      if (n > 0) throw fail('stock.in_use', { count: n, reason: g.what });
    }
    await tx.delete(stocks).where(eq(stocks.id, id));
    return row;
  });
}
