import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { users } from '../_kit/parties.js';
import { userSessions } from './tables.js';
import { rows } from '../../db/rows.js';
import { executeNamed } from '../../db/named.js';
import type { Db } from '../../db/client.js';
import type { AppContext, AppUser } from '../../app/context.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { afterCommit } from '../../db/transactions.js';
import { TokenCache } from '../session/index.js';

/** App sessions last 7 days. */
export const USER_TOKEN_TTL_MS = 7 * 24 * 3600_000;

// the signed-in end user's shape lives beside the admin's (app/context.ts): the route wrapper reads both
export type { AppUser };

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export async function createUserSession(
  db: Db,
  userId: number,
  client: ClientInfo,
): Promise<{ token: string; expireTime: number; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + USER_TOKEN_TTL_MS);
  const [s] = await db
    .insert(userSessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null })
    .returning({ id: userSessions.id });
  await db.update(users).set({ online: true, lastLoginAt: new Date(), lastLoginIp: client.ip }).where(eq(users.id, userId));
  return { token, expireTime: expiresAt.getTime(), sessionId: s!.id };
}

/** A resolved app session: the user, and when the session ends. */
interface Resolved {
  user: AppUser;
  expiresAt: number;
}
/** The signal that drops a user's cached sessions on every instance (`cacheDropped`, relayed by the bus). */
const DROP = 'app-user.';
const caches = new WeakMap<AppContext, TokenCache<Resolved>>();

function cacheOf(ctx: AppContext): TokenCache<Resolved> {
  let c = caches.get(ctx);
  if (!c) {
    // refreshed in batches (session/cache.ts): a user active in the last 30 s finds their session cached
    const cache = (c = new TokenCache<Resolved>(5_000, 50_000, 1_500, { loadMany: (hashes) => loadUsers(ctx, hashes), everyMs: 500 }));
    caches.set(ctx, cache);
    ctx.hooks.on('cacheDropped', (name) => {
      if (!name.startsWith(DROP)) return;
      const userId = Number(name.slice(DROP.length));
      cache.drop((r) => r.user.userId === userId);
    });
  }
  return c;
}

/** This instance's cache of app sessions (tests run its batched refresh by hand). */
export const userSessionCache = (ctx: AppContext): TokenCache<Resolved> => cacheOf(ctx);

/**
 * Drops a user's cached sessions here and on the other instances, once the change that calls it has committed (at
 * once outside a transaction): a revocation, a lock, any change of what the session carries.
 */
export function dropUserSessions(ctx: AppContext, userId: number): void {
  afterCommit(() => ctx.hooks.emit('cacheDropped', `${DROP}${userId}`));
}

/**
 * The end user behind an app token, or null when the token is unknown, expired or revoked, or the
 * user is login-locked or deleted. Cached per instance for a few seconds, as the operators' sessions are (issue 64:
 * the lookup was one statement in four of the platform's calls); dropped at once by `dropUserSessions`.
 */
export function authenticateUser(ctx: AppContext, token: string | undefined): Promise<AppUser | null> {
  if (!token || token.length > 200) return Promise.resolve(null);
  const hash = hashToken(token);
  return cacheOf(ctx)
    .resolve(hash, () => loadUser(ctx, hash))
    .then((r) => r?.user ?? null);
}

// the session and user columns an app session carries (AppUser), for one token or many
const RESOLVED_COLUMNS = sql.raw(`s.token_hash, s.id AS session_id, s.expires_at, u.id AS user_id, u.phone, u.nick_name, u.real_name,
  u.account_type, u.agent_id, u.real_state, u.trade_locked, u.layering_id`);
const LIVE = sql.raw('s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.login_locked AND u.deleted_at IS NULL');

interface ResolvedRow {
  token_hash: string;
  session_id: string | number;
  expires_at: string | Date;
  user_id: number;
  phone: string;
  nick_name: string;
  real_name: string | null;
  account_type: number;
  agent_id: number | null;
  real_state: number;
  trade_locked: boolean;
  layering_id: number | null;
}

function resolvedOf(r: ResolvedRow): Resolved {
  const user: AppUser = {
    sessionId: Number(r.session_id),
    userId: r.user_id,
    phone: r.phone,
    nickName: r.nick_name,
    realName: r.real_name,
    accountType: Number(r.account_type),
    agentId: r.agent_id,
    realState: Number(r.real_state),
    tradeLocked: r.trade_locked,
    layeringId: r.layering_id,
  };
  return { user, expiresAt: new Date(r.expires_at).getTime() };
}

async function loadUser(ctx: AppContext, hash: string): Promise<Resolved | null> {
  // named (db/named.ts): every app call that is not cached makes it
  const lookup = sql`SELECT ${RESOLVED_COLUMNS} FROM user_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${hash} AND ${LIVE}`;
  const [r] = rows<ResolvedRow>(await executeNamed(ctx.db, lookup));
  return r ? resolvedOf(r) : null;
}

/** The batched refresh of the cached sessions (session/cache.ts): the live ones among `hashes`, by hash. */
async function loadUsers(ctx: AppContext, hashes: string[]): Promise<Map<string, Resolved>> {
  // the hashes are hex digests (hashToken), safe in an array literal; one text whatever their number
  const lookup = sql`SELECT ${RESOLVED_COLUMNS} FROM user_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ANY(${`{${hashes.join(',')}}`}::text[]) AND ${LIVE}`;
  const found = rows<ResolvedRow>(await executeNamed(ctx.db, lookup));
  return new Map(found.map((r) => [r.token_hash, resolvedOf(r)]));
}

/**
 * Ends a user's live app sessions (all, one, or all but one) and clears the online flag when none
 * is left. Returns how many sessions ended.
 */
export async function revokeUserSessions(
  ctx: AppContext,
  db: Db,
  userId: number,
  reason: 'logout' | 'kickout' | 'lock' | 'password' | 'deleted',
  opts: { only?: number; except?: number } = {},
): Promise<number> {
  const conds = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt)];
  if (opts.only != null) conds.push(eq(userSessions.id, opts.only));
  if (opts.except != null) conds.push(ne(userSessions.id, opts.except));
  const gone = await db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(...conds))
    .returning({ id: userSessions.id });
  const [left] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date())))
    .limit(1);
  if (!left) await db.update(users).set({ online: false }).where(eq(users.id, userId));
  dropUserSessions(ctx, userId);
  return gone.length;
}
