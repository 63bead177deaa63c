import Decimal from 'decimal.js';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { admins, users } from '../_kit/parties.js';
import { blockProducts } from './tables.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { AppContext, Principal } from '../../app/context.js';
import { riskRules } from '../risk/index.js';
import { addProduct } from './products.js';
import { cancelRequest, recordRequest, reviewRequest } from './requests.js';

const DAY = 86_400_000;

/**
 * Block-trade demo data, made through the block-trade services and the ledger: products open now (a discount
 * and a fixed price), one upcoming and one closed; requests pending, approved (positions open), rejected and
 * cancelled. The demo trade key of every product is 888888 (the README says so).
 */
export async function seedBlocktrade(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const listed = rows<{ gid: string; prev: string }>(
    await ctx.db.execute(sql`SELECT s.gid, q.prev_close::text AS prev FROM stocks s JOIN quotes q ON q.gid = s.gid
      WHERE s.shown AND NOT s.locked AND NOT s.st AND s.board = 'main' AND q.prev_close BETWEEN 8 AND 60 ORDER BY s.id LIMIT 4`),
  );
  const buyers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.realState, 2), eq(users.accountType, 0), eq(users.tradeLocked, false), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(12);
  // the reviewer of the demo's decisions: the demo's `admin`, else the first account
  const [op] = await ctx.db
    .select()
    .from(admins)
    .orderBy(sql`${admins.username} <> 'admin'`, asc(admins.id))
    .limit(1);
  if (listed.length < 4 || buyers.length < 6 || !op) return;
  const iso = (ms: number) => new Date(ms).toISOString();
  const base = { minShares: 1000, maxShares: 20000, totalShares: 100000, tradeKey: '888888' };
  const specs = [
    {
      ...base,
      gid: listed[0]!.gid,
      priceMode: 'discount' as const,
      discount: '0.92',
      startsAt: iso(now - 2 * DAY),
      endsAt: iso(now + 5 * DAY),
    },
    {
      ...base,
      gid: listed[1]!.gid,
      priceMode: 'fixed' as const,
      fixedPrice: new Decimal(listed[1]!.prev).times(0.9).toFixed(2),
      startsAt: iso(now - DAY),
      endsAt: iso(now + 3 * DAY),
    },
    {
      ...base,
      gid: listed[2]!.gid,
      priceMode: 'discount' as const,
      discount: '0.95',
      startsAt: iso(now + 2 * DAY),
      endsAt: iso(now + 6 * DAY),
    },
    {
      ...base,
      gid: listed[3]!.gid,
      priceMode: 'fixed' as const,
      fixedPrice: new Decimal(listed[3]!.prev).times(0.88).toFixed(2),
      startsAt: iso(now - 9 * DAY),
      endsAt: iso(now - 2 * DAY),
    },
  ];
  const made = [];
  for (const s of specs) made.push(await addProduct(ctx, s));
  const rules = await riskRules(ctx);
  const reviewer = {
    adminId: op.id,
    username: op.username,
    name: op.name,
    isSuper: false,
    agentId: null,
    roleCode: 'admin',
  } as unknown as Principal;
  // the demo's requests: on the open products and the closed one (made while it was open), at its block price then
  const plan: { product: number; buyer: number; shares: number; then: 'pending' | 'approve' | 'reject' | 'cancel'; daysAgo: number }[] = [
    { product: 0, buyer: 0, shares: 5000, then: 'pending', daysAgo: 0 },
    { product: 0, buyer: 1, shares: 2000, then: 'pending', daysAgo: 0 },
    { product: 1, buyer: 2, shares: 3000, then: 'pending', daysAgo: 0 },
    { product: 0, buyer: 3, shares: 10000, then: 'approve', daysAgo: 1 },
    { product: 1, buyer: 4, shares: 4000, then: 'approve', daysAgo: 1 },
    { product: 3, buyer: 5, shares: 8000, then: 'approve', daysAgo: 5 },
    { product: 3, buyer: 1, shares: 2000, then: 'reject', daysAgo: 6 },
    { product: 1, buyer: 0, shares: 1000, then: 'cancel', daysAgo: 0 },
  ];
  for (const step of plan) {
    const [p] = await ctx.db.select().from(blockProducts).where(eq(blockProducts.id, made[step.product]!.id));
    const prev = new Decimal(listed[step.product]!.prev);
    const price = p!.priceMode === 'fixed' ? new Decimal(p!.fixedPrice!) : prev.times(p!.discount!).toDecimalPlaces(2);
    const userId = buyers[step.buyer]!.id;
    const at = new Date(now - step.daysAgo * DAY - 3600_000);
    const r = await ctx.db
      .transaction((t) => recordRequest(t as unknown as Db, rules, userId, p!, step.shares, price, at))
      .catch(() => null); // a demo user short of cash simply has no request
    if (!r) continue;
    if (step.then === 'approve') await reviewRequest(ctx, reviewer, r.id, { approve: true });
    if (step.then === 'reject') await reviewRequest(ctx, reviewer, r.id, { approve: false, reason: '认购额度已满' });
    if (step.then === 'cancel') await cancelRequest(ctx, userId, r.id);
  }
}
