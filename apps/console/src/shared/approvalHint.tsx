import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { approvalsApi, type ApprovalRule, type GuardedOperation } from '@stock-admin/contracts';
import { call } from '../lib/request';

/** The rules (read by every signed-in admin), shared by every guarded form; refreshed when the rules page saves. */
export const useApprovalRules = () =>
  useQuery({
    queryKey: ['approvals', 'rules'],
    queryFn: () => call(approvalsApi.ruleList, undefined, { silent: true }),
    staleTime: 60_000,
  });

/**
 * True when a call of `operation` moving `amount` (yuan) will wait for a second administrator: every call when the rule
 * has no threshold; at or over it otherwise (an amount not known yet: not said).
 */
export function willBeHeld(rule: ApprovalRule | undefined, amount?: string | null): boolean {
  if (!rule?.enabled) return false;
  if (!rule.money || rule.threshold == null) return true;
  if (amount == null) return false;
  try {
    return new Decimal(amount).abs().gte(rule.threshold);
  } catch {
    return false;
  }
}

export const useWillBeHeld = (operation: GuardedOperation, amount?: string | null): boolean =>
  willBeHeld(
    useApprovalRules().data?.find((r) => r.operation === operation),
    amount,
  );

/** Said before a guarded form is sent: this will not happen until a second administrator approves it. */
export function HeldHint({ operation, amount }: { operation: GuardedOperation; amount?: string | null }) {
  const { t } = useTranslation();
  if (!useWillBeHeld(operation, amount)) return null;
  return <Alert type="warning" showIcon message={t('approvalHint')} style={{ marginBottom: 12 }} data-testid="held-hint" />;
}
