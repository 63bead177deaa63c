import type { AppContext } from '../http/context.js';
import { adminCount, createAdmin } from './admins/service.js';
import { seedFunds } from './funds/seed.js';
import { seedProducts } from './products/seed.js';
import { seedTrading } from './trading/seed.js';
import { seedBlocktrade } from './blocktrade/seed.js';
import { seedNewshares } from './newshares/seed.js';
import { seedContent } from './content/seed.js';
import { seedAgreements } from './agreements/seed.js';
import { seedMessages } from './messages/seed.js';
import { DEMO_AGENT_LOGIN, seedUsersDemo } from './users/seed.js';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

/** The demo sign-ins of an empty embedded database (README). */
export const DEMO_ADMINS: DemoLogin[] = [
  { username: 'admin', password: 'admin123', role: 'admin' },
  { username: 'super', password: 'super123', role: 'super' },
  { username: 'finance', password: 'finance123', role: 'finance' },
];

/** A domain's demo-data generator; it may return extra sign-ins it created (printed at start-up). */
type Seeder = (ctx: AppContext) => Promise<void | DemoLogin[]>;

/** Domain demo-data generators, run in this order after the admins (funds uses the users' verified accounts). */
export const demoSeeders: Seeder[] = [
  async (ctx) => {
    await seedUsersDemo(ctx);
    return [{ ...DEMO_AGENT_LOGIN }];
  },
  seedFunds,
  seedProducts,
  seedTrading,
  seedBlocktrade,
  seedNewshares,
  seedContent,
  seedAgreements,
  seedMessages,
];

/**
 * Seeds demo data on an empty database. Returns the sign-ins created, or [] when the database
 * already had admin accounts.
 */
/** The demo's sign-ins as the first start created them (the banner shows them on every start of the demo). */
export function demoLogins(superAccount: string): DemoLogin[] {
  return [...DEMO_ADMINS.map((d) => (d.username === 'super' ? { ...d, username: superAccount } : d)), DEMO_AGENT_LOGIN];
}

export async function seedDemo(ctx: AppContext): Promise<DemoLogin[]> {
  if ((await adminCount(ctx.db)) > 0) return [];
  const names: Record<string, string> = { admin: '管理员', super: '超级管理员', finance: '财务' };
  for (const d of DEMO_ADMINS) {
    const username = d.username === 'super' ? ctx.config.SUPER_ACCOUNT : d.username;
    await createAdmin(ctx.db, { username, name: names[d.username]!, password: d.password, roleCode: d.role });
  }
  const extra: DemoLogin[] = [];
  for (const s of demoSeeders) extra.push(...((await s(ctx)) ?? []));
  return [...DEMO_ADMINS.map((d) => (d.username === 'super' ? { ...d, username: ctx.config.SUPER_ACCOUNT } : d)), ...extra];
}
