import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { BankItem, UserItem } from '@stock-admin/contracts';
import { users, type UserRow } from '../_kit/parties.js';
import { type UserBankRow } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import './messages.js';

// The user's shapes on the wire (masks, the list item, a bank card) and the item of one user read by id.

export const maskIdNumber = (v: string) => (v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : '****');
/** A phone as lists outside the user pages show it: 138****5678. */
export const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');
export const maskCard = (last4: string) => `**** **** **** ${last4}`;
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export type ListRow = UserRow & { agentName: string | null };

export function toUserItem(u: ListRow): UserItem {
  return {
    id: u.id,
    phone: u.phone,
    nickName: u.nickName,
    realName: u.realName,
    idNumber: u.idNumberMasked,
    accountType: Number(u.accountType),
    agentId: u.agentId,
    agentName: u.agentName,
    referrerId: u.referrerId,
    userAmt: u.userAmt,
    enableAmt: u.enableAmt,
    frozenAmt: u.frozenAmt,
    tradeLocked: u.tradeLocked,
    loginLocked: u.loginLocked,
    realState: Number(u.realState),
    realRejectReason: u.realRejectReason,
    realSubmittedAt: iso(u.realSubmittedAt),
    regTime: u.regTime.toISOString(),
    regIp: u.regIp,
    layeringId: u.layeringId,
    layeringPinned: u.layeringPinned,
    online: u.online,
    lastLoginAt: iso(u.lastLoginAt),
    remark: u.remark,
  };
}

export function toBankItem(ctx: AppContext, b: UserBankRow, full: boolean): BankItem {
  return {
    id: b.id,
    userId: b.userId,
    bankName: b.bankName,
    branch: b.branch,
    cardNo: full ? ctx.secrets.open(b.cardNoSealed) : maskCard(b.cardLast4),
    cardNoMasked: maskCard(b.cardLast4),
    holderName: b.holderName,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

const userCols = getTableColumns(users);
// names the outer table explicitly: drizzle leaves columns unqualified in a one-table select list
const agentNameSql = sql<string | null>`(SELECT an.name FROM agents an WHERE an.id = users.agent_id)`;

export async function userItemById(db: Db, id: number): Promise<UserItem> {
  const [u] = await db
    .select({ ...userCols, agentName: agentNameSql.as('agent_name') })
    .from(users)
    .where(eq(users.id, id));
  if (!u) throw fail('user_not_found');
  return toUserItem(u as ListRow);
}
