import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fillTemplate,
  type Lang,
  type MsgTemplate,
  type msgTemplateInput,
  type msgTemplateQuery,
  type previewMsgInput,
  TEMPLATE_VARIABLES,
} from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { messageSends, msgTemplates } from './tables.js';
import { likeContains } from '../../db/like.js';
import type { Principal } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { assertUserInScope } from '../_kit/scope.js';
import { templateValuesOrSamples } from '../users/index.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

type Row = typeof msgTemplates.$inferSelect;

export const toTemplate = (r: Row, sends = 0): MsgTemplate => ({
  id: r.id,
  name: r.name,
  channel: r.channel as MsgTemplate['channel'],
  title: r.title,
  content: r.content,
  lang: r.lang as MsgTemplate['lang'],
  sends,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listTemplates(db: Db, q: z.output<typeof msgTemplateQuery>) {
  const w: (SQL | undefined)[] = [];
  if (q.name) w.push(ilike(msgTemplates.name, likeContains(q.name)));
  if (q.channel) w.push(eq(msgTemplates.channel, q.channel));
  if (q.lang) w.push(eq(msgTemplates.lang, q.lang));
  const cond = and(...w);
  const [list, [total]] = await Promise.all([
    onePage(db.select().from(msgTemplates).where(cond).orderBy(desc(msgTemplates.id)).$dynamic(), q),
    db.select({ n: count() }).from(msgTemplates).where(cond),
  ]);
  const ids = list.map((r) => r.id);
  const sends = ids.length
    ? await db
        .select({ id: messageSends.templateId, n: count() })
        .from(messageSends)
        .where(inArray(messageSends.templateId, ids))
        .groupBy(messageSends.templateId)
    : [];
  const byId = new Map(sends.map((s) => [s.id, Number(s.n)]));
  return {
    list: list.map((r) => toTemplate(r, byId.get(r.id) ?? 0)),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function getTemplate(db: Db, id: number): Promise<Row> {
  const [r] = await db.select().from(msgTemplates).where(eq(msgTemplates.id, id)).limit(1);
  if (!r) throw fail('msg_template_not_found');
  return r;
}

/** Unknown `{{names}}` are refused: a typo would otherwise reach every user verbatim. */
function checkVariables(input: { title: string; content: string }): void {
  const known = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.key));
  for (const field of ['title', 'content'] as const) {
    for (const m of input[field].matchAll(/\{\{([^}]*)\}\}/g)) if (!known.has(m[1]!)) throw invalid(field, 'reason.unknown_variable');
  }
}

export async function addTemplate(db: Db, input: z.output<typeof msgTemplateInput>, actor: Principal): Promise<MsgTemplate> {
  checkVariables(input);
  const [r] = await db
    .insert(msgTemplates)
    .values({ ...input, updatedBy: actor.username })
    .returning();
  return toTemplate(r!);
}

export async function updateTemplate(
  db: Db,
  id: number,
  input: z.output<typeof msgTemplateInput>,
  actor: Principal,
): Promise<{ before: Row; after: MsgTemplate }> {
  checkVariables(input);
  const before = await getTemplate(db, id);
  const [r] = await db
    .update(msgTemplates)
    .set({ ...input, updatedBy: actor.username, updatedAt: new Date() })
    .where(eq(msgTemplates.id, id))
    .returning();
  return { before, after: toTemplate(r!) };
}

/** Deleting a template keeps its sends (their log shows the name it had). */
export async function deleteTemplate(db: Db, id: number): Promise<Row> {
  const [r] = await db.delete(msgTemplates).where(eq(msgTemplates.id, id)).returning();
  if (!r) throw fail('msg_template_not_found');
  return r;
}

/** Deletes each id on its own: a result per id (not found ones are named), the others go. */
export async function batchDelete(db: Db, ids: number[], lang: Lang) {
  const unique = [...new Set(ids)];
  const gone = await db
    .delete(msgTemplates)
    .where(inArray(msgTemplates.id, unique))
    .returning({ id: msgTemplates.id, name: msgTemplates.name });
  const found = new Set(gone.map((g) => g.id));
  const results = unique.map((id) => ({
    id,
    ok: found.has(id),
    msg: t(lang, found.has(id) ? 'msg_template_deleted' : 'msg_template_not_found'),
  }));
  return { ok: found.size, failed: unique.length - found.size, results, deleted: gone };
}

/** A template (or a draft) as a user would get it: filled from the chosen user's data, or from samples. */
export async function previewTemplate(db: Db, actor: Principal, input: z.output<typeof previewMsgInput>) {
  const base = input.templateId ? await getTemplate(db, input.templateId) : { title: input.title ?? '', content: input.content ?? '' };
  if (input.userId) await assertUserInScope(db, actor, input.userId, 'userId');
  const values = await templateValuesOrSamples(db, input.userId);
  return { title: fillTemplate(base.title, values), content: fillTemplate(base.content, values) };
}
