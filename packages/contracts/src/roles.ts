import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zId } from './fields.js';
import { ACTIONS, isPermissionKey, permissionKeys, type PermissionKey } from './permissions.js';
import { permissionEntry } from './session.js';

/**
 * The super-user's own powers (spec §6): reachable only by the super account whatever a role says,
 * so the role editor cannot grant them.
 */
export const SUPER_ONLY_PERMISSIONS: readonly PermissionKey[] = ['operationlog'];
export const isGrantable = (key: string) => !(SUPER_ONLY_PERMISSIONS as readonly string[]).includes(key);

/** A permission key of the spec's table or of a domain's contract (`definePermission`). */
export const permissionKey = z.custom<PermissionKey>((v) => typeof v === 'string' && isPermissionKey(v), { message: 'invalid_value' });

/** Actions as an array or a comma-joined string ("query,get"). */
const actionList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ACTIONS)).max(ACTIONS.length));

export const roleGrant = z.object({ permissionId: permissionKey, actions: actionList });
export type RoleGrant = z.output<typeof roleGrant>;

/** The grants of a role: a JSON array (or that array as one JSON string in a form body). */
export const roleGrants = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid_json', input: v });
      return z.NEVER;
    }
  },
  z.array(roleGrant).superRefine((grants, ctx) => {
    if (grants.length > permissionKeys().length * 2)
      ctx.addIssue({ code: 'too_big', maximum: permissionKeys().length * 2, origin: 'array', inclusive: true, input: grants });
  }),
);

export const roleRecord = z.object({
  id: z.number().int(),
  /** Built-in roles have a code (super, admin, finance, risk, support, agent); they cannot be deleted. */
  code: z.string().nullable(),
  name: z.string(),
  describe: z.string(),
  builtin: z.boolean(),
  /** How many admin accounts hold this role. */
  adminCount: z.number().int(),
  permissions: z.array(permissionEntry),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecord>;

export const roleListQuery = pageQuery.extend({ name: optionalText(64) });

export const addRoleInput = z.object({
  name: z.string().trim().min(1).max(32),
  describe: z.string().trim().max(200).optional().default(''),
  permissions: roleGrants.default([]),
});
export const updateRoleInput = z.object({
  id: zId(),
  name: z.string().trim().min(1).max(32).optional(),
  describe: z.string().trim().max(200).optional(),
  /** When given, replaces every grant of the role. */
  permissions: roleGrants.optional(),
});

export const permissionCatalogue = z.object({
  actions: z.array(z.object({ action: z.enum(ACTIONS), describe: z.string() })),
  permissions: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      /** false for the super-user's own powers. */
      grantable: z.boolean(),
    }),
  ),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogue>;

const managelist = (action: 'query' | 'add' | 'edit' | 'delete') => ({ permission: 'managelist' as const, action });

export const rolesApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/role/list.do',
    access: managelist('query'),
    input: roleListQuery,
    data: pageOf(roleRecord),
    summary: 'Roles with their permission entries',
  }),
  permissions: endpoint({
    method: 'POST',
    path: '/admin/role/permissions.do',
    access: managelist('query'),
    data: permissionCatalogue,
    summary: 'Permission keys and actions for the role editor',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/role/add.do',
    access: managelist('add'),
    input: addRoleInput,
    data: orHeld(roleRecord),
    module: 'roles',
    summary: 'Create a role',
    guard: 'access',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/role/update.do',
    access: managelist('edit'),
    input: updateRoleInput,
    data: orHeld(roleRecord),
    module: 'roles',
    summary: 'Edit a role (name, description, grants)',
    guard: 'access',
  }),
  del: endpoint({
    method: 'POST',
    path: '/admin/role/del.do',
    access: managelist('delete'),
    input: z.object({ id: zId() }),
    data: orHeld(z.null()),
    module: 'roles',
    summary: 'Delete a role (not built-in, not in use)',
    guard: 'access',
  }),
} as const;
