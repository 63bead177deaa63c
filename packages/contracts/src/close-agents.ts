import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { zDay } from './time.js';
import { zNumber } from './fields.js';

/**
 * Agent statements (issue 50): per agent and period (Asia/Shanghai days, both ends included), the opening and closing
 * balance, every movement of the balance by kind, and the commissions by the fee they were paid on and by user. Read
 * with the fund records' permission: the platform's finance staff see every agent, an agent's staff their subtree's.
 */
export const AGENT_COMMISSION_KINDS = ['buyFee', 'sellFee', 'deferralFee', 'other'] as const;
export type AgentCommissionKind = (typeof AGENT_COMMISSION_KINDS)[number];
/** The longest period of one statement. */
export const AGENT_STATEMENT_MAX_DAYS = 366;

const period = { from: zDay(), to: zDay() };
export const agentStatementQuery = pageQuery.extend({
  ...period,
  /** name, phone or invite code, or an agent id */
  keyword: z.string().trim().max(64).optional(),
});
export type AgentStatementQuery = z.input<typeof agentStatementQuery>;

export const agentStatementRow = z.object({
  agentId: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parentName: z.string().nullable(),
  opening: z.string(),
  /** the commissions credited in the period */
  commissions: z.string(),
  commissionCount: z.number().int(),
  /** the other movements (credits, debits by the platform) */
  other: z.string(),
  closing: z.string(),
  /** users whose fees earned a commission in the period */
  users: z.number().int(),
});
export type AgentStatementRow = z.infer<typeof agentStatementRow>;

export const agentStatementInput = z.object({ agentId: zNumber(z.number().int().positive()), ...period });
export const agentStatement = z.object({
  agentId: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parentName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** the instant the closing is taken at: the period's end, or now when it ends today */
  asOf: z.string(),
  opening: z.string(),
  closing: z.string(),
  /** every movement of the balance by fund record type: opening + Σ amount = closing */
  movements: z.array(z.object({ kind: z.string(), count: z.number().int(), amount: z.string() })),
  balanced: z.boolean(),
  commissions: z.object({
    total: z.string(),
    count: z.number().int(),
    byKind: z.array(z.object({ kind: z.enum(AGENT_COMMISSION_KINDS), count: z.number().int(), amount: z.string() })),
    /** every user whose fees earned one, largest first (through the position the commission names) */
    byUser: z.array(
      z.object({ userId: z.number().int(), name: z.string(), phone: z.string(), count: z.number().int(), amount: z.string() }),
    ),
    /** commissions that name no position (a settlement credited by the platform): in no user's line */
    unattributed: z.object({ count: z.number().int(), amount: z.string() }),
    byDay: z.array(z.object({ day: z.string(), count: z.number().int(), amount: z.string() })),
  }),
});
export type AgentStatement = z.infer<typeof agentStatement>;

const query = { permission: 'fundrecords' as const, action: 'query' as const };
export const agentStatementApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/close/agents.do',
    access: query,
    input: agentStatementQuery,
    data: pageOf(agentStatementRow),
    summary: "Every agent in the caller's scope over a period: opening, commissions, other movements, closing",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/admin/close/agent.do',
    access: query,
    input: agentStatementInput,
    data: agentStatement,
    summary: "One agent's statement over a period: movements by kind, commissions by fee, user and day",
  }),
};
