import type { Endpoint } from '@stock-admin/contracts';
import { t } from '../../app/i18n.js';
import type { Guard, GuardSpec } from '../_kit/guards.js';
import { holdCall } from './requests.js';

/**
 * A guarded endpoint made whole (issue 63): the owning domain's spec — handler, target, amount, the queue's line — with
 * the defaults of an endpoint that acts on the record its `id` names, and the gate (`hold`) that `guardedRoute` asks
 * before the handler runs. The operation is the contract's `guard`, next to the endpoint's permission.
 */
export function defineGuard<E extends Endpoint>(spec: GuardSpec<E>): Guard<E> {
  const e = spec.endpoint;
  if (!e.guard) throw new Error(`${e.path} has no guard in its contract`);
  const id = (input: unknown) => (input as { id?: unknown }).id;
  const g: Guard<E> = {
    ...spec,
    operation: e.guard,
    target: spec.target ?? ((input) => `${e.path}:${String(id(input) ?? '')}`),
    summary:
      spec.summary ??
      (async (_db, input, lang) => `${t(lang, `approval.op.${e.guard}`)}: ${e.path}${id(input) != null ? ` #${String(id(input))}` : ''}`),
    hold: (ctx, call) => holdCall(ctx, g as unknown as Guard, call),
  };
  return g;
}
