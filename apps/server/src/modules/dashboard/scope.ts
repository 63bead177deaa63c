import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../http/context.js';
import { agentScope } from '../agents/scope.js';

/**
 * The dashboard's scope on a column holding an agent id: agent staff see their subtree (a column of 0 or
 * NULL — no agent — is outside it), everyone else all. Always an SQL condition, so it composes in WHERE.
 */
export const inScope = (admin: Principal, agentColumn: SQL): SQL => agentScope(admin, agentColumn) ?? sql`true`;

/** A Shanghai day (YYYY-MM-DD) → the instant it starts. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
/** The Shanghai day after `day`. */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
