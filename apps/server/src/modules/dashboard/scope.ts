import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../app/context.js';
import { agentScope } from '../_kit/scope.js';

/**
 * The dashboard's scope on a column holding an agent id: agent staff see their subtree (a column of 0 or
 * NULL — no agent — is outside it), everyone else all. Always an SQL condition, so it composes in WHERE.
 */
export const inScope = (admin: Principal, agentColumn: SQL): SQL => agentScope(admin, agentColumn) ?? sql`true`;

/** A Shanghai day (YYYY-MM-DD) → the instant it starts. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
/** The Shanghai day after `day`. */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A condition on a user-id column: the user is a real account. Simulated accounts are few, so PostgreSQL
 * hashes their ids once (index users_simulated_idx) instead of reading every user for its account type.
 */
export const realAccount = (userIdColumn: SQL): SQL => sql`${userIdColumn} NOT IN (SELECT su.id FROM users su WHERE su.account_type = 1)`;
