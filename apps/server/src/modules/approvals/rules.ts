import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import {
  APPROVAL_EXPIRY_HOURS,
  DEFAULT_ON_OPERATIONS,
  GUARDED_OPERATIONS,
  MONEY_OPERATIONS,
  STEP_UP_OPERATIONS,
  type ApprovalRule,
  type GuardedOperation,
} from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { approvalRequests, approvalRules } from './tables.js';

export interface Rule {
  operation: GuardedOperation;
  enabled: boolean;
  threshold: string | null;
  expiresHours: number;
}

/**
 * A rule never written is off — dual control is switched on by an operator (the demo switches on its own) — except for
 * the operations that are on until written (DEFAULT_ON_OPERATIONS).
 */
const OFF = (operation: GuardedOperation): Rule => ({
  operation,
  enabled: DEFAULT_ON_OPERATIONS.includes(operation),
  threshold: null,
  expiresHours: APPROVAL_EXPIRY_HOURS.default,
});

export async function ruleOf(db: Db, operation: GuardedOperation): Promise<Rule> {
  const [r] = await db.select().from(approvalRules).where(eq(approvalRules.operation, operation));
  return r ? { operation, enabled: r.enabled, threshold: r.threshold, expiresHours: r.expiresHours } : OFF(operation);
}

/** True when a call moving `amount` (null: none) is held by the rule. */
export function holds(rule: Rule, amount: string | null): boolean {
  if (!rule.enabled) return false;
  if (rule.threshold == null || amount == null || !MONEY_OPERATIONS.includes(rule.operation)) return true;
  return new Decimal(amount).abs().gte(rule.threshold);
}

/**
 * True when `next` lets through a call `current` would have held: off after on, a higher threshold, a threshold where
 * every call was held. (A shorter or longer wait is neither: it only decides when a held request lapses.)
 */
export function loosens(current: Rule, next: Rule): boolean {
  if (!current.enabled) return false;
  if (!next.enabled) return true;
  if (!MONEY_OPERATIONS.includes(current.operation)) return false;
  if (next.threshold == null) return false;
  return current.threshold == null || new Decimal(next.threshold).gt(current.threshold);
}

export async function writeRule(db: Db, rule: Rule, by: string): Promise<void> {
  const values = {
    enabled: rule.enabled,
    threshold: rule.threshold,
    expiresHours: rule.expiresHours,
    updatedAt: new Date(),
    updatedBy: by,
  };
  await db
    .insert(approvalRules)
    .values({ operation: rule.operation, ...values })
    .onConflictDoUpdate({ target: approvalRules.operation, set: values });
}

/** Every operation's rule, with who changed it last and a pending request to loosen it. */
export async function listRules(db: Db): Promise<ApprovalRule[]> {
  const stored = await db.select().from(approvalRules).orderBy(asc(approvalRules.operation));
  const pending = await db
    .select({ id: approvalRequests.id, target: approvalRequests.target })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.operation, 'rules'), eq(approvalRequests.status, 'pending')));
  return GUARDED_OPERATIONS.map((operation) => {
    const r = stored.find((x) => x.operation === operation);
    const rule = r ? { enabled: r.enabled, threshold: r.threshold, expiresHours: r.expiresHours } : OFF(operation);
    return {
      operation,
      enabled: rule.enabled,
      threshold: rule.threshold,
      expiresHours: rule.expiresHours,
      money: MONEY_OPERATIONS.includes(operation),
      stepUp: STEP_UP_OPERATIONS.includes(operation),
      pendingChange: pending.find((p) => p.target === `rule:${operation}`)?.id ?? null,
      updatedAt: r?.updatedAt ? r.updatedAt.toISOString() : null,
      updatedBy: r?.updatedBy ?? null,
    };
  });
}

/** A rule as the console shows it. */
export const ruleItem = async (db: Db, operation: string): Promise<ApprovalRule> =>
  (await listRules(db)).find((r) => r.operation === operation)!;

/** An approved `rules` request: the loosened rule it carries, written as its maker. */
export async function applyRuleChange(ctx: AppContext, maker: Principal, raw: unknown): Promise<{ data: ApprovalRule }> {
  const next = raw as Rule;
  await ctx.db.transaction((tx) => writeRule(tx, next, maker.username));
  return { data: await ruleItem(ctx.db, next.operation) };
}
