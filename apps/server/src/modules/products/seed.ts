import { addIndexInput, addStockInput, gidOf } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { setReferencePrices } from '../market/index.js';
import { DEMO_INDICES, DEMO_STOCKS } from './demo-listings.js';
import { addIndex } from './indices.js';
import { addStock, setStockFlag } from './stocks.js';
import { dropListedStocks } from './listed.js';

/** Demo states the stock list should show: two stocks locked with a reason, one hidden. */
export const DEMO_LOCKED: readonly { gid: string; reason: string }[] = [
  { gid: 'sh600360', reason: '退市风险警示，暂停交易' },
  { gid: 'sh603377', reason: '重大事项停牌核查' },
];
export const DEMO_HIDDEN: readonly string[] = ['sh600777'];

/**
 * Demo data of the products domain, made through the same services as the operator's add drawer: the
 * real listings of demo-listings.ts on every board and market, the six home-strip indices, and the
 * previous closes the quote feed starts from. One transaction: a half-seeded list never shows.
 */
export async function seedProducts(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const ids = new Map<string, number>();
    for (const s of DEMO_STOCKS) {
      const item = await addStock(tx, addStockInput.parse({ code: s.code, name: s.name, market: s.market }));
      ids.set(item.gid, item.id);
    }
    // the input schema drops prevClose (the quote's, set below)
    for (const i of DEMO_INDICES) await addIndex(tx, addIndexInput.parse({ ...i, homeShown: true, listShown: true }));
    await setReferencePrices(
      tx,
      [...DEMO_STOCKS, ...DEMO_INDICES].map((l) => ({ gid: gidOf(l.market, l.code), prevClose: l.prevClose })),
    );
    const idOf = (gid: string) => {
      const id = ids.get(gid);
      if (id === undefined) throw new Error(`demo stock ${gid} is not among the listings`);
      return id;
    };
    for (const l of DEMO_LOCKED) await setStockFlag(tx, idOf(l.gid), 'locked', true, l.reason);
    for (const gid of DEMO_HIDDEN) await setStockFlag(tx, idOf(gid), 'shown', false, undefined);
  });
  // a running quote service quotes them from its next tick (the routes that add stocks say the same)
  dropListedStocks(ctx);
  ctx.market?.symbolsChanged();
}
