import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ACTIONS,
  permissionKeys,
  type Action,
  type Lang,
  type LoginData,
  type PermissionNames,
  type SiteStyle,
  type UserInfo,
} from '@stock-admin/contracts';
import { adminSessions, loginLog } from './tables.js';
import { admins } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal, SessionsRevoked } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { countSignIn } from '../../lib/metrics.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { verifyTotp } from '../../lib/totp.js';
import { openTotpSecret } from '../../lib/totp-secret.js';
import { mayTry, noteLocks } from './throttle.js';
import { namedActions, namedPermissionKeys, permissionEntryOf } from '../_kit/permission-names.js';
import { builtinRoleText } from '../_kit/role-names.js';
import type { SessionCache } from './cache.js';
import './messages.js';
import { reuseJson } from '../../http/json.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

async function logAttempt(db: Db, username: string, adminId: number | null, client: ClientInfo, result: string) {
  await db.insert(loginLog).values({ username, adminId, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null, result });
  countSignIn('admin', result);
}

export async function login(
  ctx: AppContext,
  input: { username: string; password: string; googleCode?: string },
  client: ClientInfo,
): Promise<LoginData> {
  const { db } = ctx;
  const { username } = input;
  const verdict = await mayTry(db, username, client.ip);
  if (!verdict.ok) {
    await logAttempt(db, username, null, client, 'throttled');
    throw verdict.reason === 'ip' ? fail('login_throttled', { minutes: verdict.minutes }) : fail('login_account_guarded');
  }
  const failed = async (adminId: number | null, result: 'bad_password' | 'bad_code') => {
    await logAttempt(db, username, adminId, client, result);
    await noteLocks(db, username, client.ip, (lock) => logAttempt(db, username, adminId, client, lock));
  };
  const [admin] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  if (!admin) {
    await verifyPassword(await dummyHash(), input.password);
    await failed(null, 'bad_password');
    throw fail('login_bad_credentials');
  }
  if (!(await verifyPassword(admin.passwordHash, input.password))) {
    await failed(admin.id, 'bad_password');
    throw fail('login_bad_credentials');
  }
  if (admin.locked) {
    await logAttempt(db, username, admin.id, client, 'locked');
    throw fail('account_locked');
  }
  if (admin.totpEnabled && admin.totpSecret) {
    if (!input.googleCode) {
      await logAttempt(db, username, admin.id, client, 'need_code');
      throw fail('google_code_required', undefined, { needGoogleCode: true });
    }
    // The secret is stored sealed (lib/totp-secret.ts); legacy plain secrets still open as themselves.
    const step = await verifyTotp(openTotpSecret(ctx, admin.totpSecret), input.googleCode, admin.totpLastStep);
    // The conditional update makes two simultaneous uses of one code accept only the first.
    const claimed =
      step != null &&
      (
        await db
          .update(admins)
          .set({ totpLastStep: step })
          .where(and(eq(admins.id, admin.id), sql`(${admins.totpLastStep} IS NULL OR ${admins.totpLastStep} < ${step})`))
          .returning({ id: admins.id })
      ).length === 1;
    if (!claimed) {
      await failed(admin.id, 'bad_code');
      throw fail('google_code_invalid', undefined, { needGoogleCode: true });
    }
  }

  const token = newToken();
  const expiresAt = new Date(Date.now() + ctx.config.TOKEN_TTL_HOURS * 3600_000);
  const [session] = await db
    .insert(adminSessions)
    .values({
      adminId: admin.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: adminSessions.id });
  if (ctx.config.SINGLE_SESSION) await revokeSessions(ctx, admin.id, 'kickout', { except: session!.id });
  await db.update(admins).set({ lastLoginAt: new Date(), lastLoginIp: client.ip }).where(eq(admins.id, admin.id));
  await logAttempt(db, username, admin.id, client, 'ok');
  return { token, expireTime: expiresAt.getTime(), id: admin.id };
}

/**
 * Revokes an admin's live sessions (all, one, or all but one) and tells the realtime hub,
 * which closes their sockets (and sends KICKOUT_ANOTHER for a kick-out).
 */
