import { asc, sql } from 'drizzle-orm';
import { admins } from '../_kit/parties.js';
import type { AppContext } from '../../app/context.js';
import { addActivity } from './activities.js';
import { addArticle } from './articles.js';
import { addBanner } from './banners.js';
import { saveSiteImage } from './images.js';
import { gradientPng } from '../../lib/png.js';

/**
 * Site-content demo data through the content services: announcements of each type (one pinned, one scheduled for
 * tomorrow), three banners in order, an activity running and one upcoming.
 */
export async function seedContent(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const now = new Date(ctx.market?.now() ?? Date.now());
  const [op] = await db
    .select({ id: admins.id })
    .from(admins)
    .orderBy(sql`${admins.username} <> 'admin'`, asc(admins.id))
    .limit(1);
  if (!op) return;
  const day = 86_400_000;
  const img = async (a: [number, number, number], b: [number, number, number]) =>
    (await saveSiteImage(db, gradientPng(960, 360, a, b), op.id)).key;
  const red = await img([214, 40, 40], [247, 127, 0]);
  const blue = await img([30, 159, 255], [104, 58, 183]);
  const green = await img([46, 125, 50], [0, 150, 136]);
  await addArticle(
    db,
    {
      title: '关于调整新股申购时间的公告',
      type: 'notice',
      cover: red,
      source: '平台运营部',
      summary: '自下周一起，新股申购截止时间调整为 15:00。',
      body: '<p>尊敬的用户：</p><p>自下周一起，新股申购截止时间调整为 <strong>15:00</strong>，请合理安排申购。</p>',
      shown: true,
      pinned: true,
    },
    op.id,
    now,
  );
  await addArticle(
    db,
    {
      title: '市场早报：两市成交额回升',
      type: 'news',
      source: '资讯中心',
      summary: '沪深两市成交额连续三日回升。',
      body: '<p>沪深两市成交额连续三日回升，科技板块领涨。</p><ul><li>上证指数小幅上涨</li><li>创业板指震荡</li></ul>',
      shown: true,
      pinned: false,
    },
    op.id,
    now,
  );
  await addArticle(
    db,
    {
      title: '融资交易风险提示',
      type: 'rule',
      source: '风控部',
      summary: '杠杆交易会放大盈亏，请注意强平线。',
      body: '<p>杠杆交易会同时放大收益与亏损。当浮动亏损达到强平线时，系统将<em>自动平仓</em>。</p>',
      shown: true,
      pinned: false,
    },
    op.id,
    now,
  );
  await addArticle(
    db,
    {
      title: '元旦休市安排（定时发布）',
      type: 'notice',
      summary: '元旦期间休市安排。',
      body: '<p>元旦期间休市，具体安排以交易所公告为准。</p>',
      shown: true,
      pinned: false,
      publishAt: new Date(now.getTime() + day).toISOString(),
    },
    op.id,
    now,
  );
  await addBanner(db, { title: '新股申购季', image: red, targetUrl: '/app/newshares', pc: true, mobile: true, shown: true });
  await addBanner(db, {
    title: '邀请好友得奖励',
    image: blue,
    targetUrl: 'https://example.com/invite',
    pc: true,
    mobile: true,
    shown: true,
  });
  await addBanner(db, { title: '大宗交易专区', image: green, targetUrl: '/app/stockDz', pc: false, mobile: true, shown: true });
  await addActivity(db, {
    title: '新用户首充奖励',
    banner: blue,
    rules: '<p>活动期间首次充值满 10,000 元，赠送 100 元体验金。</p>',
    startsAt: new Date(now.getTime() - 3 * day).toISOString(),
    endsAt: new Date(now.getTime() + 27 * day).toISOString(),
    target: 'all',
    shown: true,
  });
  await addActivity(db, {
    title: 'VIP 专享交易费折扣',
    rules: '<p>VIP 分层用户交易手续费八折。</p>',
    startsAt: new Date(now.getTime() + 5 * day).toISOString(),
    endsAt: new Date(now.getTime() + 35 * day).toISOString(),
    target: 'all',
    shown: true,
  });
}
