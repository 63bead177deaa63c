import Decimal from 'decimal.js';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { SpreadRuleItem, SpreadRuleType } from '@stock-admin/contracts';
import { spreadRules } from './tables.js';
import type { Db } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { onePage } from '../../db/paging.js';

type Row = typeof spreadRules.$inferSelect;
const trim = (v: string | null) => (v == null ? null : new Decimal(v).toString());

export function toItem(r: Row): SpreadRuleItem {
  return {
    id: r.id,
    type: r.type as SpreadRuleType,
    start: trim(r.rangeStart),
    end: trim(r.rangeEnd),
    prefix: r.prefix,
    ratePct: trim(r.ratePct)!,
    enabled: r.enabled,
    note: r.note,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface SpreadRuleInput {
  type: SpreadRuleType;
  start?: string;
  end?: string;
  prefix?: string;
  ratePct: string;
  enabled?: boolean;
  note?: string;
}

const columns = (i: SpreadRuleInput) => ({
  type: i.type,
  rangeStart: i.type === 'code_prefix' ? null : i.start!,
  rangeEnd: i.type === 'code_prefix' ? null : i.end!,
  prefix: i.type === 'code_prefix' ? i.prefix! : null,
  ratePct: i.ratePct,
  enabled: i.enabled ?? true,
  note: i.note ?? '',
});

export async function listSpreadRules(db: Db, q: { pageNum: number; pageSize: number; type?: SpreadRuleType }) {
  const where = q.type ? eq(spreadRules.type, q.type) : undefined;
  const [{ n }] = (await db.select({ n: count() }).from(spreadRules).where(where)) as [{ n: number }];
  const rows = await onePage(
    db.select().from(spreadRules).where(where).orderBy(asc(spreadRules.type), desc(spreadRules.ratePct), asc(spreadRules.id)).$dynamic(),
    q,
  );
  return { list: rows.map(toItem), total: Number(n), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function addSpreadRule(db: Db, i: SpreadRuleInput): Promise<SpreadRuleItem> {
  const [r] = await db.insert(spreadRules).values(columns(i)).returning();
  return toItem(r!);
}

export async function updateSpreadRule(db: Db, id: number, i: SpreadRuleInput) {
  const [before] = await db.select().from(spreadRules).where(eq(spreadRules.id, id)).limit(1);
  if (!before) throw fail('spread.not_found');
  const [r] = await db
    .update(spreadRules)
    .set({ ...columns(i), updatedAt: new Date() })
    .where(eq(spreadRules.id, id))
    .returning();
  return { before: toItem(before), item: toItem(r!) };
}

export async function deleteSpreadRule(db: Db, id: number): Promise<SpreadRuleItem> {
  const [r] = await db.delete(spreadRules).where(eq(spreadRules.id, id)).returning();
  if (!r) throw fail('spread.not_found');
  return toItem(r);
}

/** An enabled rule, ready to match. */
export interface SpreadRule {
  type: SpreadRuleType;
  start: Decimal | null;
  end: Decimal | null;
  prefix: string | null;
  ratePct: Decimal;
}

export async function loadSpreadRules(db: Db): Promise<SpreadRule[]> {
  const rows = await db.select().from(spreadRules).where(eq(spreadRules.enabled, true));
  return rows.map((r) => ({
    type: r.type as SpreadRuleType,
    start: r.rangeStart == null ? null : new Decimal(r.rangeStart),
    end: r.rangeEnd == null ? null : new Decimal(r.rangeEnd),
    prefix: r.prefix,
    ratePct: new Decimal(r.ratePct),
  }));
}

/** What an order is matched on. */
export interface SpreadSubject {
  code: string;
  /** Today's change % of the stock at the order. */
  changePct: Decimal.Value;
  /** Order value (¥). */
  amount: Decimal.Value;
  price: Decimal.Value;
  /** The stock's own spread rate, a fraction (0.001 = 0.1 %). */
  stockRate: Decimal.Value;
}

/** The spread % of an order: the highest of the matching rules' rates and the stock's own. Bands are [start, end). */
export function spreadPctOf(rules: readonly SpreadRule[], s: SpreadSubject): Decimal {
  let best = new Decimal(s.stockRate).times(100);
  const value: Record<Exclude<SpreadRuleType, 'code_prefix'>, Decimal> = {
    change_pct: new Decimal(s.changePct),
    amount: new Decimal(s.amount),
    price: new Decimal(s.price),
  };
  for (const r of rules) {
    const hit = r.type === 'code_prefix' ? s.code.startsWith(r.prefix!) : value[r.type].gte(r.start!) && value[r.type].lt(r.end!);
    if (hit && r.ratePct.gt(best)) best = r.ratePct;
  }
  return best;
}
