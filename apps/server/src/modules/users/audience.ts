import { sql, type SQL } from 'drizzle-orm';
import type { Audience, Lang } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { ScopeSubject } from '../_kit/scope.js';
import { agentScope, assertAgentInScope, isAgentStaff, scopeRootAgentId } from '../_kit/scope.js';
import { invalid } from '../../http/errors.js';
import { registerMessages, t } from '../../app/i18n.js';

registerMessages({
  'reason.audience_unknown_users': {
    'zh-CN': '包含不存在或无权访问的用户',
    'en-US': 'includes users that do not exist or are out of your scope',
  },
  'reason.tier_not_found': { 'zh-CN': '分层不存在', 'en-US': 'no such tier' },
  'reason.too_many_recipients': {
    'zh-CN': '用户过多（最多 5000 位，更多请按代理或分层发送）',
    'en-US': 'lists too many users (at most 5000; use an agent or a tier)',
  },
  'audience.users': { 'zh-CN': '{count} 位指定用户', 'en-US': { one: '1 chosen user', other: '{count} chosen users' }, count: 'count' },
  'audience.agent': { 'zh-CN': '代理 {name} 及下级的用户', 'en-US': 'users of agent {name} and below' },
  'audience.tier': { 'zh-CN': '分层 {name} 的用户', 'en-US': 'users of tier {name}' },
  'audience.all': { 'zh-CN': '全部用户', 'en-US': 'all users' },
  'audience.allScoped': { 'zh-CN': '本代理线全部用户', 'en-US': 'all users of your agent line' },
});

/** Users of a tier: its own, and for the default tier also those with none (they use its channels). */
export const tierMembers = (tierId: number): SQL =>
  sql`(u.layering_id = ${tierId} OR (u.layering_id IS NULL AND EXISTS (SELECT 1 FROM layering_tiers dt WHERE dt.id = ${tierId} AND dt.is_default)))`;

/**
 * Who an audience reaches, as a condition on `users u` (not deleted; agent staff: their subtree whatever the
 * audience says). The audience is checked first with {@link checkAudience}.
 */
export function audienceWhere(actor: ScopeSubject, a: Audience): SQL {
  const scope = agentScope(actor, sql`u.agent_id`) ?? sql`true`;
  const which =
    a.kind === 'users'
      ? sql`u.id = ANY(${`{${a.userIds.join(',')}}`}::int[])`
      : a.kind === 'agent'
        ? sql`u.agent_id IN (SELECT x.id FROM agents x WHERE x.path @> ARRAY[${a.agentId}::int])`
        : a.kind === 'tier'
          ? tierMembers(a.tierId)
          : sql`true`;
  return sql`u.deleted_at IS NULL AND ${scope} AND ${which}`;
}

/**
 * Refuses an audience the actor may not reach (status 2 naming the field): chosen users that do not exist or are
 * outside the subtree, an agent outside it, a tier that does not exist. Returns its label for lists and logs.
 */
export async function checkAudience(db: Db, actor: ScopeSubject, a: Audience, lang: Lang): Promise<string> {
  if (a.kind === 'users') {
    const [r] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(actor, a)}`));
    if ((r?.n ?? 0) !== a.userIds.length) throw invalid('audience.userIds', 'reason.audience_unknown_users');
    return t(lang, 'audience.users', { count: a.userIds.length });
  }
  if (a.kind === 'agent') {
    await assertAgentInScope(db, actor, a.agentId, 'audience.agentId');
    const [r] = rows<{ name: string }>(await db.execute(sql`SELECT name FROM agents WHERE id = ${a.agentId}`));
    return t(lang, 'audience.agent', { name: r!.name });
  }
  if (a.kind === 'tier') {
    const [r] = rows<{ name: string }>(await db.execute(sql`SELECT layering_name AS name FROM layering_tiers WHERE id = ${a.tierId}`));
    if (!r) throw invalid('audience.tierId', 'reason.tier_not_found');
    return t(lang, 'audience.tier', { name: r.name });
  }
  return t(lang, isAgentStaff(actor) ? 'audience.allScoped' : 'audience.all');
}

/** How many users an audience reaches now. */
export async function countAudience(db: Db, actor: ScopeSubject, a: Audience): Promise<number> {
  const [r] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(actor, a)}`));
  return r?.n ?? 0;
}

/** The scope a job acting later for `actor` must keep (see {@link scopeOfAgent}). */
export const scopeAgentOf = (actor: ScopeSubject): number | null => scopeRootAgentId(actor);
/** A principal-like scope subject for a job acting for agent staff bound to `agentId` (or for the platform). */
export const scopeOfAgent = (agentId: number | null): ScopeSubject =>
  agentId == null ? { agentId: null, roleCode: 'admin', isSuper: false } : { agentId, roleCode: 'agent', isSuper: false };
