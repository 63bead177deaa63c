import { randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, count, eq, getTableColumns, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgentItem, AgentListQuery, Page, addAgentInput, agentAmtInput, updateAgentInput } from '@stock-admin/contracts';
import { agents, type AgentRow, users } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { postAgent } from '../fundrecords/index.js';
import { agentScope, assertAgentInScope, isAgentStaff, scopeRootAgentId } from '../_kit/scope.js';
import './messages.js';
import { onePage } from '../../db/paging.js';
import { isUniqueViolation } from '../../db/outage.js';

export { agentScope, userScope, assertUserInScope, assertAgentInScope, isAgentStaff } from '../_kit/scope.js';

/**
 * Each user's agent followed by all its ancestors, nearest first ([own agent, parent, …, top agent]), in one statement
 * for any number of users; [] for a user with no agent or that does not exist. The realtime hub routes user events
 * to agent staff of these agents.
 */
export async function agentChainsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(userIds)];
  const chains = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return chains;
  const found = rows<{ id: number; path: number[] | null }>(
    await db.execute(
      sql`SELECT u.id, a.path FROM users u JOIN agents a ON a.id = u.agent_id WHERE u.id = ANY(${`{${ids.join(',')}}`}::int[])`,
    ),
  );
  for (const r of found) chains.set(Number(r.id), r.path ? [...r.path].map(Number).reverse() : []);
  return chains;
}

/** The agent and every agent below it (deleted ones included: their records stay visible). */
export async function agentSubtreeIds(db: Db, agentId: number): Promise<number[]> {
  const r = await db
    .select({ id: agents.id })
    .from(agents)
    .where(sql`${agents.path} @> ARRAY[${agentId}::int]`);
  return r.map((x) => x.id);
}

export async function getAgent(db: Db, id: number): Promise<AgentRow | null> {
  const [a] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), isNull(agents.deletedAt)))
    .limit(1);
  return a ?? null;
}

/** The agent that owns an invite code (not deleted), or null. */
export async function agentByInviteCode(db: Db, code: string): Promise<AgentRow | null> {
  const [a] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.inviteCode, code.trim().toUpperCase()), isNull(agents.deletedAt)))
    .limit(1);
  return a ?? null;
}

// --- list ---------------------------------------------------------------------------------------

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeAny = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type AgentListRow = AgentRow & { parentName: string | null; userCount: number; childCount: number };

export function toAgentItem(a: AgentListRow): AgentItem {
  return {
    id: a.id,
    name: a.name,
    realName: a.realName,
    phone: a.phone,
    inviteCode: a.inviteCode,
    parentId: a.parentId,
    parentName: a.parentName,
    level: a.level,
    path: a.path.map(Number),
    feeRate: a.feeRate,
    deferralRate: a.deferralRate,
    profitRate: a.profitRate,
    balance: a.balance,
    locked: a.locked,
    remark: a.remark,
    userCount: Number(a.userCount),
    childCount: Number(a.childCount),
    createdAt: a.createdAt.toISOString(),
  };
}

// Correlated subqueries name the outer table explicitly: drizzle leaves columns unqualified in a one-table select list.
const parent = sql`(SELECT p.name FROM agents p WHERE p.id = agents.parent_id)`;
const userCountSql = sql<number>`(SELECT count(*)::int FROM users cu WHERE cu.agent_id = agents.id AND cu.deleted_at IS NULL)`;
const childCountSql = sql<number>`(SELECT count(*)::int FROM agents ca WHERE ca.parent_id = agents.id AND ca.deleted_at IS NULL)`;

async function agentItemById(db: Db, id: number): Promise<AgentItem> {
  const [a] = await db
    .select({
      ...agentColumns(),
      parentName: parent.as('parent_name'),
      userCount: userCountSql.as('user_count'),
      childCount: childCountSql.as('child_count'),
    })
    .from(agents)
    .where(eq(agents.id, id));
  if (!a) throw fail('agent_not_found');
  return toAgentItem(a as AgentListRow);
}

const { passwordHash: _passwordHash, ...agentCols } = getTableColumns(agents);
const agentColumns = () => agentCols;

