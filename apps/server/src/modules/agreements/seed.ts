import { asc, eq, sql } from 'drizzle-orm';
import { admins, users } from '../_kit/parties.js';
import type { AppContext } from '../../app/context.js';
import { seedActor } from '../_kit/system.js';
import { gradientPng } from '../../lib/png.js';
import { saveSiteImage } from '../content/index.js';
import { assign, listRecords, review } from './records.js';
import { signAgreement } from './signing.js';
import { addTemplate } from './templates.js';

const ACCOUNT_BODY = (seal: string) => `<h2 style="text-align: center">证券账户开户协议</h2>
<p>甲方（客户）：{{realName}}&emsp;&emsp;身份证号：{{idCard}}&emsp;&emsp;手机号：{{phone}}</p>
<p>乙方：本平台&emsp;&emsp;服务代理：{{agentName}}</p>
<p><strong>第一条</strong> 甲方自愿在乙方开立交易账户，并保证所提供的身份资料真实、准确、完整。</p>
<p><strong>第二条</strong> 甲方应妥善保管账户密码及交易密码，因甲方保管不善造成的损失由甲方承担。</p>
<p><strong>第三条</strong> 乙方按照平台公布的费率收取交易手续费、印花税及递延费，费率调整将提前公告。</p>
<p><strong>第四条</strong> 本协议自甲方签署并经乙方审核通过之日起生效。</p>
<p style="text-align: right">签署日期：{{signDate}}</p>
<p style="text-align: right"><img src="${seal}" alt="乙方盖章" width="120" height="120"></p>`;

const FINANCING_BODY = `<h2 style="text-align: center">融资交易协议</h2>
<p>融资方：{{realName}}（用户ID {{userId}}）</p>
<ol><li>融资方知悉杠杆交易将放大收益与亏损，保证金不足时平台有权按风控规则强制平仓。</li>
<li>持仓过夜按日收取递延费，费用从可用余额中扣除，当前可用余额 {{balance}} 元。</li>
<li>亏损超过保证金的部分由融资方承担，平台将记录为欠款。</li></ol>
<p style="text-align: right">签署日期：{{signDate}}</p>`;

const RISK_BODY = `<h2 style="text-align: center">风险揭示书</h2>
<p>尊敬的 {{realName}}：</p>
<p>证券及新股交易存在市场风险、流动性风险与政策风险，过往业绩不代表未来表现。请您充分了解风险后审慎决策。</p>
<p>本人已阅读并理解上述风险。</p>
<p style="text-align: right">{{signDate}}</p>`;

/**
 * Contracts demo data through the services: three default templates (the account agreement with a seal image),
 * the account agreement pushed to real-name users, some signed (with a signature image), reviewed either way or
 * waiting for review (badge 22).
 */
export async function seedAgreements(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const [op] = await db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .orderBy(sql`${admins.username} <> 'admin'`, asc(admins.id))
    .limit(1);
  if (!op) return;
  const actor = seedActor(op.id, op.username);
  const seal = await saveSiteImage(db, gradientPng(120, 120, [200, 16, 46], [255, 77, 79]), op.id);
  const account = await addTemplate(
    db,
    { name: '证券账户开户协议', kind: 'account', body: ACCOUNT_BODY(seal.url), enabled: true, isDefault: true },
    actor,
  );
  await addTemplate(db, { name: '融资交易协议', kind: 'financing', body: FINANCING_BODY, enabled: true, isDefault: true }, actor);
  await addTemplate(db, { name: '风险揭示书', kind: 'risk', body: RISK_BODY, enabled: true, isDefault: true }, actor);

  const real = await db.select({ id: users.id }).from(users).where(eq(users.realState, 2)).orderBy(asc(users.id)).limit(14);
  if (!real.length) return;
  await assign(db, actor, { templateId: account.id, audience: { kind: 'users', userIds: real.map((u) => u.id) }, push: true }, 'zh-CN');
  const list = await listRecords(db, actor, { pageNum: 1, pageSize: 100, templateId: account.id, phone: undefined }, false);
  const signature = gradientPng(240, 80, [20, 20, 20], [90, 90, 90]);
  const signers = list.list.slice(0, 9);
  for (const [i, c] of signers.entries()) {
    await signAgreement(db, c.userId, c.id, { data: signature }, `10.0.${i}.${20 + i}`);
    if (i < 3) await review(db, actor, { id: c.id, status: 'approved', reason: undefined }, 'zh-CN');
    else if (i === 3) await review(db, actor, { id: c.id, status: 'rejected', reason: '签名与实名不一致，请重新签署' }, 'zh-CN');
  }
}
