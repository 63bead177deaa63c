import { asc, eq, sql } from 'drizzle-orm';
import { admins, users } from '../_kit/parties.js';
import type { AppContext } from '../../app/context.js';
import { seedActor } from '../_kit/system.js';
import { createSend } from './sends.js';
import { runSends } from './send-worker.js';
import { addTemplate } from './templates.js';

/**
 * Messaging demo data through the services: templates of each channel, a station message sent to everyone, an app
 * push to a few users (some with a registered device), a reminder scheduled for tomorrow.
 */
export async function seedMessages(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const [op] = await db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .orderBy(sql`${admins.username} <> 'admin'`, asc(admins.id))
    .limit(1);
  if (!op) return;
  const actor = seedActor(op.id, op.username);
  const arrived = await addTemplate(
    db,
    {
      name: '入金到账通知',
      channel: 'station',
      title: '资金到账',
      content: '{{nickName}} 您好，您的入金已到账，当前可用余额 {{balance}} 元。',
      lang: 'zh-CN',
    },
    actor,
  );
  await addTemplate(
    db,
    {
      name: '登录提醒',
      channel: 'sms',
      title: '登录提醒',
      content: '{{realName}} 您好，您的账户于 {{date}} 在新设备登录，如非本人操作请联系客服。',
      lang: 'zh-CN',
    },
    actor,
  );
  const open = await addTemplate(
    db,
    { name: '开盘提醒', channel: 'push', title: '今日开盘', content: '{{nickName}}，A 股 9:30 开盘，祝您投资顺利。', lang: 'zh-CN' },
    actor,
  );
  await addTemplate(
    db,
    { name: 'Market open', channel: 'push', title: 'Market opens', content: 'Hi {{nickName}}, the market opens at 9:30.', lang: 'en-US' },
    actor,
  );

  const some = await db.select({ id: users.id }).from(users).where(eq(users.realState, 2)).orderBy(asc(users.id)).limit(6);
  for (const [i, u] of some.slice(0, 4).entries()) {
    await db.execute(
      sql`INSERT INTO user_devices (user_id, platform, token) VALUES (${u.id}, ${i % 2 ? 'android' : 'ios'}, ${`demo-device-${u.id}-0123456789abcdef`}) ON CONFLICT DO NOTHING`,
    );
  }
  await createSend(ctx, actor, { templateId: arrived.id, audience: { kind: 'all' } }, 'zh-CN');
  if (some.length)
    await createSend(ctx, actor, { templateId: open.id, audience: { kind: 'users', userIds: some.map((u) => u.id) } }, 'zh-CN');
  await runSends(ctx);
  await createSend(
    ctx,
    actor,
    {
      channel: 'push',
      title: '新股申购提醒',
      content: '明日有新股发行，记得申购。',
      audience: { kind: 'all' },
      scheduleAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
    'zh-CN',
  );
}