/** Agents visible to the admin, filtered, in tree order (pre-order by path). */
export async function listAgents(db: Db, p: Principal, q: AgentListQuery): Promise<Page<AgentItem>> {
  const where: (SQL | undefined)[] = [isNull(agents.deletedAt), agentScope(p, agents.id)];
  if (q.parentId !== undefined) {
    if (q.parentId === 0) {
      const root = scopeRootAgentId(p);
      where.push(isAgentStaff(p) ? eq(agents.id, root ?? -1) : isNull(agents.parentId));
    } else where.push(eq(agents.parentId, q.parentId));
  }
  if (q.ancestorId !== undefined) where.push(sql`${agents.path} @> ARRAY[${q.ancestorId}::int]`, sql`${agents.id} <> ${q.ancestorId}`);
  if (q.name) where.push(or(ilike(agents.name, likeAny(q.name)), ilike(agents.realName, likeAny(q.name))));
  if (q.phone) where.push(like(agents.phone, likePrefix(q.phone)));
  if (q.inviteCode) where.push(eq(agents.inviteCode, q.inviteCode.toUpperCase()));
  if (q.locked !== undefined) where.push(eq(agents.locked, q.locked));
  const cond = and(...where);
  const [list, [total]] = await Promise.all([
    onePage(
      db
        .select({
          ...agentColumns(),
          parentName: parent.as('parent_name'),
          userCount: userCountSql.as('user_count'),
          childCount: childCountSql.as('child_count'),
        })
        .from(agents)
        .where(cond)
        .orderBy(asc(agents.path))
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(agents).where(cond),
  ]);
  return { list: list.map((a) => toAgentItem(a as AgentListRow)), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

// --- changes ------------------------------------------------------------------------------------

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const RATE_FIELDS = ['feeRate', 'deferralRate', 'profitRate'] as const;
type Rates = Partial<Record<(typeof RATE_FIELDS)[number], string>>;

/** A sub-agent's commission rates cannot exceed its parent's, nor a parent's fall below its children's. */
async function checkRates(tx: Db, parentRow: AgentRow | null, rates: Rates, selfId?: number) {
  for (const f of RATE_FIELDS) {
    const v = rates[f];
    if (v === undefined) continue;
    if (parentRow && new Decimal(v).gt(parentRow[f])) throw fail('agent_rate_above_parent', { field: f, max: parentRow[f] });
    if (selfId != null) {
      const col = agents[f];
      const [c] = await tx
        .select({ max: sql<string | null>`max(${col})::text` })
        .from(agents)
        .where(and(eq(agents.parentId, selfId), isNull(agents.deletedAt)));
      if (c?.max != null && new Decimal(c.max).gt(v)) throw fail('agent_rate_below_child', { field: f, min: c.max });
    }
  }
}

async function phoneTaken(tx: Db, phone: string, exceptId?: number): Promise<boolean> {
  const [r] = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.phone, phone), isNull(agents.deletedAt), exceptId != null ? sql`${agents.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!r;
}

export async function addAgent(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof addAgentInput>,
  opts: { passwordHash?: string } = {},
): Promise<AgentItem> {
  let parentId = input.parentId ?? null;
  if (isAgentStaff(p)) {
    parentId ??= scopeRootAgentId(p);
    if (parentId == null) throw fail('agent_top_platform_only');
  }
  if (parentId != null) await assertAgentInScope(ctx.db, p, parentId, 'parentId');
  const passwordHash = opts.passwordHash ?? (await hashPassword(input.password));
  const id = await ctx.db
    .transaction(async (tx) => {
      const parentRow =
        parentId != null ? ((await tx.select().from(agents).where(eq(agents.id, parentId)).for('update'))[0] ?? null) : null;
      if (parentId != null && (!parentRow || parentRow.deletedAt)) throw fail('agent_parent_not_found');
      await checkRates(tx, parentRow, input);
      if (await phoneTaken(tx, input.phone)) throw fail('agent_phone_taken');
      const id = rows<{ id: number }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('agents', 'id'))::int AS id`))[0]!.id;
      for (let attempt = 0; ; attempt++) {
        const code = newInviteCode();
        const [clash] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.inviteCode, code)).limit(1);
        if (clash) {
          if (attempt > 20) throw new Error('could not find a free invite code');
          continue;
        }
        await tx.insert(agents).values({
          id,
          name: input.name,
          realName: input.realName ?? '',
          phone: input.phone,
          passwordHash,
          inviteCode: code,
          parentId,
          level: parentRow ? parentRow.level + 1 : 1,
          path: [...(parentRow?.path.map(Number) ?? []), id],
          feeRate: input.feeRate ?? '0',
          deferralRate: input.deferralRate ?? '0',
          profitRate: input.profitRate ?? '0',
          remark: input.remark ?? '',
        });
        return id;
      }
    })
    .catch((e) => {
      if (isUniqueViolation(e)) throw fail('agent_phone_taken');
      throw e;
    });
  return agentItemById(ctx.db, id);
}

/** Loads an agent the admin may change: in scope, and not agent staff's own root agent. */
async function changeableAgent(db: Db, p: Principal, id: number): Promise<AgentRow> {
  await assertAgentInScope(db, p, id, 'id');
  if (isAgentStaff(p) && scopeRootAgentId(p) === id) throw fail('agent_own_readonly');
  const a = await getAgent(db, id);
  if (!a) throw fail('agent_not_found');
  return a;
}

