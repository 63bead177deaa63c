import { and, eq, gt, isNull } from 'drizzle-orm';
import { addAgentInput } from '@stock-admin/contracts';
import { admins, agents, users } from '../modules/_kit/parties.js';
import type { AppContext } from '../app/context.js';
import { systemPrincipal } from '../modules/_kit/system.js';
import { addAgent } from '../modules/agents/index.js';
import { DEMO_USER_PASSWORD } from '../modules/users/index.js';
import { Simulation } from './index.js';

/** The agent every simulated user registers under: the console filters the simulated traffic by it. */
export const SIMULATED_AGENT = '模拟流量';

/**
 * The demo's own traffic (issue 37): `npm start` on the embedded demo runs simulated end users against its own
 * public API at a gentle rate (SIMULATE_RATE), so that buys, deposits and withdrawals arrive, badges count up and
 * sounds play within a minute of signing in. They register under the agent 模拟流量 (made through the agents
 * service), so operators can tell them apart and filter them out.
 */
export async function startDemoTraffic(ctx: AppContext, base: string, rate: number): Promise<Simulation> {
  let [agent] = await ctx.db.select({ inviteCode: agents.inviteCode }).from(agents).where(eq(agents.name, SIMULATED_AGENT)).limit(1);
  if (!agent) {
    const [admin] = await ctx.db
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .where(eq(admins.username, 'admin'))
      .limit(1);
    const made = await addAgent(
      ctx,
      systemPrincipal(admin),
      addAgentInput.parse({
        name: SIMULATED_AGENT,
        realName: '模拟客户',
        phone: '13900000099',
        password: `sim-${Date.now()}`,
        feeRate: '0',
        deferralRate: '0',
        profitRate: '0',
        remark: '演示用模拟用户（npm start 的模拟流量）',
      }),
    );
    agent = { inviteCode: made.inviteCode };
  }
  // the demo's verified, funded users trade from the first minute; the newcomers register and wait for review
  const funded = await ctx.db
    .select({ phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.realState, 2),
        eq(users.accountType, 0),
        eq(users.tradeLocked, false),
        isNull(users.deletedAt),
        gt(users.enableAmt, '20000'),
      ),
    )
    .orderBy(users.id)
    .limit(40);
  return new Simulation({
    bases: [base],
    adopt: funded.map((u) => ({ phone: u.phone, password: DEMO_USER_PASSWORD })),
    users: 30,
    rate,
    duration: 0,
    seed: `demo-${new Date().toISOString().slice(0, 10)}`,
    operators: false,
    inviteCode: agent.inviteCode,
    progress: 'none',
  });
}
