import type { AppContext } from '../../http/context.js';
import { adminCount, createAdmin } from '../../modules/admins/service.js';

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

type Seeder = (ctx: AppContext) => Promise<void>;
/** Domain demo-data generators, run in order after the admins; each domain adds its own. */
export const demoSeeders: Seeder[] = [];

/**
 * Seeds demo data on an empty database. Returns the sign-ins created, or [] when the database
 * already had admin accounts.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoLogin[]> {
  if ((await adminCount(ctx.db)) > 0) return [];
  const names: Record<string, string> = { admin: '管理员', super: '超级管理员', finance: '财务' };
  for (const d of DEMO_ADMINS) {
    const username = d.username === 'super' ? ctx.config.SUPER_ACCOUNT : d.username;
    await createAdmin(ctx.db, { username, name: names[d.username]!, password: d.password, roleCode: d.role });
  }
  for (const s of demoSeeders) await s(ctx);
  return DEMO_ADMINS.map((d) => (d.username === 'super' ? { ...d, username: ctx.config.SUPER_ACCOUNT } : d));
}
import { seedUsersDemo } from '../../modules/users/seed.js'; demoSeeders.push((ctx) => seedUsersDemo(ctx));
import { seedFunds } from '../../modules/funds/seed.js'; demoSeeders.push(seedFunds); // after the users seeder: uses its verified users