export async function updateAgent(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof updateAgentInput>,
): Promise<{ before: AgentItem; after: AgentItem }> {
  await changeableAgent(ctx.db, p, input.id);
  const before = await agentItemById(ctx.db, input.id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  if (input.parentId !== undefined && input.parentId !== 0) {
    await assertAgentInScope(ctx.db, p, input.parentId, 'parentId');
  }
  if (input.parentId === 0 && isAgentStaff(p)) throw fail('agent_top_platform_only');
  await ctx.db
    .transaction(async (tx) => {
      const [self] = await tx.select().from(agents).where(eq(agents.id, input.id)).for('update');
      if (!self || self.deletedAt) throw fail('agent_not_found');
      const newParentId = input.parentId === undefined ? self.parentId : input.parentId === 0 ? null : input.parentId;
      let parentRow: AgentRow | null = null;
      if (newParentId != null) {
        [parentRow] = (await tx.select().from(agents).where(eq(agents.id, newParentId)).for('update')) as [AgentRow];
        if (!parentRow || parentRow.deletedAt) throw fail('agent_parent_not_found');
        if (parentRow.path.map(Number).includes(self.id)) throw fail('agent_parent_cycle');
      }
      const moving = newParentId !== self.parentId;
      // Moving re-checks all three rates against the new parent; otherwise only the ones changed.
      const rates: Rates = moving
        ? {
            feeRate: input.feeRate ?? self.feeRate,
            deferralRate: input.deferralRate ?? self.deferralRate,
            profitRate: input.profitRate ?? self.profitRate,
          }
        : input;
      await checkRates(tx, parentRow, rates, self.id);
      if (input.phone && input.phone !== self.phone && (await phoneTaken(tx, input.phone, self.id))) throw fail('agent_phone_taken');
      await tx
        .update(agents)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.realName !== undefined ? { realName: input.realName } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(input.feeRate !== undefined ? { feeRate: input.feeRate } : {}),
          ...(input.deferralRate !== undefined ? { deferralRate: input.deferralRate } : {}),
          ...(input.profitRate !== undefined ? { profitRate: input.profitRate } : {}),
          ...(input.locked !== undefined ? { locked: input.locked } : {}),
          ...(input.remark !== undefined ? { remark: input.remark } : {}),
          updatedAt: new Date(),
        })
        .where(eq(agents.id, self.id));
      if (moving) {
        // Re-root the whole subtree: new path = parent's path ++ the part from this agent down.
        const prefix = parentRow ? parentRow.path.map(Number) : [];
        await tx.execute(sql`
          UPDATE agents
          SET path = ${sql.raw(prefix.length ? `ARRAY[${prefix.map((n) => Number(n)).join(',')}]::int[]` : `'{}'::int[]`)} || path[${self.level}:array_length(path, 1)],
              level = ${prefix.length} + array_length(path, 1) - ${self.level} + 1,
              updated_at = now()
          WHERE path @> ARRAY[${self.id}::int]`);
        await tx.update(agents).set({ parentId: newParentId }).where(eq(agents.id, self.id));
      }
    })
    .catch((e) => {
      if (isUniqueViolation(e)) throw fail('agent_phone_taken');
      throw e;
    });
  return { before, after: await agentItemById(ctx.db, input.id) };
}

export async function deleteAgent(ctx: AppContext, p: Principal, id: number): Promise<AgentItem> {
  await changeableAgent(ctx.db, p, id);
  return ctx.db.transaction(async (tx) => {
    const [self] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
    if (!self || self.deletedAt) throw fail('agent_not_found');
    const [u] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.agentId, id), isNull(users.deletedAt)));
    if (Number(u?.n ?? 0) > 0) throw fail('agent_has_users', { count: Number(u!.n) });
    const [c] = await tx
      .select({ n: count() })
      .from(agents)
      .where(and(eq(agents.parentId, id), isNull(agents.deletedAt)));
    if (Number(c?.n ?? 0) > 0) throw fail('agent_has_children', { count: Number(c!.n) });
    if (!new Decimal(self.balance).isZero()) throw fail('agent_has_balance', { balance: self.balance });
    const before = await agentItemById(tx, id);
    await tx.update(agents).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(agents.id, id));
    return before;
  });
}

export async function adjustAgentBalance(ctx: AppContext, p: Principal, input: z.output<typeof agentAmtInput>) {
  if (isAgentStaff(p)) throw fail('agent_staff_money_forbidden');
  await assertAgentInScope(ctx.db, p, input.agentId, 'agentId');
  const credit = input.direction === 0;
  const [rec] = await ctx.db.transaction((tx) =>
    postAgent(tx, input.agentId, [
      { type: credit ? 'agent_credit' : 'agent_debit', amount: credit ? input.amt : `-${input.amt}`, adminId: p.adminId, note: input.note },
    ]),
  );
  return { agentId: input.agentId, balance: rec!.enableAmtAfter, recordId: rec!.id };
}
