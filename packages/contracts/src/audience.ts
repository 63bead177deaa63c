import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { optionalField } from './user-fields.js';
import { optionalText, zId, zIdList } from './fields.js';

/**
 * Who a push, a message send or a contract assignment reaches (issue 24): chosen users, every user of an agent
 * subtree, every user of a layering tier, or everyone. For agent staff every kind is limited to their own subtree
 * by the server (chosen users and agents outside it are refused).
 */
export const AUDIENCE_KINDS = ['users', 'agent', 'tier', 'all'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
/** At most this many chosen users in one audience (beyond it, an agent or a tier is the tool). */
export const AUDIENCE_MAX_USERS = 5000;

export const audienceInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('users'),
    // a user chosen twice is one recipient: every reader of the audience sees each id once
    userIds: zIdList()
      .pipe(z.array(z.number()).max(AUDIENCE_MAX_USERS, { message: 'too_many_recipients' }))
      .transform((ids) => [...new Set(ids)]),
  }),
  z.object({ kind: z.literal('agent'), agentId: zId() }),
  z.object({ kind: z.literal('tier'), tierId: zId() }),
  z.object({ kind: z.literal('all') }),
]);
export type Audience = z.output<typeof audienceInput>;

/** A user as pickers show them (message sends, contract assignment). */
export const audienceUser = z.object({
  id: z.number(),
  /** Masked: 138****5678. */
  phone: z.string(),
  realName: z.string().nullable(),
  nickName: z.string(),
  agentName: z.string().nullable(),
});
export type AudienceUser = z.infer<typeof audienceUser>;

/** The user picker of an audience: phone, name, nickname or id; narrowed by agent subtree or tier. */
export const audienceUsersQuery = pageQuery.extend({
  keyword: optionalText(50),
  agentId: optionalField(zId()),
  tierId: optionalField(zId()),
});
