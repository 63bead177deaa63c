import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { SIGNATURE_MAX_BYTES } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { agreementTemplates, userAgreements } from './tables.js';
import { users } from '../_kit/parties.js';
import { isoTimestamp } from '../../db/timestamps.js';
import { fail } from '../../http/errors.js';
import { saveUpload } from '../users/index.js';
import { bodyHash, renderAgreement } from './render.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

/** The platform user's side: their contracts (pushed on), read with their data filled in, signed. */
const appCols = {
  id: userAgreements.id,
  templateName: agreementTemplates.name,
  kind: agreementTemplates.kind,
  status: userAgreements.status,
  pushedAt: userAgreements.pushedAt,
  signedAt: userAgreements.signedAt,
  rejectReason: userAgreements.rejectReason,
  body: userAgreements.body,
  templateBody: agreementTemplates.body,
  templateVersion: agreementTemplates.version,
  templateId: agreementTemplates.id,
};
type AppRow = { [K in keyof typeof appCols]: unknown } & Record<string, unknown>;

const toApp = (r: AppRow) => ({
  id: Number(r.id),
  templateName: String(r.templateName),
  kind: r.kind as 'account',
  status: r.status as 'pushed',
  pushedAt: isoTimestamp(r.pushedAt as Date | null),
  signedAt: isoTimestamp(r.signedAt as Date | null),
  rejectReason: (r.rejectReason as string | null) ?? null,
});

const visible = (userId: number) => and(eq(userAgreements.userId, userId), ne(userAgreements.status, 'assigned'));

export async function userAgreementList(db: Db, userId: number, q: { pageNum: number; pageSize: number }) {
  const base = db.select(appCols).from(userAgreements).innerJoin(agreementTemplates, eq(agreementTemplates.id, userAgreements.templateId));
  const [list, [n]] = await Promise.all([
    onePage(base.where(visible(userId)).orderBy(desc(userAgreements.id)).$dynamic(), q),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(userAgreements)
      .where(visible(userId)),
  ]);
  return { list: list.map((r) => toApp(r as AppRow)), total: Number(n?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

async function ownRow(db: Db, userId: number, id: number, lock = false) {
  const q = db
    .select(appCols)
    .from(userAgreements)
    .innerJoin(agreementTemplates, eq(agreementTemplates.id, userAgreements.templateId))
    .where(and(eq(userAgreements.id, id), visible(userId)))
    .limit(1);
  const [r] = lock ? await q.for('update', { of: userAgreements }) : await q;
  if (!r) throw fail('agreement_not_found');
  return r;
}

/** What the user reads: the text they signed, or the current template filled with their data. */
export async function userAgreementDetail(db: Db, userId: number, id: number) {
  const r = await ownRow(db, userId, id);
  return { ...toApp(r as AppRow), body: r.body ?? (await renderAgreement(db, r.templateBody, userId)) };
}

/**
 * Signs: the text rendered now for the user is stored with its SHA-256, the template version, the signature image,
 * the time and the IP; the contract then waits for review (IS_CONTRACT, badge 22). A rejected contract may be
 * signed again; anything else only once.
 */
export async function signAgreement(db: Db, userId: number, id: number, signature: { data: Uint8Array }, ip: string) {
  if (signature.data.length > SIGNATURE_MAX_BYTES) throw fail('agreement_signature_size', { max: SIGNATURE_MAX_BYTES / 1024 });
  return db.transaction(async (tx) => {
    const r = await ownRow(tx, userId, id, true);
    if (!['pushed', 'rejected'].includes(String(r.status))) throw fail('agreement_not_signable');
    const upload = await saveUpload(tx, signature, { appUserId: userId, userId });
    const body = await renderAgreement(tx, r.templateBody, userId);
    await tx
      .update(userAgreements)
      .set({
        status: 'signed',
        version: r.templateVersion,
        body,
        bodyHash: bodyHash(body),
        signatureKey: upload.key,
        signedAt: new Date(),
        signIp: ip.slice(0, 64),
        reviewedBy: null,
        reviewedAt: null,
        rejectReason: null,
      })
      .where(and(eq(userAgreements.id, id), inArray(userAgreements.status, ['pushed', 'rejected'])));
    const [u] = await tx.select({ phone: users.phone, nickName: users.nickName }).from(users).where(eq(users.id, userId));
    return { item: toApp({ ...r, status: 'signed', signedAt: new Date(), rejectReason: null } as AppRow), user: u! };
  });
}
