import { type Endpoint, type InputOf } from '@stock-admin/contracts';
import { intentKeyFor } from '../../lib/intent';
import { request } from '../../lib/request';

/**
 * Runs a mutation and returns its data with the server's message (the success feedback shown to the
 * operator is the server's own text, in the console language). Failures were already shown by the client.
 */
export async function act<E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<{ data: unknown; msg: string }> {
  const env = await request(endpoint.path, { method: endpoint.method, data: input, idempotencyKey: intentKeyFor(endpoint) });
  return { data: env.data, msg: env.msg };
}
