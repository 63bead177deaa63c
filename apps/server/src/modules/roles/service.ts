import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIONS,
  permissionKeys,
  isGrantable,
  type Action,
  type Lang,
  type Page,
  type PermissionCatalogue,
  type RoleGrant,
  type RoleRecord,
  type addRoleInput,
  type roleListQuery,
  type updateRoleInput,
} from '@stock-admin/contracts';
import { adminAccounts, adminRolePermissions, adminRoles } from '../_kit/parties.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { assertWithinOwn, roleGrants } from '../admins/index.js';
import { builtinRoleText } from '../_kit/role-names.js';
import './messages.js';
import { namedActions, namedPermissionKeys, permissionEntryOf } from '../_kit/permission-names.js';
import { likeContains } from '../../db/like.js';
import { onePage } from '../../db/paging.js';

type Audit = (a: { targetId?: string | number | null; before?: unknown; after?: unknown }) => void;

/** The permission keys and actions the role editor offers (the super-user's own powers marked not grantable). */
export function catalogue(lang: Lang): PermissionCatalogue {
  return {
    actions: namedActions(lang),
    permissions: namedPermissionKeys(lang).map((p) => ({ ...p, grantable: isGrantable(p.key) })),
  };
}

function entries(lang: Lang, roleId: number, grants: { permissionKey: string; actions: string[] }[]) {
  // Catalogue order, known keys and actions only.
  const byKey = new Map(grants.map((g) => [g.permissionKey, g.actions]));
  return permissionKeys().flatMap((key) => {
    const actions = ACTIONS.filter((a) => byKey.get(key)?.includes(a));
    return actions.length ? [permissionEntryOf(lang, roleId, key, actions)] : [];
  });
}

/** A built-in role's name and description as created are shown in the reader's language (builtinRoleText). */
function builtinText(r: { code: string | null; name: string; describe: string; builtin: boolean }, lang: Lang) {
  const code = r.builtin ? r.code : null;
  return { name: builtinRoleText(code, r.name, lang), describe: builtinRoleText(code, r.describe, lang) };
}

