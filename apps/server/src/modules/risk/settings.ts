import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_INDEX_RISK,
  DEFAULT_PRODUCT_CONFIG,
  DEFAULT_STOCK_RISK,
  indexRiskFields,
  productConfigFields,
  stockRiskFields,
  type IndexRisk,
  type ProductConfig,
  type StockRisk,
} from '@stock-admin/contracts';
import { admins } from '../_kit/parties.js';
import { riskSettings } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { reference } from '../../app/reference.js';
import { loadSpreadRules, type SpreadRule } from './spread.js';
import './messages.js';

export interface RiskDocs {
  stock: StockRisk;
  product: ProductConfig;
  index: IndexRisk;
}
export type RiskKey = keyof RiskDocs;

const DEFAULTS: RiskDocs = { stock: DEFAULT_STOCK_RISK, product: DEFAULT_PRODUCT_CONFIG, index: DEFAULT_INDEX_RISK };
const FIELDS = { stock: stockRiskFields, product: productConfigFields, index: indexRiskFields } as const;

export interface SavedDoc<K extends RiskKey> {
  settings: RiskDocs[K];
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * A stored document read through today's schema: fields added since it was saved take their default,
 * fields since removed are dropped (so a save never fails on what an older version wrote).
 */
function readDoc<K extends RiskKey>(key: K, stored: unknown): RiskDocs[K] {
  const merged = { ...DEFAULTS[key], ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = FIELDS[key].safeParse(merged);
  return (parsed.success ? parsed.data : DEFAULTS[key]) as RiskDocs[K];
}

export async function getDoc<K extends RiskKey>(db: Db, key: K): Promise<SavedDoc<K>> {
  const [r] = await db
    .select({
      value: riskSettings.value,
      version: riskSettings.version,
      updatedAt: riskSettings.updatedAt,
      name: admins.name,
      username: admins.username,
    })
    .from(riskSettings)
    .leftJoin(admins, eq(admins.id, riskSettings.updatedBy))
    .where(eq(riskSettings.key, key))
    .limit(1);
  if (!r) return { settings: DEFAULTS[key], version: 0, updatedAt: null, updatedBy: null };
  return {
    settings: readDoc(key, r.value),
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.name ?? r.username ?? null,
  };
}

/** The fields whose value changed, before and after (what the operation log keeps). */
function diff(a: object, b: object): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of Object.keys(b)) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      before[k] = x;
      after[k] = y;
    }
  }
  return { before, after };
}

/**
 * Saves a whole document if it is still at the version the operator read (a save over a newer one is
 * refused, naming who saved it and when). Every instance drops its cached rules.
 */
export async function saveDoc<K extends RiskKey>(
  ctx: AppContext,
  key: K,
  input: RiskDocs[K] & { version: number },
  /** null: the demo's seed */
  adminId: number | null,
) {
  const { version, ...settings } = input;
  const result = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727300, hashtext(${key}))`);
    const current = await getDoc(tx, key);
    if (current.version !== version) {
      throw fail('risk.stale_version', { name: current.updatedBy ?? '-', time: current.updatedAt ?? '-' });
    }
    const next = settings as unknown as RiskDocs[K];
    await tx
      .insert(riskSettings)
      .values({ key, value: next, version: version + 1, updatedBy: adminId, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: riskSettings.key,
        set: { value: next, version: version + 1, updatedBy: adminId, updatedAt: new Date() },
      });
    return { ...diff(current.settings, next), saved: await getDoc(tx, key) };
  });
  dropRiskCache(ctx);
  return result;
}

/** The rules in force, as one consistent read (pass it into transactions: never read rules inside one). */
export type RiskRules = Cached;

interface Cached {
  docs: RiskDocs;
  spread: SpreadRule[];
}
/** The rules trading checks, cached per instance until a save anywhere drops them (app/reference.ts). */
const rules = reference<Cached>('risk', async (ctx) => {
  const [stock, product, index, spread] = await Promise.all([
    getDoc(ctx.db, 'stock'),
    getDoc(ctx.db, 'product'),
    getDoc(ctx.db, 'index'),
    loadSpreadRules(ctx.db),
  ]);
  return { docs: { stock: stock.settings, product: product.settings, index: index.settings }, spread };
});

/** Drops this instance's cached rules and tells the others (hooks → bus). */
export function dropRiskCache(ctx: AppContext): void {
  rules.drop(ctx);
}

/** The rules trading checks, cached per instance until a save anywhere drops them. */
export function riskRules(ctx: AppContext): Promise<Cached> {
  return rules.read(ctx);
}
