import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  type AccountProfile,
  type GoogleEnrolment,
  type IosPushSettings,
  type changePasswordInput,
  type testIosPushInput,
  type updateBasicInput,
  type updateIosPushInput,
} from '@stock-admin/contracts';
import { adminAccounts, adminRoles } from '../_kit/parties.js';
import { adminAvatars, iosPushSettings } from './tables.js';
import { operationLog } from '../../http/tables.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { sendPush } from '../logs/index.js';
import { verifyTotp } from '../../lib/totp.js';
import { openTotpSecret } from '../../lib/totp-secret.js';
import { applyGoogleAction, enrolGoogle } from '../admins/index.js';
import { revokeSessions } from '../session/index.js';
import './messages.js';

type Audit = (a: { targetId?: string | number | null; before?: unknown; after?: unknown }) => void;

export const PASSWORD_ATTEMPTS = 5;
export const PASSWORD_WINDOW_MINUTES = 15;
export const UPDATE_PASSWORD_PATH = '/admin/account/updatePassword.do';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const changed = (ctx: AppContext, adminId: number) => ctx.hooks.emit('principalsChanged', { adminIds: [adminId] });

async function own(ctx: AppContext, p: Principal) {
  const [a] = await ctx.db.select().from(adminAccounts).where(eq(adminAccounts.id, p.adminId)).limit(1);
  if (!a) throw fail('admin_not_found');
  return a;
}

export async function profile(ctx: AppContext, p: Principal): Promise<AccountProfile> {
  const [r] = await ctx.db
    .select({ a: adminAccounts, roleName: adminRoles.name })
    .from(adminAccounts)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccounts.roleId))
    .where(eq(adminAccounts.id, p.adminId))
    .limit(1);
  if (!r) throw fail('admin_not_found');
  const a = r.a;
  return {
    id: a.id,
    adminUtopia: a.username,
    adminName: a.name,
    avatar: a.avatar,
    lang: a.lang,
    email: a.email,
    phone: a.phone,
    roleName: r.roleName,
    googleEnabled: a.totpEnabled,
    googlePending: !!a.totpPendingSecret,
    chatEnabled: a.chatEnabled,
    isSuper: p.isSuper,
    lastLoginAt: iso(a.lastLoginAt),
    lastLoginIp: a.lastLoginIp,
  };
}

export async function updateBasic(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof updateBasicInput>,
  audit: Audit,
): Promise<AccountProfile> {
  const a = await own(ctx, p);
  const set: Partial<typeof adminAccounts.$inferInsert> = { updatedAt: new Date() };
  if (input.adminName !== undefined) set.name = input.adminName;
  if (input.lang !== undefined) set.lang = input.lang;
  if (input.email !== undefined) set.email = input.email;
  if (input.phone !== undefined) set.phone = input.phone;
  await ctx.db.update(adminAccounts).set(set).where(eq(adminAccounts.id, a.id));
  audit({
    targetId: a.id,
    before: { adminName: a.name, lang: a.lang, email: a.email, phone: a.phone },
    after: { adminName: set.name ?? a.name, lang: set.lang ?? a.lang, email: set.email ?? a.email, phone: set.phone ?? a.phone },
  });
  changed(ctx, a.id);
  return profile(ctx, p);
}

/** The image type from the file's first bytes (the client's MIME type is not trusted). */
export function imageType(b: Uint8Array): string | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

export const avatarUrl = (adminId: number, version: number) => `/api/adminUser/avatar/${adminId}?v=${version}`;

export async function uploadAvatar(
  ctx: AppContext,
  p: Principal,
  file: { data: Uint8Array; filename: string },
  audit: Audit,
): Promise<{ avatar: string }> {
  if (file.data.length > AVATAR_MAX_BYTES) throw fail('avatar_too_large', { kb: AVATAR_MAX_BYTES / 1024 });
  const mime = imageType(file.data);
  if (!mime) throw fail('avatar_bad_type');
  const data = Buffer.from(file.data);
  const now = new Date();
  await ctx.db
    .insert(adminAvatars)
    .values({ adminId: p.adminId, mime, data, updatedAt: now })
    .onConflictDoUpdate({ target: adminAvatars.adminId, set: { mime, data, updatedAt: now } });
  const avatar = avatarUrl(p.adminId, now.getTime());
  await ctx.db.update(adminAccounts).set({ avatar, updatedAt: now }).where(eq(adminAccounts.id, p.adminId));
  audit({ targetId: p.adminId, after: { avatar, bytes: data.length, mime } });
  changed(ctx, p.adminId);
  return { avatar };
}

export async function readAvatar(ctx: AppContext, adminId: number) {
  const [r] = await ctx.db.select().from(adminAvatars).where(eq(adminAvatars.adminId, adminId)).limit(1);
  return r ?? null;
}

export async function changePassword(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof changePasswordInput>,
  audit: Audit,
): Promise<null> {
  // Failed attempts are the failed rows of this very call in the operation log.
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(operationLog)
    .where(
      and(
        eq(operationLog.adminId, p.adminId),
        eq(operationLog.action, UPDATE_PASSWORD_PATH),
        eq(operationLog.result, 'fail'),
        gt(operationLog.createdAt, sql`now() - make_interval(mins => ${PASSWORD_WINDOW_MINUTES})`),
      ),
    );
  if (Number(recent?.n ?? 0) >= PASSWORD_ATTEMPTS) throw fail('password_attempts', { minutes: PASSWORD_WINDOW_MINUTES });
  const a = await own(ctx, p);
  if (!(await verifyPassword(a.passwordHash, input.oldPassword))) throw fail('password_wrong');
  if (input.newPassword === input.oldPassword) throw fail('password_same');
  await ctx.db
    .update(adminAccounts)
    .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(adminAccounts.id, a.id));
  const ended = await revokeSessions(ctx, a.id, 'password', { except: p.sessionId });
  audit({ targetId: a.id, after: { credentialChanged: true, sessionsEnded: ended.length } });
  return null;
}

