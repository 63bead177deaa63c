import type { Endpoint } from '@stock-admin/contracts';

/**
 * One operator intent — a form submitted, an action clicked — is one `Idempotency-Key` (issue 47): the request client
 * sends it with every retry of that intent, so a retry after a lost answer is answered with the first answer and
 * acts nothing twice. A new click is a new intent with a new key.
 */

/** How long the client waits before each retry of an intent whose answer did not come (network, time-out, 503). */
export const INTENT_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/** 128 random bits as hex. `crypto.getRandomValues` works on plain http too, where `randomUUID` does not. */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A key for a call of `endpoint` when it changes something (contracts mark mutations with their log `module`). */
export const intentKeyFor = (endpoint: Pick<Endpoint, 'module' | 'method'>): string | undefined =>
  endpoint.method === 'POST' && endpoint.module ? newIntentKey() : undefined;
