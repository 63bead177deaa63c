import type { Lang } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../app/context.js';

/** What a guarded endpoint's handler did when run on approval: its data, its audit entry and its message. */
export interface GuardedOutcome {
  data: unknown;
  audit: { targetId?: string | number | null; before?: unknown; after?: unknown };
  msg: string;
}

/** A guarded endpoint's handler as the approvals domain runs it: the maker's stored input, as the maker, now. */
export type GuardedRun = (call: { input: unknown; maker: Principal; lang: Lang; req: unknown; reply: unknown }) => Promise<GuardedOutcome>;

// Per application (tests run several in one process): the handlers close over their own app's context.
const runs = new WeakMap<AppContext, Map<string, GuardedRun>>();

/** route() registers each guarded endpoint's handler (contracts `guard`). */
export function registerGuardedRun(ctx: AppContext, path: string, run: GuardedRun): void {
  let m = runs.get(ctx);
  if (!m) runs.set(ctx, (m = new Map()));
  m.set(path, run);
}

/** The handler behind a held request's path, in this application. */
export const guardedRunOf = (ctx: AppContext, path: string): GuardedRun | undefined => runs.get(ctx)?.get(path);
