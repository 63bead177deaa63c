import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AgreementDetail,
  AgreementItem,
  AgreementStatus,
  Lang,
  agreementListQuery,
  assignInput,
  pushInput,
  reviewInput,
} from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { userAgreements } from './tables.js';
import { rows } from '../../db/rows.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { claimPending } from '../_kit/review.js';
import { userScope } from '../_kit/scope.js';
import { notifyUsers } from '../messages/index.js';
import { audienceWhere, checkAudience, maskPhone, fileUrl } from '../users/index.js';
import { bodyHash, renderAgreement } from './render.js';
import { templateById } from './templates.js';
import './messages.js';
import { pageSql } from '../../db/paging.js';

interface RecordRow {
  id: number;
  template_id: number;
  template_name: string;
  kind: AgreementItem['kind'];
  user_id: number;
  phone: string;
  real_name: string | null;
  agent_name: string | null;
  status: AgreementStatus;
  version: number | null;
  assigned_by: string | null;
  assigned_at: string | Date;
  pushed_at: string | Date | null;
  signed_at: string | Date | null;
  sign_ip: string | null;
  reviewed_by: string | null;
  reviewed_at: string | Date | null;
  reject_reason: string | null;
  body: string | null;
  body_hash: string | null;
  signature_key: string | null;
  template_body: string;
}

const toItem = (r: RecordRow): AgreementItem => ({
  id: Number(r.id),
  templateId: r.template_id,
  templateName: r.template_name,
  kind: r.kind,
  userId: r.user_id,
  phone: maskPhone(r.phone),
  realName: r.real_name,
  agentName: r.agent_name,
  status: r.status,
  version: r.version,
  assignedBy: r.assigned_by,
  assignedAt: isoTimestamp(r.assigned_at)!,
  pushedAt: isoTimestamp(r.pushed_at),
  signedAt: isoTimestamp(r.signed_at),
  signIp: r.sign_ip,
  reviewedBy: r.reviewed_by,
  reviewedAt: isoTimestamp(r.reviewed_at),
  rejectReason: r.reject_reason,
});

const SELECT = sql`SELECT c.*, t.name AS template_name, t.kind, t.body AS template_body, u.phone, u.real_name, a.name AS agent_name
  FROM user_agreements c JOIN agreement_templates t ON t.id = c.template_id JOIN users u ON u.id = c.user_id LEFT JOIN agents a ON a.id = u.agent_id`;

/**
 * Users' contracts in the caller's scope. `signedOnly`: the review list (signed, approved, rejected; the newest
 * signature first); otherwise every assignment, newest first.
 */