/** Self-service enrolment: a new secret awaiting confirmation (refused while the authenticator is on). */
export async function issueOwnGoogleSecret(ctx: AppContext, p: Principal, audit: Audit): Promise<GoogleEnrolment> {
  const a = await own(ctx, p);
  if (a.totpEnabled) throw fail('google_already_enabled');
  return enrolGoogle(ctx, a, audit);
}

/** Self-service on/off: turning it off needs a current code (accepted once, like a sign-in code). */
export async function updateOwnGoogle(
  ctx: AppContext,
  p: Principal,
  input: { action: 'enable' | 'disable'; googleCode: string },
  audit: Audit,
): Promise<AccountProfile> {
  const a = await own(ctx, p);
  if (input.action === 'enable') {
    if (a.totpEnabled) throw fail('google_already_enabled');
    await applyGoogleAction(ctx, a, 'enable', input.googleCode);
  } else {
    if (!a.totpEnabled || !a.totpSecret) throw fail('google_not_enabled');
    const step = await verifyTotp(openTotpSecret(ctx, a.totpSecret), input.googleCode, a.totpLastStep);
    const claimed =
      step != null &&
      (
        await ctx.db
          .update(adminAccounts)
          .set({ totpLastStep: step })
          .where(and(eq(adminAccounts.id, a.id), sql`(${adminAccounts.totpLastStep} IS NULL OR ${adminAccounts.totpLastStep} < ${step})`))
          .returning({ id: adminAccounts.id })
      ).length === 1;
    if (!claimed) throw fail('google_code_wrong');
    await applyGoogleAction(ctx, a, 'disable', undefined);
  }
  audit({ targetId: a.id, before: { googleEnabled: a.totpEnabled }, after: { googleEnabled: input.action === 'enable' } });
  return profile(ctx, p);
}

// ---- iOS push (super-user only) ----

function toSettings(r: typeof iosPushSettings.$inferSelect | undefined): IosPushSettings {
  return {
    keyId: r?.keyId ?? '',
    teamId: r?.teamId ?? '',
    bundleId: r?.bundleId ?? '',
    production: r?.production ?? false,
    hasKey: !!r?.keySealed,
    keyFingerprint: r?.keyFingerprint ?? null,
    updatedAt: iso(r?.updatedAt ?? null),
  };
}

export async function getIosPush(ctx: AppContext): Promise<IosPushSettings> {
  const [r] = await ctx.db.select().from(iosPushSettings).where(eq(iosPushSettings.id, 1)).limit(1);
  return toSettings(r);
}

/** The APNs signing key of the stored settings, opened (for a push provider adapter). */
export async function iosPushCredentials(ctx: AppContext) {
  const [r] = await ctx.db.select().from(iosPushSettings).where(eq(iosPushSettings.id, 1)).limit(1);
  if (!r?.keySealed) return null;
  return { keyId: r.keyId, teamId: r.teamId, bundleId: r.bundleId, production: r.production, keyPem: ctx.secrets.open(r.keySealed) };
}

/** Checks an APNs .p8 key (PKCS#8 EC P-256) and returns its fingerprint. */
export function apnsKeyFingerprint(pem: string): string {
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('not P-256');
    const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(spki).digest('hex').slice(0, 16);
  } catch {
    throw fail('ios_push_key_invalid');
  }
}

export async function updateIosPush(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof updateIosPushInput>,
  audit: Audit,
): Promise<IosPushSettings> {
  const [current] = await ctx.db.select().from(iosPushSettings).where(eq(iosPushSettings.id, 1)).limit(1);
  const pem = input.keyFile ? Buffer.from(input.keyFile.data).toString('utf8') : input.keyText;
  let keySealed = current?.keySealed ?? null;
  let keyFingerprint = current?.keyFingerprint ?? null;
  if (pem !== undefined) {
    keyFingerprint = apnsKeyFingerprint(pem.trim());
    keySealed = ctx.secrets.seal(pem.trim());
  }
  if (!keySealed) throw fail('ios_push_key_required');
  const row = {
    keyId: input.keyId,
    teamId: input.teamId,
    bundleId: input.bundleId,
    production: input.production,
    keySealed,
    keyFingerprint,
    updatedBy: p.adminId,
    updatedAt: new Date(),
  };
  const [saved] = await ctx.db
    .insert(iosPushSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: iosPushSettings.id, set: row })
    .returning();
  // No key material in the log: identifiers and the fingerprint only ("key*" fields would be masked anyway).
  const view = (r: typeof current) =>
    r ? { kid: r.keyId, team: r.teamId, bundle: r.bundleId, production: r.production, fingerprint: r.keyFingerprint } : null;
  audit({ targetId: 'ios', before: view(current), after: { ...view(saved), uploaded: pem !== undefined } });
  return toSettings(saved);
}

export async function testIosPush(ctx: AppContext, p: Principal, input: z.output<typeof testIosPushInput>, audit: Audit) {
  const settings = await getIosPush(ctx);
  if (!settings.hasKey) throw fail('ios_push_not_configured');
  const r = await sendPush(ctx, { platform: 'ios', target: input.deviceToken, title: input.title, body: input.body, adminId: p.adminId });
  const data = { logId: r.logId, provider: r.provider, result: r.ok ? ('sent' as const) : ('failed' as const), error: r.error };
  audit({ targetId: r.logId, after: { provider: r.provider, result: data.result } });
  if (!r.ok) throw fail('push_test_failed', { error: r.error ?? '' }, data);
  return data;
}
