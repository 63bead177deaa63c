import type { z } from 'zod';
import type { Endpoint, GuardedOperation, Lang } from '@stock-admin/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { users } from './parties.js';
import type { GuardedEndpoint, Handler } from '../../http/route.js';

type InputOf<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.output<B> : Record<string, never>) : never;

/**
 * What dual control needs of a guarded endpoint (contracts `guard`), declared by the domain that owns it — its
 * `approval-guards.ts`, listed in its manifest's `guards` and installed with `guardedRoute`: the handler (run now, or
 * by the approvals domain as the maker once a second administrator approves), what the call acts on (one pending
 * request per operation and target), how much money it moves (held at or over the rule's threshold), and a line an
 * operator reads in the queue. The approvals domain's `defineGuard` adds the gate.
 */
export interface GuardSpec<E extends Endpoint = Endpoint> {
  endpoint: E;
  /** The endpoint's handler: `guardedRoute` installs it, and an approved request runs it as its maker. */
  handler: Handler<E>;
  /** What the call acts on (default: the record its `id` names). */
  target?: (input: InputOf<E>) => string;
  /** yuan, a decimal string; null: the call moves no amount the threshold speaks of */
  amount?: (db: Db, input: InputOf<E>) => Promise<string | null>;
  /** "给 张伟 #215 加款 ¥5,000.00" (default: the operation's name, the path and the `id`) */
  summary?: (db: Db, input: InputOf<E>, lang: Lang) => Promise<string>;
  /**
   * Refusals the maker should get at once rather than the checker on approval (an unknown stock, a day the exchange
   * does not trade): run before the request is stored; the handler checks them again when it runs.
   */
  precheck?: (ctx: AppContext, input: InputOf<E>, admin: Principal, lang: Lang) => Promise<void>;
  /** false: this call of the endpoint is not the guarded operation (e.g. a rejection through the pay endpoint) */
  applies?: (input: InputOf<E>) => boolean;
}

/** A guard as the approvals domain made it (`defineGuard`): its spec with every part filled, and the gate. */
export interface Guard<E extends Endpoint = Endpoint> extends GuardedEndpoint<E> {
  operation: GuardedOperation;
  target(input: InputOf<E>): string;
  amount?(db: Db, input: InputOf<E>): Promise<string | null>;
  summary(db: Db, input: InputOf<E>, lang: Lang): Promise<string>;
  precheck?(ctx: AppContext, input: InputOf<E>, admin: Principal, lang: Lang): Promise<void>;
  applies?(input: InputOf<E>): boolean;
}

/** ¥5,000.00: the queue's amounts (a decimal string in, grouped by thousands). */
export function yuan(amount: string): string {
  const [int, frac] = new Decimal(amount).abs().toFixed(2).split('.');
  return `¥${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** 张伟 #215: a user as the queue names them (real name, else nickname, else phone). */
export async function userLabel(db: Db, userId: number): Promise<string> {
  const [u] = await db
    .select({ realName: users.realName, nickName: users.nickName, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return `${u?.realName || u?.nickName || u?.phone || '?'} #${userId}`;
}
