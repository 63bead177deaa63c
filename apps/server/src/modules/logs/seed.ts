import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { sendSms } from './sms.js';

/**
 * Demo SMS log (短信日志's first view): verification codes sent to the first demo users as they registered, and a
 * notice — sent through the SMS gateway of the demo (the log itself), as the platform sends them.
 */
export async function seedLogs(ctx: AppContext): Promise<void> {
  const users = rows<{ phone: string }>(await ctx.db.execute(sql`SELECT phone FROM users WHERE deleted_at IS NULL ORDER BY id LIMIT 8`));
  for (const [i, u] of users.entries()) {
    const code = String(100000 + (((i + 1) * 7919) % 900000));
    await sendSms(ctx, { phone: u.phone, kind: 'register', content: `【股票管理】您的验证码为 ${code}，5 分钟内有效，请勿告诉他人。` });
  }
  if (users[0]) {
    await sendSms(ctx, { phone: users[0].phone, kind: 'notice', content: '【股票管理】您的提现申请已受理，请留意银行到账通知。' });
  }
}
