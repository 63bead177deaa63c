/**
 * Operations that can require a second administrator (issue 49, "dual control"): each an endpoint's `guard`, each with
 * a rule (approvalsApi.ruleList). Loosening a rule is itself held (`rules`, always on).
 */
export const GUARDED_OPERATIONS = [
  'balance',
  'deposit.create',
  'deposit.confirm',
  'withdrawal.pay',
  'position.create',
  'newshare.allot',
  'risk.settings',
  'access',
  'recon.reopen',
  'corporate.action',
] as const;
export type GuardedOperation = (typeof GUARDED_OPERATIONS)[number];

/** What a request may be for: a guarded operation, or loosening one's rule. */
export const APPROVAL_OPERATIONS = [...GUARDED_OPERATIONS, 'rules'] as const;
export type ApprovalOperation = (typeof APPROVAL_OPERATIONS)[number];

/** Operations that move money: their rule may hold only calls at or over an amount (yuan). */
export const MONEY_OPERATIONS: readonly GuardedOperation[] = [
  'balance',
  'deposit.create',
  'deposit.confirm',
  'withdrawal.pay',
  'position.create',
];

/**
 * Operations whose rule is on until an operator writes one: reopening a reconciled day undoes an accountant's sign-off;
 * a corporate action moves every holder's money and shares on its ex-date.
 * (Switching such a rule off is loosening it: itself held.)
 */
export const DEFAULT_ON_OPERATIONS: readonly GuardedOperation[] = ['recon.reopen', 'corporate.action'];

/** A checker with an authenticator bound gives its current code to approve these (step-up). */
export const STEP_UP_OPERATIONS: readonly ApprovalOperation[] = ['withdrawal.pay', 'balance', 'access', 'rules'];
