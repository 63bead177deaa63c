import { MONEY_OPERATIONS, approvalsApi, type ApprovalRule, type Lang, type approvalRuleUpdateInput } from '@stock-admin/contracts';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../app/context.js';
import { t } from '../../app/i18n.js';
import { invalid } from '../../http/errors.js';
import { createRequest, saidIn } from './requests.js';
import { loosens, ruleItem, ruleOf, writeRule, type Rule } from './rules.js';

function describe(lang: Lang, next: Rule): string {
  if (!next.enabled) return lang === 'zh-CN' ? '关闭' : 'off';
  return next.threshold == null ? (lang === 'zh-CN' ? '全部复核' : 'every call') : `≥ ¥${next.threshold}`;
}

/**
 * `ruleUpdate.do`: tightening (on, a lower threshold, every call) is saved at once; loosening (off, a higher threshold)
 * is itself a request a second administrator approves — one admin cannot switch dual control off alone.
 */
export async function updateRule(
  ctx: AppContext,
  p: Principal,
  lang: Lang,
  input: z.output<typeof approvalRuleUpdateInput>,
): Promise<{ held: { id: number; status: 'pending' } } | { rule: ApprovalRule }> {
  const money = MONEY_OPERATIONS.includes(input.operation);
  if (!money && input.threshold != null) throw invalid('threshold', 'reason.threshold_not_money');
  const current = await ruleOf(ctx.db, input.operation);
  const next: Rule = {
    operation: input.operation,
    enabled: input.enabled,
    threshold: money ? (input.threshold === undefined ? current.threshold : input.threshold) : null,
    expiresHours: input.expiresHours ?? current.expiresHours,
  };
  if (loosens(current, next)) {
    const held = await createRequest(ctx, p, lang, {
      operation: 'rules',
      target: `rule:${input.operation}`,
      path: approvalsApi.ruleUpdate.path,
      raw: next,
      amount: null,
      summary: await saidIn((l) =>
        t(l, 'approval.rule.summary', { operation: t(l, `approval.op.${input.operation}`), change: describe(l, next) }),
      ),
      expiresHours: current.expiresHours,
    });
    return { held };
  }
  await ctx.db.transaction((tx) => writeRule(tx, next, p.username));
  return { rule: await ruleItem(ctx.db, input.operation) };
}
