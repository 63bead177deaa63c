import type { ApprovalOperation } from '@stock-admin/contracts';

/** The i18n key of an operation's name (`deposit.create` → `approvals.op.deposit_create`: a key has no dots of its own). */
export const opKey = (op: ApprovalOperation) => `approvals.op.${op.replaceAll('.', '_')}`;
