import type { AppContext } from '../app/context.js';
import type { DemoLogin, Domain } from './_kit/domain.js';
import { adminCount, createAdmin } from './admins/service.js';
import { DOMAINS } from './index.js';
import { DEMO_AGENT_LOGIN } from './users/seed.js';

export type { DemoLogin };

/** The demo sign-ins of an empty embedded database (README). */
export const DEMO_ADMINS: DemoLogin[] = [
  { username: 'admin', password: 'admin123', role: 'admin' },
  { username: 'super', password: 'super123', role: 'super' },
  { username: 'finance', password: 'finance123', role: 'finance' },
];

/**
 * The domains with demo data, in the order they run: each after the domains its manifest's `seed.after` names, and
 * otherwise in the order of DOMAINS. Throws on a name that is no domain with a seed, or on a cycle.
 */
export function seedOrder(domains: readonly Domain[] = DOMAINS): Domain[] {
  const seeded = domains.filter((d) => d.seed);
  const names = new Set(seeded.map((d) => d.name));
  for (const d of seeded)
    for (const a of d.seed!.after ?? []) if (!names.has(a)) throw new Error(`${d.name}: seed.after names ${a}, which has no demo data`);
  const done = new Set<string>();
  const order: Domain[] = [];
  while (order.length < seeded.length) {
    const next = seeded.find((d) => !done.has(d.name) && (d.seed!.after ?? []).every((a) => done.has(a)));
    if (!next)
      throw new Error(
        `demo seeds wait on each other: ${seeded
          .filter((d) => !done.has(d.name))
          .map((d) => d.name)
          .join(', ')}`,
      );
    done.add(next.name);
    order.push(next);
  }
  return order;
}

/** The demo's sign-ins as the first start created them (the banner shows them on every start of the demo). */
export function demoLogins(superAccount: string): DemoLogin[] {
  return [...DEMO_ADMINS.map((d) => (d.username === 'super' ? { ...d, username: superAccount } : d)), DEMO_AGENT_LOGIN];
}

/**
 * Seeds demo data on an empty database: the admins, then every domain's (`seed` of its manifest) in `seedOrder`.
 * Returns the sign-ins created, or [] when the database already had admin accounts.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoLogin[]> {
  if ((await adminCount(ctx.db)) > 0) return [];
  const names: Record<string, string> = { admin: '管理员', super: '超级管理员', finance: '财务' };
  for (const d of DEMO_ADMINS) {
    const username = d.username === 'super' ? ctx.config.SUPER_ACCOUNT : d.username;
    await createAdmin(ctx.db, { username, name: names[d.username]!, password: d.password, roleCode: d.role });
  }
  const extra: DemoLogin[] = [];
  for (const d of seedOrder()) extra.push(...((await d.seed!.run(ctx)) ?? []));
  return [...DEMO_ADMINS.map((d) => (d.username === 'super' ? { ...d, username: ctx.config.SUPER_ACCOUNT } : d)), ...extra];
}
