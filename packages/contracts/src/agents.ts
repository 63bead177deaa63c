import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { moneyOut, pageOf, pageQuery } from './envelope.js';
import { optionalText, phone, zBool, zId } from './fields.js';
import { optionalField, userPassword, positiveMoney, commissionRate, zIdOrZero, zIntIn } from './user-fields.js';

// Agents (spec §7 Agents; DESIGN §5 Agent). Commission rates are fractions 0…1 (0.3 = 30 %).

export const agentItem = z.object({
  id: z.number().int(),
  name: z.string(),
  realName: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** 1 = top agent. */
  level: z.number().int(),
  /** Agent ids from the top agent down to this one. */
  path: z.array(z.number().int()),
  /** Share of trading fees. */
  feeRate: z.string(),
  /** Share of deferral fees. */
  deferralRate: z.string(),
  /** Share of profits. */
  profitRate: z.string(),
  balance: moneyOut,
  locked: z.boolean(),
  remark: z.string(),
  /** Users directly under this agent. */
  userCount: z.number().int(),
  /** Direct sub-agents (the console's tree expands on it). */
  childCount: z.number().int(),
  createdAt: z.string(),
});
export type AgentItem = z.infer<typeof agentItem>;

export const agentListQuery = pageQuery.extend({
  /** Direct children of this agent; 0 = top agents (for agent staff: their own agent). */
  parentId: optionalField(zIdOrZero()),
  /** Every agent below this one (any depth). */
  ancestorId: optionalField(zId()),
  /** Matches name or real name, anywhere in the text. */
  name: optionalText(50),
  /** Phone prefix. */
  phone: optionalText(20),
  inviteCode: optionalText(20),
  locked: optionalField(zBool()),
});
export type AgentListQuery = z.output<typeof agentListQuery>;

export const addAgentInput = z.object({
  name: z.string().trim().min(1).max(50),
  realName: optionalText(50),
  phone: phone(),
  password: userPassword(),
  /** Parent agent; none = a top agent (agent staff: defaults to their own agent). */
  parentId: optionalField(zId()),
  feeRate: optionalField(commissionRate),
  deferralRate: optionalField(commissionRate),
  profitRate: optionalField(commissionRate),
  remark: optionalText(500),
});

export const updateAgentInput = z.object({
  id: zId(),
  name: optionalField(z.string().trim().min(1).max(50)),
  realName: z.string().trim().max(50).optional(),
  phone: optionalField(phone()),
  password: optionalField(userPassword()),
  /** Moves the agent (and its subtree) under another parent; 0 = make it a top agent. */
  parentId: optionalField(zIdOrZero()),
  feeRate: optionalField(commissionRate),
  deferralRate: optionalField(commissionRate),
  profitRate: optionalField(commissionRate),
  locked: optionalField(zBool()),
  remark: z.string().trim().max(500).optional(),
});

export const agentAmtInput = z.object({
  agentId: zId(),
  amt: positiveMoney,
  /** 0 credit, 1 debit */
  direction: zIntIn([0, 1] as const),
  note: z.string().trim().min(1).max(200),
});

const agentPerm = (action: 'query' | 'add' | 'edit' | 'delete') => ({ permission: 'agentlist' as const, action });

export const agentsApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/agent/list.do',
    access: agentPerm('query'),
    input: agentListQuery,
    data: pageOf(agentItem),
    summary: 'Agents (tree-aware; agent staff see their subtree)',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/agent/add.do',
    access: agentPerm('add'),
    input: addAgentInput,
    data: agentItem,
    module: 'agents',
    summary: 'Add an agent (invite code generated)',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/agent/update.do',
    access: agentPerm('edit'),
    input: updateAgentInput,
    data: agentItem,
    module: 'agents',
    summary: 'Change an agent (profile, parent, rates, lock)',
  }),
  delAgent: endpoint({
    method: 'POST',
    path: '/admin/agent/delAgent.do',
    access: agentPerm('delete'),
    input: z.object({ id: zId() }),
    data: z.null(),
    module: 'agents',
    summary: 'Delete an agent without users, sub-agents or balance',
  }),
  updateAgentAmt: endpoint({
    method: 'POST',
    path: '/admin/agent/updateAgentAmt.do',
    access: agentPerm('edit'),
    input: agentAmtInput,
    data: orHeld(z.object({ agentId: z.number().int(), balance: moneyOut, recordId: z.number().int() })),
    module: 'agents',
    summary: 'Credit (0) or debit (1) an agent balance (ledger records; not for agent staff)',
    guard: 'balance',
  }),
} as const;