export async function revokeSessions(
  ctx: AppContext,
  adminId: number,
  reason: SessionsRevoked['reason'],
  opts: { only?: number; except?: number } = {},
): Promise<number[]> {
  const conds = [eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)];
  if (opts.only != null) conds.push(eq(adminSessions.id, opts.only));
  if (opts.except != null) conds.push(ne(adminSessions.id, opts.except));
  const revoked = await ctx.db
    .update(adminSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(...conds))
    .returning({ id: adminSessions.id });
  const sessionIds = revoked.map((r) => r.id);
  if (sessionIds.length) ctx.hooks.emit('sessionsRevoked', { adminId, sessionIds, reason });
  return sessionIds;
}

export const logout = (ctx: AppContext, p: Principal) => revokeSessions(ctx, p.adminId, 'logout', { only: p.sessionId });

interface SessionRow {
  session_id: string | number;
  expires_at: string | Date;
  avatar: string;
  lang: string | null;
  admin_id: number;
  username: string;
  name: string;
  role_id: number;
  role_name: string;
  role_code: string | null;
  agent_id: number | null;
  perms: [string, string[]][] | string;
}

/** The admin behind a token, or null when the token is unknown, expired, revoked or the account locked. */
/**
 * The session lookup the application installs as `ctx.authenticate` (app.ts): a token's principal, through `cache`
 * (resolved sessions, dropped on revocations and role or profile edits).
 */
export function sessionAuthenticator(ctx: AppContext, cache: SessionCache): (token: string | undefined) => Promise<Principal | null> {
  return (token) => {
    if (!token || token.length > 200) return Promise.resolve(null);
    const hash = hashToken(token);
    return cache.resolve(hash, () => loadPrincipal(ctx, hash));
  };
}

async function loadPrincipal(ctx: AppContext, hash: string): Promise<Principal | null> {
  const [r] = rows<SessionRow>(
    await ctx.db.execute(sql`
      SELECT s.id AS session_id, s.expires_at, ${PRINCIPAL_COLUMNS}
      FROM admin_sessions s
      JOIN admins a ON a.id = s.admin_id
      JOIN admin_roles r ON r.id = a.role_id
      WHERE s.token_hash = ${hash} AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT a.locked`),
  );
  return r ? toPrincipal(ctx, r) : null;
}

const PRINCIPAL_COLUMNS = sql`a.id AS admin_id, a.username, a.name, a.avatar, a.lang, a.role_id,
             r.name AS role_name, r.code AS role_code, a.agent_id,
             coalesce((SELECT json_agg(json_build_array(p.permission_key, p.actions))
                       FROM admin_role_permissions p WHERE p.role_id = a.role_id), '[]'::json) AS perms`;

function toPrincipal(ctx: AppContext, r: SessionRow): Principal {
  const perms = typeof r.perms === 'string' ? (JSON.parse(r.perms) as [string, string[]][]) : r.perms;
  return {
    sessionId: Number(r.session_id),
    adminId: r.admin_id,
    username: r.username,
    name: r.name,
    roleId: r.role_id,
    roleName: r.role_name,
    roleCode: r.role_code,
    agentId: r.agent_id,
    isSuper: r.username === ctx.config.SUPER_ACCOUNT,
    permissions: new Map(perms.map(([k, a]) => [k, a.filter((x): x is Action => (ACTIONS as readonly string[]).includes(x))])),
    avatar: r.avatar,
    lang: r.lang,
    expiresAt: new Date(r.expires_at).getTime(),
  };
}

/**
 * An admin's principal as of now, without a session (sessionId 0): whoever made a request held for a second
 * administrator, when it is approved — their role, grants and scope today; null when deleted or locked.
 */
export async function adminPrincipal(ctx: AppContext, adminId: number): Promise<Principal | null> {
  const [r] = rows<SessionRow>(
    await ctx.db.execute(sql`
      SELECT 0 AS session_id, now() + interval '1 hour' AS expires_at, ${PRINCIPAL_COLUMNS}
      FROM admins a JOIN admin_roles r ON r.id = a.role_id
      WHERE a.id = ${adminId} AND NOT a.locked`),
  );
  return r ? toPrincipal(ctx, r) : null;
}

/**
 * Step-up: an admin with an authenticator bound proves presence with its current code (each code once, as at sign-in).
 * Returns false when none is bound (nothing to ask); refuses a missing or wrong code.
 */
