import type { StockBoard } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { reference } from '../../app/reference.js';
import { stocks } from './tables.js';

/** What trading needs of a listed stock (its row without the search and audit columns). */
export interface ListedStock {
  id: number;
  gid: string;
  code: string;
  name: string;
  board: StockBoard;
  st: boolean;
  spreadRate: string;
  shown: boolean;
  locked: boolean;
}

/**
 * Every stock row, by symbol, read once per instance and dropped by every change of one (app/reference.ts) —
 * issue 64: a platform user's quote read its stock row each time, a statement in thirty of the platform's calls.
 * A few thousand rows at most; a change re-reads them all, and changes are an operator's (add, edit, lock, show,
 * delete, import). Read outside transactions only: a write path reads the row itself, under its own snapshot.
 */
const listed = reference<Map<string, ListedStock>>('stocks', async (ctx) => {
  const all = await ctx.db
    .select({
      id: stocks.id,
      gid: stocks.gid,
      code: stocks.code,
      name: stocks.name,
      board: stocks.board,
      st: stocks.st,
      spreadRate: stocks.spreadRate,
      shown: stocks.shown,
      locked: stocks.locked,
    })
    .from(stocks);
  return new Map(all.map((s) => [s.gid, { ...s, board: s.board as StockBoard }]));
});

/** The stock row of a symbol as last committed (cached), or undefined when there is none. */
export async function listedStock(ctx: AppContext, gid: string): Promise<ListedStock | undefined> {
  return (await listed.read(ctx)).get(gid);
}

/** Drops every instance's copy: called once a change of a stock row has committed. */
export function dropListedStocks(ctx: AppContext): void {
  listed.drop(ctx);
}
