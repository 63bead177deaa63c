import type { GuardedOperation } from '@stock-admin/contracts';
import type { Guard } from '../_kit/guards.js';

/**
 * THE registry a held call is replayed from: each operation's guarded endpoints, as the domains' manifests list them
 * (modules/index.ts registers them). An approved request names its operation and which of its endpoints it held.
 */
const byOperation = new Map<GuardedOperation, Guard[]>();

export function registerGuard(g: Guard): void {
  const list = byOperation.get(g.operation) ?? [];
  const same = list.find((x) => x.endpoint.path === g.endpoint.path);
  if (same && same !== g) throw new Error(`${g.endpoint.path} is guarded twice`);
  if (!same) byOperation.set(g.operation, [...list, g]);
}

/** The guard a held request of `operation` names (its endpoint's path, stored with it). */
export const guardOf = (operation: string, path: string): Guard | undefined =>
  byOperation.get(operation as GuardedOperation)?.find((g) => g.endpoint.path === path);

/** Every registered guard, by operation (the registry test compares it with the contracts). */
export const registeredGuards = (): ReadonlyMap<GuardedOperation, readonly Guard[]> => byOperation;
