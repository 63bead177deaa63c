import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { usersApi, type GuardedOperation, type Lang } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { rows } from '../../db/rows.js';
import { admins } from '../_kit/parties.js';
import { adminPrincipal } from '../session/index.js';
import { guardOf } from './registry.js';
import { cancelRequest, createRequest, decide, saidIn, sweepRequests } from './requests.js';
import { writeRule } from './rules.js';

/** The demo's rules (issue 49): money over ¥50,000 and every admin-made position and access change need a second admin. */
export const DEMO_RULES: { operation: GuardedOperation; threshold: string | null }[] = [
  { operation: 'balance', threshold: '50000' },
  { operation: 'deposit.create', threshold: '50000' },
  { operation: 'withdrawal.pay', threshold: '50000' },
  { operation: 'position.create', threshold: null },
  { operation: 'access', threshold: null },
];

const LANG: Lang = 'zh-CN';
const NO_HTTP = { req: {}, reply: {} };

async function principalOf(ctx: AppContext, username: string): Promise<Principal> {
  const [a] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
  const p = a && (await adminPrincipal(ctx, a.id));
  if (!p) throw new Error(`demo admin ${username} is missing`);
  return p;
}

/**
 * Demo data of dual control, made through the services: the demo's rules, and balance adjustments the demo's `admin`
 * submitted in every status — waiting, approved by `finance` (its fund record posted), rejected, cancelled, expired,
 * and one whose debit no longer fits the balance (failed, nothing changed).
 */
export async function seedApprovalsDemo(ctx: AppContext): Promise<void> {
  if (ctx.config.DEMO_APPROVAL_RULES) {
    await ctx.db.transaction(async (tx) => {
      for (const r of DEMO_RULES)
        await writeRule(tx, { operation: r.operation, enabled: true, threshold: r.threshold, expiresHours: 24 }, 'system');
    });
  }
  const maker = await principalOf(ctx, 'admin');
  const checker = await principalOf(ctx, 'finance');
  const users = rows<{ id: number; enable_amt: string }>(
    await ctx.db.execute(sql`SELECT id, enable_amt::text FROM users WHERE account_type = 0 AND deleted_at IS NULL ORDER BY id LIMIT 7`),
  ).map((u) => ({ id: Number(u.id), enableAmt: u.enable_amt }));
  if (users.length < 7) return;
  const spec = guardOf('balance', usersApi.updateAmt.path);
  if (!spec) throw new Error('the users domain guards no balance adjustment');
  const hold = async (userId: number, amt: string, direction: 0 | 1, note: string, expiresHours = 24) => {
    const input = { userId, amt, direction, note };
    return (
      await createRequest(ctx, maker, LANG, {
        operation: 'balance',
        target: spec.target(input),
        path: usersApi.updateAmt.path,
        raw: input,
        amount: amt,
        summary: await saidIn((lang) => spec.summary(ctx.db, input, lang)),
        expiresHours,
      })
    ).id;
  };
  await hold(users[0]!.id, '80000', 0, '大额入金补录（银行回单 20261127-01）');
  await hold(users[1]!.id, '120000', 0, '活动奖励发放');
  await decide(
    ctx,
    checker,
    LANG,
    { id: await hold(users[2]!.id, '60000', 0, '线下转账补登'), approve: true, note: '已核对银行流水' },
    NO_HTTP,
  );
  await decide(
    ctx,
    checker,
    LANG,
    { id: await hold(users[3]!.id, '50000', 0, '重复补偿'), approve: false, note: '与 11-26 的补偿重复' },
    NO_HTTP,
  );
  await cancelRequest(ctx, maker, LANG, await hold(users[4]!.id, '75000', 0, '金额填错'));
  await hold(users[5]!.id, '90000', 0, '逾期未处理的补偿', -1);
  await sweepRequests(ctx);
  // a debit larger than the user's free cash: approval runs it against today's balance and fails, nothing changed
  const debit = new Decimal(users[6]!.enableAmt).plus(50000).toFixed(2);
  await decide(ctx, checker, LANG, { id: await hold(users[6]!.id, debit, 1, '扣回多发的奖励'), approve: true }, NO_HTTP).catch(
    () => undefined,
  );
}