export async function listRecords(db: Db, actor: Principal, q: z.output<typeof agreementListQuery>, signedOnly: boolean) {
  const w: SQL[] = [userScope(actor, sql`c.user_id`) ?? sql`true`];
  if (signedOnly) w.push(sql`c.status IN ('signed', 'approved', 'rejected')`);
  if (q.status) w.push(sql`c.status = ${q.status}`);
  if (q.templateId) w.push(sql`c.template_id = ${q.templateId}`);
  if (q.userId) w.push(sql`c.user_id = ${q.userId}`);
  if (q.phone) w.push(sql`u.phone LIKE ${`%${q.phone.replace(/[%_\\]/g, '\\$&')}%`}`);
  const at = signedOnly ? sql`c.signed_at` : sql`c.assigned_at`;
  if (q.beginTime) w.push(sql`${at} >= ${q.beginTime}::timestamptz`);
  if (q.endTime) w.push(sql`${at} <= ${q.endTime}::timestamptz`);
  const where = sql.join(w, sql` AND `);
  const order = signedOnly ? sql`(c.status = 'signed') DESC, c.signed_at DESC, c.id DESC` : sql`c.id DESC`;
  const [list, total] = await Promise.all([
    db.execute(sql`${SELECT} WHERE ${where} ORDER BY ${order} ${pageSql(q)}`),
    db.execute(sql`SELECT count(*)::int AS n FROM user_agreements c JOIN users u ON u.id = c.user_id WHERE ${where}`),
  ]);
  return {
    list: rows<RecordRow>(list).map(toItem),
    total: rows<{ n: number }>(total)[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function recordRow(db: Db, actor: Principal, id: number): Promise<RecordRow> {
  const [r] = rows<RecordRow>(await db.execute(sql`${SELECT} WHERE c.id = ${id} AND ${userScope(actor, sql`c.user_id`) ?? sql`true`}`));
  if (!r) throw fail('agreement_not_found');
  return r;
}

/** One contract: the exact text signed with its hash checked, or (not signed yet) the text the user would sign now. */
export async function recordDetail(db: Db, actor: Principal, id: number): Promise<AgreementDetail> {
  const r = await recordRow(db, actor, id);
  const signed = r.body != null;
  const body = signed ? r.body! : await renderAgreement(db, r.template_body, r.user_id);
  return {
    ...toItem(r),
    body,
    bodyHash: r.body_hash,
    hashOk: signed ? bodyHash(body) === r.body_hash : null,
    signatureUrl: fileUrl(r.signature_key),
  };
}

const pushNotice = (name: string) => ({ title: '合同待签署', content: `您有一份《${name}》待签署，请在“我的合同”中阅读并签署。` });

/**
 * Assigns a template to an audience (users who have it already keep theirs); with `push`, every assignment of the
 * template in that audience not shown yet is pushed too, and those users are told by station message.
 */
export async function assign(db: Db, actor: Principal, input: z.output<typeof assignInput>, lang: Lang) {
  const tpl = await templateById(db, input.templateId);
  if (!tpl.enabled) throw fail('agreement_template_disabled');
  await checkAudience(db, actor, input.audience, lang);
  const where = audienceWhere(actor, input.audience);
  return db.transaction(async (tx) => {
    const [r] = rows<{ added: number; reached: number }>(
      await tx.execute(sql`
        WITH u AS (SELECT u.id FROM users u WHERE ${where}),
        ins AS (INSERT INTO user_agreements (template_id, user_id, assigned_by) SELECT ${tpl.id}, id, ${actor.username} FROM u
                ON CONFLICT (template_id, user_id) DO NOTHING RETURNING 1)
        SELECT (SELECT count(*) FROM ins)::int AS added, (SELECT count(*) FROM u)::int AS reached`),
    );
    const added = r?.added ?? 0;
    const pushed = input.push
      ? await pushWhere(tx, sql`c.template_id = ${tpl.id} AND c.user_id IN (SELECT u.id FROM users u WHERE ${where})`)
      : 0;
    return { added, existing: (r?.reached ?? 0) - added, pushed };
  });
}

/** Pushes the `assigned` contracts matching `cond` (on `c`), telling each user once per template. */
async function pushWhere(tx: Db, cond: SQL): Promise<number> {
  const done = rows<{ user_id: number; name: string }>(
    await tx.execute(sql`
      UPDATE user_agreements c SET status = 'pushed', pushed_at = now() FROM agreement_templates t
      WHERE t.id = c.template_id AND c.status = 'assigned' AND ${cond}
      RETURNING c.user_id, t.name`),
  );
  const byName = new Map<string, number[]>();
  for (const d of done) byName.set(d.name, [...(byName.get(d.name) ?? []), d.user_id]);
  for (const [name, ids] of byName) await notifyUsers(tx, ids, pushNotice(name));
  return done.length;
}

/** Pushes chosen assignments (in scope), or assigns a template to an audience and pushes it. */
export async function push(db: Db, actor: Principal, input: z.output<typeof pushInput>, lang: Lang): Promise<{ pushed: number }> {
  if (input.ids?.length) {
    const scope = userScope(actor, sql`c.user_id`) ?? sql`true`;
    const ids = `{${input.ids.join(',')}}`;
    return db.transaction(async (tx) => ({
      pushed: await pushWhere(tx, sql`c.id = ANY(${ids}::bigint[]) AND ${scope} AND t.deleted_at IS NULL`),
    }));
  }
  const r = await assign(db, actor, { templateId: input.templateId!, audience: input.audience!, push: true }, lang);
  return { pushed: r.pushed };
}

/** Removes an assignment that is not signed (assigned or pushed: the user no longer sees it). */
export async function removeRecord(db: Db, actor: Principal, id: number): Promise<RecordRow> {
  const r = await recordRow(db, actor, id);
  const gone = await db
    .delete(userAgreements)
    .where(and(eq(userAgreements.id, id), sql`${userAgreements.status} IN ('assigned', 'pushed')`))
    .returning({ id: userAgreements.id });
  if (!gone.length) throw fail('agreement_signed_keep');
  return r;
}

const reviewNotice = (name: string, approved: boolean, reason?: string) =>
  approved
    ? { title: '合同审核通过', content: `您签署的《${name}》已审核通过。` }
    : { title: '合同审核未通过', content: `您签署的《${name}》未通过审核：${reason ?? ''}。请重新阅读并签署。` };

/** Approves or rejects a signed contract, exactly once (of two reviews one wins); the user is told by station message. */
export async function review(db: Db, actor: Principal, input: z.output<typeof reviewInput>, lang: Lang): Promise<AgreementItem> {
  await db.transaction(async (tx) => {
    const row = await claimPending(tx, {
      table: userAgreements,
      id: userAgreements.id,
      status: userAgreements.status,
      pending: 'signed',
      rowId: input.id,
      scope: userScope(actor, userAgreements.userId),
      set: {
        status: input.status,
        reviewedBy: actor.username,
        reviewedAt: new Date(),
        rejectReason: input.status === 'rejected' ? input.reason : null,
      },
      notFound: () => fail('agreement_not_found'),
      notPending: (s) => fail('agreement_not_pending', { status: t(lang, `agreement.status.${String(s)}`) }),
    });
    const tpl = rows<{ name: string }>(await tx.execute(sql`SELECT name FROM agreement_templates WHERE id = ${row.templateId}`))[0];
    await notifyUsers(tx, [row.userId], reviewNotice(tpl?.name ?? '', input.status === 'approved', input.reason));
  });
  return toItem(await recordRow(db, actor, input.id));
}
