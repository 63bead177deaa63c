import type { z } from 'zod';
import type { Action, PermissionKey } from './permissions.js';
import type { GuardedOperation } from './guards.js';

/**
 * One HTTP call of the product: its verb, the spec's path, who may call it and the shapes
 * on both sides. The server registers routes from these; the console types its calls with them.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'GET' | 'POST';
  path: string;
  /** `public` needs no token; `signedIn` needs only a valid token; otherwise a permission. */
  access: 'public' | 'signedIn' | { permission: PermissionKey; action: Action };
  /** Only the super account may call it (spec §6). */
  super?: boolean;
  /** Request body (POST) or query (GET). */
  input?: B;
  /** `data` of a successful envelope. */
  data?: D;
  /** Operation-log module name; mutations are logged automatically. */
  module?: string;
  /**
   * Dual control: a call its operation's rule holds is stored for a second administrator instead of done (answered
   * `data.approval`, see `held`); approved, it runs then through the same handler.
   */
  guard?: GuardedOperation;
  summary?: string;
}

export const endpoint = <B extends z.ZodType | undefined, D extends z.ZodType | undefined>(e: Endpoint<B, D>): Endpoint<B, D> => e;

export type InputOf<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.input<B> : void) : never;
export type DataOf<E> = E extends Endpoint<z.ZodType | undefined, infer D> ? (D extends z.ZodType ? z.output<D> : null) : never;
