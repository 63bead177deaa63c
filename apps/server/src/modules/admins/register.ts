import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { REGISTRATION_VALID_HOURS, type Lang, type registerInput } from '@stock-admin/contracts';
import { adminAccounts } from '../_kit/parties.js';
import { smsCodes } from './tables.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { sendSms } from '../logs/index.js';
import { SMS_TEXTS } from './messages.js';
import { roleIdByCode } from './service.js';
import { isUniqueViolation } from '../../db/outage.js';

export const CODE_VALID_MINUTES = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_PHONE_PER_DAY = 10;
export const CODES_PER_IP_PER_HOUR = 20;
/** Role a registration request is created with (the super-user may pick another when activating). */
export const REGISTRATION_ROLE = 'support';

const codeHash = (phone: string, purpose: string, code: string) => createHash('sha256').update(`${purpose}:${phone}:${code}`).digest('hex');

function fill(text: string, params: Record<string, string | number>) {
  let s = text;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

/** Sends a verification code by SMS (rate-limited per phone and per IP); only its hash is kept. */
export async function sendCode(ctx: AppContext, input: { phone: string; purpose: 'register' }, ip: string, lang: Lang) {
  const [r] = rows<{ last_age: number | null; per_day: number; per_ip: number }>(
    await ctx.db.execute(sql`
      SELECT (SELECT extract(epoch FROM now() - max(created_at))::int FROM sms_codes WHERE phone = ${input.phone} AND purpose = ${input.purpose}) AS last_age,
             (SELECT count(*)::int FROM sms_codes WHERE phone = ${input.phone} AND created_at > now() - interval '1 day') AS per_day,
             (SELECT count(*)::int FROM sms_codes WHERE ip = ${ip} AND created_at > now() - interval '1 hour') AS per_ip`),
  );
  if (r?.last_age != null && r.last_age < CODE_RESEND_SECONDS)
    throw fail('sms_too_frequent', { seconds: CODE_RESEND_SECONDS - r.last_age });
  if ((r?.per_day ?? 0) >= CODES_PER_PHONE_PER_DAY || (r?.per_ip ?? 0) >= CODES_PER_IP_PER_HOUR)
    throw fail('sms_too_frequent', { seconds: 3600 });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.insert(smsCodes).values({
    phone: input.phone,
    purpose: input.purpose,
    codeHash: codeHash(input.phone, input.purpose, code),
    ip,
    expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60_000),
  });
  const text = SMS_TEXTS.register_code[lang];
  const sent = await sendSms(ctx, {
    phone: input.phone,
    kind: input.purpose,
    content: fill(text, { code, minutes: CODE_VALID_MINUTES }),
    logContent: fill(text, { code: '******', minutes: CODE_VALID_MINUTES }),
    ip,
  });
  if (!sent.ok) throw fail('sms_send_failed');
  return { resendAfter: CODE_RESEND_SECONDS, validFor: CODE_VALID_MINUTES * 60 };
}

/** Checks and consumes the latest live code of a phone; wrong guesses count against it. */
export async function consumeCode(ctx: AppContext, phone: string, purpose: string, code: string): Promise<void> {
  const [c] = await ctx.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!c || c.attempts >= CODE_MAX_ATTEMPTS) throw fail('sms_code_invalid');
  const a = Buffer.from(c.codeHash, 'hex');
  const b = Buffer.from(codeHash(phone, purpose, code), 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    await ctx.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, c.id));
    throw fail('sms_code_invalid');
  }
  // Conditional: two simultaneous uses of one code accept only the first.
  const used = await ctx.db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, c.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used.length) throw fail('sms_code_invalid');
}

/**
 * Public registration: a locked account request (status `pending`) that the super-user activates in
 * 管理列表 within 24 hours; the login is the phone.
 */
export async function register(ctx: AppContext, input: z.output<typeof registerInput>, ip: string, lang: Lang) {
  await consumeCode(ctx, input.phone, 'register', input.code);
  const login = input.phone;
  if (login === ctx.config.SUPER_ACCOUNT) throw fail('admin_login_reserved');
  const [existing] = await ctx.db.select().from(adminAccounts).where(eq(adminAccounts.username, login)).limit(1);
  if (existing) {
    if (existing.status !== 'pending') throw fail('admin_login_taken');
    if (existing.expiresAt && existing.expiresAt.getTime() > Date.now()) throw fail('registration_pending');
    // A lapsed request makes way for a new one.
    await ctx.db.delete(adminAccounts).where(and(eq(adminAccounts.id, existing.id), eq(adminAccounts.status, 'pending')));
  }
  const roleId = await roleIdByCode(ctx.db, REGISTRATION_ROLE);
  if (!roleId) throw new Error(`built-in role ${REGISTRATION_ROLE} is missing`);
  const expiresAt = new Date(Date.now() + REGISTRATION_VALID_HOURS * 3600_000);
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(adminAccounts)
      .values({
        username: login,
        name: input.adminName ?? login,
        passwordHash: await hashPassword(input.password),
        roleId,
        locked: true,
        status: 'pending',
        expiresAt,
        phone: input.phone,
        email: input.email,
        lang,
        passwordChangedAt: new Date(),
      })
      .returning({ id: adminAccounts.id });
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('admin_login_taken');
    throw e;
  }
  await sendSms(ctx, { phone: input.phone, kind: 'activation', content: SMS_TEXTS.register_submitted[lang], ip });
  return { id, expiresAt: expiresAt.toISOString(), validHours: REGISTRATION_VALID_HOURS };
}