async function records(ctx: AppContext, lang: Lang, roles: (typeof adminRoles.$inferSelect)[]): Promise<RoleRecord[]> {
  if (!roles.length) return [];
  const ids = roles.map((r) => r.id);
  const [grants, counts] = await Promise.all([
    ctx.db.select().from(adminRolePermissions).where(inArray(adminRolePermissions.roleId, ids)),
    ctx.db
      .select({ roleId: adminAccounts.roleId, n: count() })
      .from(adminAccounts)
      .where(inArray(adminAccounts.roleId, ids))
      .groupBy(adminAccounts.roleId),
  ]);
  const nByRole = new Map(counts.map((c) => [c.roleId, Number(c.n)]));
  return roles.map((r) => ({
    id: r.id,
    code: r.code,
    ...builtinText(r, lang),
    builtin: r.builtin,
    adminCount: nByRole.get(r.id) ?? 0,
    permissions: entries(
      lang,
      r.id,
      grants.filter((g) => g.roleId === r.id),
    ),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listRoles(ctx: AppContext, lang: Lang, q: z.output<typeof roleListQuery>): Promise<Page<RoleRecord>> {
  const where: SQL[] = [];
  if (q.name) where.push(ilike(adminRoles.name, likeContains(q.name)));
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(adminRoles).where(cond).orderBy(adminRoles.id).$dynamic(), q),
    ctx.db.select({ n: count() }).from(adminRoles).where(cond),
  ]);
  return { list: await records(ctx, lang, list), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

async function roleRecord(ctx: AppContext, lang: Lang, id: number): Promise<RoleRecord> {
  const [r] = await ctx.db.select().from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  if (!r) throw fail('role_not_found');
  return (await records(ctx, lang, [r]))[0]!;
}

/** Merges duplicate entries and drops empty ones. */
function normalise(grants: RoleGrant[]): Map<string, Action[]> {
  const out = new Map<string, Set<Action>>();
  for (const g of grants) {
    const set = out.get(g.permissionId) ?? new Set<Action>();
    for (const a of g.actions) set.add(a);
    out.set(g.permissionId, set);
  }
  return new Map([...out].filter(([, s]) => s.size).map(([k, s]) => [k, ACTIONS.filter((a) => s.has(a))]));
}

/**
 * What an edit adds beyond the role's current grants: never the super-user's own powers (a built-in
 * role that already lists them keeps them on a round trip), and for a non-super admin only what they
 * hold themselves.
 */
function assertGrantable(actor: Principal, next: Map<string, Action[]>, current: Map<string, string[]>) {
  const added: [string, string[]][] = [];
  for (const [k, actions] of next) {
    const had = current.get(k) ?? [];
    const extra = actions.filter((a) => !had.includes(a));
    if (!extra.length) continue;
    if (!isGrantable(k)) throw fail('role_grant_super_only', { permission: k });
    added.push([k, extra]);
  }
  assertWithinOwn(actor, added);
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

const plain = (m: Map<string, string[]>) => Object.fromEntries(m);

export async function addRole(
  ctx: AppContext,
  actor: Principal,
  lang: Lang,
  input: z.output<typeof addRoleInput>,
  audit: Audit,
): Promise<RoleRecord> {
  const grants = normalise(input.permissions);
  assertGrantable(actor, grants, new Map());
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [role] = await tx.insert(adminRoles).values({ name: input.name, describe: input.describe }).returning({ id: adminRoles.id });
      if (grants.size) {
        await tx
          .insert(adminRolePermissions)
          .values([...grants].map(([permissionKey, actions]) => ({ roleId: role!.id, permissionKey, actions })));
      }
      return role!.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('role_name_taken');
    throw e;
  }
  audit({ targetId: id, after: { name: input.name, describe: input.describe, permissions: plain(grants) } });
  return roleRecord(ctx, lang, id);
}

export async function updateRole(
  ctx: AppContext,
  actor: Principal,
  lang: Lang,
  input: z.output<typeof updateRoleInput>,
  audit: Audit,
): Promise<RoleRecord> {
  const [role] = await ctx.db.select().from(adminRoles).where(eq(adminRoles.id, input.id)).limit(1);
  if (!role) throw fail('role_not_found');
  const current = await roleGrants(ctx, role.id);
  const next = input.permissions ? normalise(input.permissions) : undefined;
  if (next) assertGrantable(actor, next, current);
  try {
    await ctx.db.transaction(async (tx) => {
      const set: Partial<typeof adminRoles.$inferInsert> = { updatedAt: new Date() };
      if (input.name !== undefined) set.name = input.name;
      if (input.describe !== undefined) set.describe = input.describe;
      await tx.update(adminRoles).set(set).where(eq(adminRoles.id, role.id));
      if (next) {
        await tx.delete(adminRolePermissions).where(eq(adminRolePermissions.roleId, role.id));
        if (next.size) {
          await tx
            .insert(adminRolePermissions)
            .values([...next].map(([permissionKey, actions]) => ({ roleId: role.id, permissionKey, actions })));
        }
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('role_name_taken');
    throw e;
  }
  audit({
    targetId: role.id,
    before: { name: role.name, describe: role.describe, ...(next ? { permissions: plain(current) } : {}) },
    after: { name: input.name ?? role.name, describe: input.describe ?? role.describe, ...(next ? { permissions: plain(next) } : {}) },
  });
  // Signed-in holders of the role get the new grants on their next call.
  ctx.hooks.emit('principalsChanged', { roleIds: [role.id] });
  return roleRecord(ctx, lang, role.id);
}

export async function deleteRole(ctx: AppContext, id: number, audit: Audit): Promise<null> {
  const [role] = await ctx.db.select().from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  if (!role) throw fail('role_not_found');
  if (role.builtin) throw fail('role_builtin');
  const [n] = await ctx.db.select({ n: count() }).from(adminAccounts).where(eq(adminAccounts.roleId, id));
  if (Number(n?.n ?? 0) > 0) throw fail('role_in_use', { count: Number(n!.n) });
  const grants = await roleGrants(ctx, id);
  try {
    await ctx.db.delete(adminRoles).where(and(eq(adminRoles.id, id), sql`NOT EXISTS (SELECT 1 FROM admins WHERE role_id = ${id})`));
  } catch (e) {
    // A concurrent assignment (admins.role_id references the role).
    if ((e as { code?: string })?.code === '23503' || (e as { cause?: { code?: string } })?.cause?.code === '23503')
      throw fail('role_in_use', { count: 1 });
    throw e;
  }
  audit({ targetId: id, before: { name: role.name, describe: role.describe, permissions: plain(grants) } });
  return null;
}