export async function verifyStepUp(ctx: AppContext, adminId: number, code: string | undefined): Promise<boolean> {
  const [a] = await ctx.db
    .select({ enabled: admins.totpEnabled, secret: admins.totpSecret, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!a?.enabled || !a.secret) return false;
  if (!code) throw fail('google_code_required', undefined, { needGoogleCode: true });
  const step = await verifyTotp(openTotpSecret(ctx, a.secret), code, a.lastStep);
  const used =
    step != null &&
    (
      await ctx.db
        .update(admins)
        .set({ totpLastStep: step })
        .where(and(eq(admins.id, adminId), sql`(${admins.totpLastStep} IS NULL OR ${admins.totpLastStep} < ${step})`))
        .returning({ id: admins.id })
    ).length > 0;
  if (!used) throw fail('google_code_invalid', undefined, { needGoogleCode: true });
  return true;
}

/** `GET /api/user/info`: the role's permission entries in the shape the console's access checks read (spec §3). */
// The info document depends only on the (cached, immutable) principal and the language; build it once per pair.
const infoMemo = new WeakMap<Principal, Partial<Record<Lang, UserInfo>>>();

export function userInfo(p: Principal, lang: Lang): UserInfo {
  let byLang = infoMemo.get(p);
  if (!byLang) infoMemo.set(p, (byLang = {}));
  return (byLang[lang] ??= reuseJson(buildUserInfo(p, lang)));
}

function buildUserInfo(p: Principal, lang: Lang): UserInfo {
  // spec §3's entries, names included, for outside clients (the console reads the catalogue's names); repetitive
  // enough that the super account's 25 × 9 compress to ≈ 1.5 KB
  const permissions = permissionKeys().flatMap((key) => {
    const actions = p.isSuper ? [...ACTIONS] : (p.permissions.get(key) ?? []);
    return actions.length ? [permissionEntryOf(lang, p.roleId, key, actions)] : [];
  });
  return {
    id: p.adminId,
    name: p.name,
    username: p.username,
    avatar: p.avatar,
    // Locked accounts never authenticate, so a signed-in admin is always active.
    status: 0,
    merchantCode: p.agentId != null ? `AG${p.agentId}` : '',
    isSuper: p.isSuper,
    agentId: p.agentId,
    lang: p.lang,
    // a built-in role's name in the caller's language (管理员 / Administrator), an operator's own name as written
    role: { id: p.roleId, name: builtinRoleText(p.roleCode, p.roleName, lang), permissions },
  };
}

const catalogues: Partial<Record<Lang, PermissionNames>> = {};

/** `GET /api/user/catalogue`: the permission keys' and actions' names; `version` changes only with their texts. */
export function userCatalogue(lang: Lang): PermissionNames {
  return (catalogues[lang] ??= versioned({
    permissions: namedPermissionKeys(lang),
    actions: namedActions(lang),
  }));
}

function versioned(body: Omit<PermissionNames, 'version'>): PermissionNames {
  return { version: createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 16), ...body };
}

export async function getSiteStyle(ctx: AppContext, p: Principal): Promise<SiteStyle> {
  const [a] = await ctx.db.select({ s: admins.siteStyle }).from(admins).where(eq(admins.id, p.adminId)).limit(1);
  return (a?.s ?? {}) as SiteStyle;
}

export async function setSiteStyle(ctx: AppContext, p: Principal, style: SiteStyle): Promise<SiteStyle> {
  // Merge so that the theme panel and the badge settings (saved separately) do not overwrite each other.
  const merged = { ...(await getSiteStyle(ctx, p)), ...style };
  await ctx.db.update(admins).set({ siteStyle: merged, updatedAt: new Date() }).where(eq(admins.id, p.adminId));
  return merged;
}

/**
 * An administrator forgives an account's failed sign-ins (the login log gets an `unlock` row naming who):
 * the addresses it was closed to may try again at once.
 */
export async function unlockSignIn(db: Db, username: string, by: Principal, client: ClientInfo): Promise<void> {
  await logAttempt(db, username, null, { ip: client.ip, userAgent: `unlocked by ${by.username}` }, 'unlock');
}
