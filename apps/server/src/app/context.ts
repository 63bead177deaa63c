import { EventEmitter } from 'node:events';
import type { Action, EventData, MarketPhase, QuoteTick, SocketEventType } from '@stock-admin/contracts';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { SecretBox } from '../lib/secretbox.js';

/** The signed-in admin behind a request. */
export interface Principal {
  sessionId: number;
  adminId: number;
  username: string;
  name: string;
  roleId: number;
  roleName: string;
  roleCode: string | null;
  /** Bound agent for agent staff: every query of theirs is limited to that agent's subtree. */
  agentId: number | null;
  isSuper: boolean;
  permissions: Map<string, Action[]>;
  avatar: string;
  lang: string | null;
  /** Epoch ms when the session expires. */
  expiresAt: number;
}

/** The signed-in end user behind a `usertoken`. */
export interface AppUser {
  sessionId: number;
  userId: number;
  phone: string;
  nickName: string;
  realName: string | null;
  /** 0 real, 1 simulated */
  accountType: number;
  agentId: number | null;
  /** 0 none, 1 pending, 2 approved, 3 rejected */
  realState: number;
  tradeLocked: boolean;
  layeringId: number | null;
}

export interface SessionsRevoked {
  adminId: number;
  sessionIds: number[];
  reason: 'logout' | 'kickout' | 'lock' | 'offline' | 'password' | 'expired' | 'deleted';
}

/** A live notice raised by a domain (DESIGN §4); the realtime hub decides who receives it. */
export interface DomainEvent {
  type: SocketEventType;
  data: EventData;
  /** The end user the event concerns: agent staff above that user receive it as well. */
  userId?: number;
  /** Only these admins receive it (a reply to one operator, e.g. the maker of a decided request), whatever they hold. */
  toAdminIds?: number[];
}

/** In-process signals between domains (the realtime hub listens to both). */
export interface AppEvents {
  sessionsRevoked: [SessionsRevoked];
  notify: [DomainEvent];
  /** Admin profiles or role grants changed: cached sessions of these admins/roles must be reloaded. */
  principalsChanged: [PrincipalsChanged];
  /** A domain's cached settings changed (e.g. `risk`): every instance drops its copy. */
  cacheDropped: [string];
  /** An admin changed something: with a read standby, their reads stay on the primary for a while (db/replica.ts). */
  adminWrote: [number];
}

export interface PrincipalsChanged {
  adminIds?: number[];
  roleIds?: number[];
}

export class AppHooks extends EventEmitter<AppEvents> {}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  hooks: AppHooks;
  /** Encrypts secrets at rest (SECRET_KEY). */
  secrets: SecretBox;
  /**
   * The signed-in admin behind a token, or null (no such session, expired, revoked). The session domain's lookup,
   * cached; set by app.ts so that the shared layers (route wrapper, socket, API docs) reach it without importing a domain.
   */
  authenticate(token: string | undefined): Promise<Principal | null>;
  /** The signed-in end user behind a `usertoken`, or null: the platform domain's lookup, set by app.ts likewise. */
  authenticateUser(token: string | undefined): Promise<AppUser | null>;
  /** What the socket hub re-reads about the admins holding sockets: the session domain's queries, set by app.ts likewise. */
  principals: PrincipalStore;
  /** The quote service (market domain), once the app is built: the only place prices are read from. */
  market?: MarketReader;
}

/** The admins behind sockets, as the socket hub routes to them (realtime/acl.ts, realtime/connections.ts). */
export interface PrincipalStore {
  admins(ids: number[]): Promise<{ id: number; roleId: number; agentId: number | null; locked: boolean; username: string }[]>;
  /** The permission entries of these roles, one row per (role, key). */
  roleGrants(roleIds: number[]): Promise<{ roleId: number; key: string; actions: string[] | null }[]>;
  /** Of these sessions, those still valid: not revoked, not expired, their admin not locked. */
  validSessionIds(ids: readonly number[]): Promise<Set<number>>;
}

/** What domains read from the quote service. */
export interface MarketReader {
  quote(gid: string): QuoteTick | undefined;
  /** The last price to trade at, or undefined when there is no quote or it is stale. */
  tradablePrice(gid: string): string | undefined;
  /** The product list or a corporate action changed: the feed re-reads both at its next tick. */
  symbolsChanged(): void;
  /** The trading phase now. */
  phase(): MarketPhase;
  /** Changes whenever the quotes change (a tick here or received from another instance). */
  version(): number;
  /** The market's clock (epoch ms; QUOTE_CLOCK_START shifts it in demos and tests). */
  now(): number;
  /** A simulated session open all day (QUOTE_SESSION=continuous): every day trades; the configured hours still hold. */
  continuous(): boolean;
  /** True on an exchange trading day (YYYY-MM-DD, Shanghai): weekends and holidays are not. */
  isTradingDay(day: string): boolean;
  /** The trading day the market is in now (YYYY-MM-DD, Shanghai): the calendar's, on the market's clock. */
  currentTradingDay(): string;
}
