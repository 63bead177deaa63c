import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RealState,
  type AppProfile,
  type FundType,
  type appFundsQuery,
  type appRealNameInput,
  type appRegisterInput,
  type appSaveBankInput,
} from '@stock-admin/contracts';
import { fundRecords } from '../fundrecords/tables.js';
import { users } from '../_kit/parties.js';
import { userBanks, type UserBankRow } from '../users/tables.js';
import { userLoginLog } from './tables.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { countSignIn } from '../../lib/metrics.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { agentByInviteCode } from '../agents/index.js';
import {
  saveBank,
  submitRealName,
  createUser,
  getUser,
  maskCard,
  createUserSession,
  revokeUserSessions,
  type AppUser,
  type ClientInfo,
} from '../users/index.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

export const APP_MAX_FAILURES_PER_PHONE = 5;
export const APP_MAX_FAILURES_PER_IP = 20;
export const APP_THROTTLE_MINUTES = 15;

async function logAttempt(db: Db, phone: string, userId: number | null, client: ClientInfo, result: string) {
  await db.insert(userLoginLog).values({ phone, userId, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null, result });
  countSignIn('user', result);
}

async function isThrottled(db: Db, phone: string, ip: string): Promise<boolean> {
  const [r] = rows<{ by_phone: number; by_ip: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE phone = ${phone})::int AS by_phone, count(*) FILTER (WHERE ip = ${ip})::int AS by_ip
      FROM user_login_log
      WHERE created_at > now() - make_interval(mins => ${APP_THROTTLE_MINUTES}) AND result = 'bad_password'
        AND (phone = ${phone} OR ip = ${ip})`),
  );
  return !!r && (r.by_phone >= APP_MAX_FAILURES_PER_PHONE || r.by_ip >= APP_MAX_FAILURES_PER_IP);
}

/** Registers an end user (under the agent of the invite code, if any) and signs them in. */
export async function registerAppUser(ctx: AppContext, input: z.output<typeof appRegisterInput>, client: ClientInfo) {
  let agentId: number | null = null;
  if (input.inviteCode) {
    const agent = await agentByInviteCode(ctx.db, input.inviteCode);
    if (!agent || agent.locked) throw fail('app_invite_invalid');
    agentId = agent.id;
  }
  const passwordHash = await hashPassword(input.password);
  const id = await createUser(ctx.db, {
    phone: input.phone,
    passwordHash,
    agentId,
    nickName: input.nickName,
    regIp: client.ip,
    accountType: 0,
  });
  await logAttempt(ctx.db, input.phone, id, client, 'registered');
  const s = await createUserSession(ctx.db, id, client);
  return { token: s.token, expireTime: s.expireTime, id };
}

export async function loginAppUser(ctx: AppContext, input: { phone: string; password: string }, client: ClientInfo) {
  const { db } = ctx;
  if (await isThrottled(db, input.phone, client.ip)) {
    await logAttempt(db, input.phone, null, client, 'throttled');
    throw fail('app_login_throttled', { minutes: APP_THROTTLE_MINUTES });
  }
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, input.phone), isNull(users.deletedAt)))
    .limit(1);
  if (!u) {
    await verifyPassword(await dummyHash(), input.password);
    await logAttempt(db, input.phone, null, client, 'bad_password');
    throw fail('app_login_bad_credentials');
  }
  if (!(await verifyPassword(u.passwordHash, input.password))) {
    await logAttempt(db, input.phone, u.id, client, 'bad_password');
    throw fail('app_login_bad_credentials');
  }
  if (u.loginLocked) {
    await logAttempt(db, input.phone, u.id, client, 'locked');
    throw fail('app_login_locked');
  }
  await logAttempt(db, input.phone, u.id, client, 'ok');
  const s = await createUserSession(db, u.id, client);
  return { token: s.token, expireTime: s.expireTime, id: u.id };
}

export const logoutAppUser = (ctx: AppContext, user: AppUser) =>
  revokeUserSessions(ctx, ctx.db, user.userId, 'logout', { only: user.sessionId });

export async function appProfile(ctx: AppContext, userId: number): Promise<AppProfile> {
  const u = await getUser(ctx.db, userId);
  if (!u) throw fail('user_not_found');
  return {
    id: u.id,
    phone: u.phone,
    nickName: u.nickName,
    realName: u.realName,
    idNumber: u.idNumberMasked,
    accountType: Number(u.accountType),
    agentId: u.agentId,
    userAmt: u.userAmt,
    enableAmt: u.enableAmt,
    frozenAmt: u.frozenAmt,
    tradeLocked: u.tradeLocked,
    realState: Number(u.realState),
    realRejectReason: u.realRejectReason,
    regTime: u.regTime.toISOString(),
  };
}

export async function changeAppPassword(ctx: AppContext, user: AppUser, input: { oldPassword: string; newPassword: string }) {
  const u = await getUser(ctx.db, user.userId);
  if (!u || !(await verifyPassword(u.passwordHash, input.oldPassword))) throw fail('app_old_password_wrong');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.userId));
    await revokeUserSessions(ctx, tx, user.userId, 'password', { except: user.sessionId });
  });
}

/** Real-name submission from the app (the workflow itself is the users domain's: `submitRealName`). */
export async function appSubmitRealName(ctx: AppContext, user: AppUser, input: z.output<typeof appRealNameInput>): Promise<AppProfile> {
  await submitRealName(ctx, user.userId, input);
  return appProfile(ctx, user.userId);
}

const toAppBank = (b: UserBankRow) => ({
  id: b.id,
  bankName: b.bankName,
  branch: b.branch,
  cardNoMasked: maskCard(b.cardLast4),
  holderName: b.holderName,
  createdAt: b.createdAt.toISOString(),
});

export async function appBanks(ctx: AppContext, user: AppUser) {
  const banks = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, user.userId)).orderBy(userBanks.id);
  return banks.map(toAppBank);
}

/** Adds or replaces a card; once the real name is verified the holder must be that name. */
export async function appSaveBank(ctx: AppContext, user: AppUser, input: z.output<typeof appSaveBankInput>) {
  const u = await getUser(ctx.db, user.userId);
  if (!u) throw fail('user_not_found');
  const verified = Number(u.realState) === RealState.APPROVED && !!u.realName;
  const holderName = input.holderName ?? u.realName ?? '';
  if (!holderName) throw fail('user_bank_holder_mismatch');
  if (verified && holderName !== u.realName) throw fail('user_bank_holder_mismatch');
  const b = await saveBank(ctx, u.id, { bankName: input.bankName, branch: input.branch, cardNo: input.cardNo, holderName }, input.id);
  return toAppBank(b);
}

export async function appFunds(ctx: AppContext, user: AppUser, q: z.output<typeof appFundsQuery>) {
  const cond = and(eq(fundRecords.userId, user.userId), q.type ? eq(fundRecords.type, q.type) : undefined);
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(fundRecords).where(cond).orderBy(desc(fundRecords.createdAt), desc(fundRecords.id)).$dynamic(), q),
    ctx.db.select({ n: count() }).from(fundRecords).where(cond),
  ]);
  return {
    list: list.map((r) => ({
      id: r.id,
      type: r.type as FundType,
      amount: r.amount,
      userAmtAfter: r.userAmtAfter,
      enableAmtAfter: r.enableAmtAfter,
      frozenAmtAfter: r.frozenAmtAfter,
      reference: r.reference,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
