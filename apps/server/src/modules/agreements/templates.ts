import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgreementTemplate, templateAddInput, templateListQuery, templateUpdateInput } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { agreementTemplates, agreementTemplateVersions, userAgreements } from './tables.js';
import { likeContains } from '../../db/like.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

type Row = typeof agreementTemplates.$inferSelect;
const SIGNED = ['signed', 'approved', 'rejected'];

export const toTemplate = (r: Row, c: { assigned: number; signed: number } = { assigned: 0, signed: 0 }): AgreementTemplate => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AgreementTemplate['kind'],
  body: r.body,
  version: r.version,
  enabled: r.enabled,
  isDefault: r.isDefault,
  assigned: c.assigned,
  signed: c.signed,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

async function countsOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { assigned: number; signed: number }>();
  const r = await db
    .select({
      id: userAgreements.templateId,
      assigned: count(),
      signed: sql<number>`count(*) FILTER (WHERE ${inArray(userAgreements.status, SIGNED)})::int`,
    })
    .from(userAgreements)
    .where(inArray(userAgreements.templateId, ids))
    .groupBy(userAgreements.templateId);
  return new Map(r.map((x) => [x.id, { assigned: Number(x.assigned), signed: Number(x.signed) }]));
}

export async function listTemplates(db: Db, q: z.output<typeof templateListQuery>) {
  const w: (SQL | undefined)[] = [isNull(agreementTemplates.deletedAt)];
  if (q.name) w.push(ilike(agreementTemplates.name, likeContains(q.name)));
  if (q.kind) w.push(eq(agreementTemplates.kind, q.kind));
  if (q.enabled !== undefined) w.push(eq(agreementTemplates.enabled, q.enabled));
  const cond = and(...w);
  const [list, [total]] = await Promise.all([
    onePage(
      db.select().from(agreementTemplates).where(cond).orderBy(desc(agreementTemplates.isDefault), desc(agreementTemplates.id)).$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(agreementTemplates).where(cond),
  ]);
  const counts = await countsOf(
    db,
    list.map((r) => r.id),
  );
  return { list: list.map((r) => toTemplate(r, counts.get(r.id))), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function templateById(db: Db, id: number, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(agreementTemplates)
    .where(and(eq(agreementTemplates.id, id), isNull(agreementTemplates.deletedAt)))
    .limit(1);
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw fail('agreement_template_not_found');
  return r;
}

export async function withCounts(db: Db, r: Row): Promise<AgreementTemplate> {
  return toTemplate(r, (await countsOf(db, [r.id])).get(r.id));
}

/** The default of a kind is one template: setting it takes the flag from the kind's previous default. */
async function clearDefault(tx: Db, kind: string): Promise<void> {
  await tx
    .update(agreementTemplates)
    .set({ isDefault: false })
    .where(and(eq(agreementTemplates.kind, kind), eq(agreementTemplates.isDefault, true)));
}

export async function addTemplate(db: Db, input: z.output<typeof templateAddInput>, actor: Principal): Promise<Row> {
  if (input.isDefault && !input.enabled) throw fail('agreement_default_disabled');
  return db.transaction(async (tx) => {
    if (input.isDefault) await clearDefault(tx, input.kind);
    const [r] = await tx
      .insert(agreementTemplates)
      .values({
        name: input.name,
        kind: input.kind,
        body: sanitizeRichText(input.body),
        enabled: input.enabled,
        isDefault: input.isDefault,
        updatedBy: actor.username,
      })
      .returning();
    await tx
      .insert(agreementTemplateVersions)
      .values({ templateId: r!.id, version: 1, name: r!.name, body: r!.body, createdBy: actor.username });
    return r!;
  });
}

/**
 * Saves an edit. A save over a newer version than the editor loaded is refused (naming who saved it). When some user
 * signed the current version, the edit becomes a new version and their contracts keep the text they signed;
 * otherwise the current version is corrected in place.
 */
export async function updateTemplate(
  db: Db,
  input: z.output<typeof templateUpdateInput>,
  actor: Principal,
): Promise<{ before: Row; after: Row; versioned: boolean }> {
  return db.transaction(async (tx) => {
    const before = await templateById(tx, input.id, true);
    if (before.version !== input.version)
      throw fail('agreement_template_stale', {
        by: before.updatedBy ?? '-',
        at: before.updatedAt.toISOString().slice(0, 19).replace('T', ' '),
        version: before.version,
      });
    const [signed] = await tx
      .select({ n: count() })
      .from(userAgreements)
      .where(
        and(eq(userAgreements.templateId, before.id), eq(userAgreements.version, before.version), inArray(userAgreements.status, SIGNED)),
      );
    const versioned = Number(signed?.n ?? 0) > 0;
    const version = versioned ? before.version + 1 : before.version;
    if (before.kind !== input.kind && before.isDefault) await clearDefault(tx, input.kind);
    const body = sanitizeRichText(input.body);
    const [after] = await tx
      .update(agreementTemplates)
      .set({ name: input.name, kind: input.kind, body, version, updatedBy: actor.username, updatedAt: new Date() })
      .where(eq(agreementTemplates.id, before.id))
      .returning();
    await tx
      .insert(agreementTemplateVersions)
      .values({ templateId: before.id, version, name: input.name, body, createdBy: actor.username })
      .onConflictDoUpdate({
        target: [agreementTemplateVersions.templateId, agreementTemplateVersions.version],
        set: { name: input.name, body, createdBy: actor.username, createdAt: new Date() },
      });
    return { before, after: after!, versioned };
  });
}

export async function setEnabled(db: Db, id: number, enabled: boolean, actor: Principal): Promise<Row> {
  await templateById(db, id);
  // a disabled template is nobody's default
  const [r] = await db
    .update(agreementTemplates)
    .set({ enabled, ...(enabled ? {} : { isDefault: false }), updatedBy: actor.username, updatedAt: new Date() })
    .where(eq(agreementTemplates.id, id))
    .returning();
  return r!;
}

export async function setDefault(db: Db, id: number, actor: Principal): Promise<Row> {
  return db.transaction(async (tx) => {
    const t = await templateById(tx, id, true);
    if (!t.enabled) throw fail('agreement_default_disabled');
    await clearDefault(tx, t.kind);
    const [r] = await tx
      .update(agreementTemplates)
      .set({ isDefault: true, updatedBy: actor.username, updatedAt: new Date() })
      .where(eq(agreementTemplates.id, id))
      .returning();
    return r!;
  });
}

/** Deletes a template: its unsigned assignments go; signed contracts stay with the text signed. */
export async function deleteTemplate(db: Db, id: number): Promise<{ row: Row; removedAssignments: number }> {
  return db.transaction(async (tx) => {
    const row = await templateById(tx, id, true);
    const gone = await tx
      .delete(userAgreements)
      .where(and(eq(userAgreements.templateId, id), inArray(userAgreements.status, ['assigned', 'pushed'])))
      .returning({ id: userAgreements.id });
    await tx.update(agreementTemplates).set({ deletedAt: new Date(), isDefault: false }).where(eq(agreementTemplates.id, id));
    return { row, removedAssignments: gone.length };
  });
}
