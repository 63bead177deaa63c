import type { FastifyInstance } from 'fastify';
import type { CounterKey, PermissionKey } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import type { JobDef } from '../../jobs/registry.js';
import type { Counter } from './counters.js';
import type { Guard } from './guards.js';

/**
 * What a domain contributes to the server, declared in its own `modules/<domain>/index.ts` and installed
 * by `modules/index.ts` (its one line in `DOMAINS`). Nothing outside the domain's folder names its routes,
 * jobs, counters or guards. Live events are declared once for both sides in contracts (the spec's in `LIVE_EVENTS`, a
 * domain's own by `defineLiveEvents` in its contract file);
 * server messages stay registered by the module that uses them (`registerMessages` on import), so a
 * service imported alone still answers in both languages.
 */
/** A sign-in the demo data created (printed by `npm start`). */
export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

export interface Domain {
  /** The folder's name, the same as the console feature's (`apps/console/src/features/<name>`). */
  name: string;
  /**
   * The domain owns the tables its `tables.ts` declares, and the parties' tables `parties.ts` names it owner of (and
   * their migrations, in its `migrations/`): only it writes
   * them (summaries kept by triggers in the writing transaction included). A write into another domain's table is
   * listed here, table → why. test/structure/boundaries.test.ts finds every write in the sources and holds both.
   */
  alsoWrites?: Record<string, string>;
  /**
   * The permissions this domain adds beyond the spec's table, with their names in both languages (the role editor, the
   * session's permission list, the operation log). The key itself is declared in the domain's contract file
   * (`definePermission`), which both sides import.
   */
  permissions?: { key: PermissionKey; name: { 'zh-CN': string; 'en-US': string } }[];
  routes?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** Scheduled tasks (one run at a time across the cluster; operators may change the schedule). */
  jobs?: JobDef[];
  /** Header counters this domain owns (`GET /admin/system/count.do`), each in the caller's scope. */
  counters?: Partial<Record<CounterKey, Counter>>;
  /**
   * Its endpoints that dual control may hold (contracts `guard`, issue 49), made by the approvals domain's
   * `defineGuard` (handler, target, amount, the queue's line) and installed with `guardedRoute`: modules/index.ts puts
   * them in the registry an approved request is run from.
   */
  guards?: Guard[];
  /** Open business that forbids deleting a user: true while the user still has some. */
  userDeleteGuards?: { reason: `reason.${string}`; check: (tx: Db, userId: number) => Promise<boolean> }[];
  /** References that forbid deleting a stock: how many there are inside the deleting transaction. */
  stockDeleteGuards?: { reason: `reason.${string}`; count: (tx: Db, stockId: number) => Promise<number> }[];
  /**
   * Demo data (`npm start` on an empty database, `SEED_DEMO`), made through the domain's services; `after`: the domains
   * whose demo data it builds on (modules/seed.ts runs them first). It may return sign-ins it created.
   */
  seed?: { run: (ctx: AppContext) => Promise<void | DemoLogin[]>; after?: string[] };
}

export const defineDomain = (d: Domain): Domain => d;
