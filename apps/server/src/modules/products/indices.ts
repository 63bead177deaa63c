import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gidOf,
  indexCodeProblem,
  type addIndexInput,
  type IndexItem,
  type indexListQuery,
  type Page,
  type updateIndexInput,
} from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import { indexProducts } from './tables.js';
import { fail, invalid } from '../../http/errors.js';
import { QUOTE_COLUMNS_SQL, quoteColumnsOf, type QuoteRow } from './quotes.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

type IndexRow = typeof indexProducts.$inferSelect;

export function toIndexItem(r: IndexRow, q: QuoteRow | undefined): IndexItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    gid: r.gid,
    homeShown: r.homeShown,
    listShown: r.listShown,
    tradable: r.tradable,
    marginPerLot: r.marginPerLot,
    feePerLot: r.feePerLot,
    valuePerPoint: r.valuePerPoint,
    minLots: r.minLots,
    maxLots: r.maxLots,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...quoteColumnsOf(q),
  };
}

async function withQuotes(db: Db, list: IndexRow[]): Promise<IndexItem[]> {
  if (!list.length) return [];
  const gids = sql.join(
    list.map((r) => sql`${r.gid}`),
    sql`, `,
  );
  const quotes = rows<QuoteRow & { gid: string }>(
    await db.execute(sql`SELECT q.gid, ${QUOTE_COLUMNS_SQL} FROM quotes q WHERE q.gid IN (${gids})`),
  );
  const byGid = new Map(quotes.map((q) => [q.gid, q]));
  return list.map((r) => toIndexItem(r, byGid.get(r.gid)));
}

export async function listIndices(db: Db, q: z.output<typeof indexListQuery>): Promise<Page<IndexItem>> {
  const w: SQL[] = [sql`true`];
  if (q.code) w.push(sql`code LIKE ${q.code.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  if (q.name) w.push(sql`name ILIKE ${'%' + q.name.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  if (q.tradable !== undefined) w.push(sql`tradable = ${q.tradable}`);
  if (q.homeShown !== undefined) w.push(sql`home_shown = ${q.homeShown}`);
  if (q.listShown !== undefined) w.push(sql`list_shown = ${q.listShown}`);
  const where = sql.join(w, sql` AND `);
  const [c] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM index_products WHERE ${where}`));
  const list = await onePage(db.select().from(indexProducts).where(where).orderBy(indexProducts.id).$dynamic(), q);
  return { list: await withQuotes(db, list), total: c?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Indices shown in the app's home strip, in id order (the market strip). */
export async function homeIndices(db: Db): Promise<IndexItem[]> {
  return withQuotes(db, await db.select().from(indexProducts).where(eq(indexProducts.homeShown, true)).orderBy(indexProducts.id));
}

async function getRow(db: Db, id: number): Promise<IndexRow> {
  const [r] = await db.select().from(indexProducts).where(eq(indexProducts.id, id)).limit(1);
  if (!r) throw fail('index.not_found');
  return r;
}

function checkLots(minLots: number, maxLots: number) {
  if (maxLots < minLots) throw invalid('maxLots', 'reason.lots_order');
}

export async function addIndex(db: Db, input: z.output<typeof addIndexInput>): Promise<IndexItem> {
  const problem = indexCodeProblem(input.market, input.code);
  if (problem) throw invalid('code', `reason.${problem}`);
  checkLots(input.minLots, input.maxLots);
  const gid = gidOf(input.market, input.code);
  const [row] = await db
    .insert(indexProducts)
    .values({
      code: input.code,
      market: input.market,
      gid,
      name: input.name,
      homeShown: input.homeShown ?? false,
      listShown: input.listShown ?? true,
      tradable: input.tradable ?? false,
      marginPerLot: input.marginPerLot,
      feePerLot: input.feePerLot,
      valuePerPoint: input.valuePerPoint,
      minLots: input.minLots,
      maxLots: input.maxLots,
      description: input.description ?? '',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fail('index.exists', { gid });
  return (await withQuotes(db, [row]))[0]!;
}

export async function updateIndex(db: Db, input: z.output<typeof updateIndexInput>): Promise<{ item: IndexItem; before: IndexRow }> {
  checkLots(input.minLots, input.maxLots);
  const before = await getRow(db, input.id);
  const { id, ...rest } = input;
  const [row] = await db
    .update(indexProducts)
    .set({
      ...rest,
      description: rest.description ?? before.description,
      homeShown: rest.homeShown ?? before.homeShown,
      listShown: rest.listShown ?? before.listShown,
      tradable: rest.tradable ?? before.tradable,
      updatedAt: new Date(),
    })
    .where(eq(indexProducts.id, id))
    .returning();
  return { item: (await withQuotes(db, [row!]))[0]!, before };
}

export async function setIndexFlag(db: Db, id: number, flag: 'homeShown' | 'listShown' | 'tradable', value: boolean): Promise<IndexItem> {
  await getRow(db, id);
  const [row] = await db
    .update(indexProducts)
    .set({ [flag]: value, updatedAt: new Date() })
    .where(eq(indexProducts.id, id))
    .returning();
  return (await withQuotes(db, [row!]))[0]!;
}
