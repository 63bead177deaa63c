import type { z } from 'zod';
import type { Endpoint, Lang } from '@stock-admin/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { t } from '../../app/i18n.js';
import { users } from '../users/tables.js';
import { endpointsByPath } from './operations.js';

type InputOf<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.output<B> : Record<string, never>) : never;

/**
 * What the approvals domain needs to know of a guarded endpoint (contracts `guard`), declared by the domain that owns it
 * (its manifest's `guards`): what the call acts on (one pending request per operation and target), how much money it
 * moves (held at or over the rule's threshold), and a line an operator reads in the queue.
 */
export interface GuardSpec<E extends Endpoint = Endpoint> {
  endpoint: E;
  target: (input: InputOf<E>) => string;
  /** yuan, a decimal string; null: the call moves no amount the threshold speaks of */
  amount?: (db: Db, input: InputOf<E>) => Promise<string | null>;
  /** "给 张伟 #215 加款 ¥5,000.00" */
  summary: (db: Db, input: InputOf<E>, lang: Lang) => Promise<string>;
  /**
   * Refusals the maker should get at once rather than the checker on approval (an unknown stock, a day the exchange
   * does not trade): run before the request is stored; the handler checks them again when it runs.
   */
  precheck?: (ctx: AppContext, input: InputOf<E>, admin: Principal, lang: Lang) => Promise<void>;
  /** false: this call of the endpoint is not the guarded operation (e.g. a rejection through the pay endpoint) */
  applies?: (input: InputOf<E>) => boolean;
}

export const defineGuard = <E extends Endpoint>(spec: GuardSpec<E>): GuardSpec => spec as unknown as GuardSpec;

const specs = new Map<string, GuardSpec>();

export function registerGuard(spec: GuardSpec): void {
  if (!spec.endpoint.guard) throw new Error(`${spec.endpoint.path} has no guard in its contract`);
  specs.set(spec.endpoint.path, spec);
}

/** The spec of a guarded endpoint; one its domain did not describe acts on the record its `id` names. */
export function guardSpecOf(e: Endpoint): GuardSpec {
  return (
    specs.get(e.path) ?? {
      endpoint: e,
      target: (input) => `${e.path}:${String((input as { id?: unknown }).id ?? '')}`,
      summary: async (_db, input, lang) => {
        const id = (input as { id?: unknown }).id;
        return `${t(lang, `approval.op.${e.guard}`)}: ${e.path}${id != null ? ` #${String(id)}` : ''}`;
      },
    }
  );
}

/** The guarded endpoint behind a held request's path. */
export function guardedEndpoint(path: string): Endpoint | undefined {
  const e = endpointsByPath().get(path)?.endpoint;
  return e?.guard ? e : undefined;
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
