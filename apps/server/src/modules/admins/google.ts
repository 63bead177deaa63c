import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminRecord, GoogleEnrolment, updateGoogleInput } from '@stock-admin/contracts';
import { adminAccounts } from '../_kit/parties.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { newTotpSecret, totpUri, verifyTotp } from '../../lib/totp.js';
import { isSealed, openTotpSecret, sealTotpSecret } from '../../lib/totp-secret.js';
import { adminRecordById, loadTarget, type AdminRow, type Audit } from './accounts.js';
import './messages.js';

// An admin account's authenticator (Google Authenticator, TOTP): enrolment by another admin, enable,
// disable and reset (also from account settings), and the start-up re-seal of secrets kept in clear.

export const TOTP_ISSUER = 'Stock Admin';

/** getGoole.do: issues a new secret awaiting confirmation; the only time the secret leaves the server. */
export async function issueGoogleSecret(ctx: AppContext, actor: Principal, id: number, audit: Audit): Promise<GoogleEnrolment> {
  const a = await loadTarget(ctx, actor, id);
  // Your own authenticator is managed in account settings (turning it off there needs a code).
  if (a.id === actor.adminId) throw fail('admin_use_account_settings');
  return enrolGoogle(ctx, a, audit);
}

/**
 * A new authenticator secret for an account, sealed and kept pending until a code from it turns the authenticator on
 * (`applyGoogleAction`): the enrolment by another admin above and the self-service one of account settings.
 */
export async function enrolGoogle(ctx: AppContext, a: { id: number; username: string }, audit: Audit): Promise<GoogleEnrolment> {
  const secret = newTotpSecret();
  await ctx.db
    .update(adminAccounts)
    .set({ totpPendingSecret: sealTotpSecret(ctx, secret), updatedAt: new Date() })
    .where(eq(adminAccounts.id, a.id));
  audit({ targetId: a.id, after: { googlePending: true } });
  return { secret, otpauthUri: totpUri(secret, a.username, TOTP_ISSUER), issuer: TOTP_ISSUER, account: a.username };
}

/**
 * Turns the authenticator on with a code from the pending secret (or from the kept secret after a
 * disable), off (the secret is kept), or resets it (the secret is forgotten). The step of an accepted
 * code is recorded, so that code cannot then sign in.
 */
export async function applyGoogleAction(
  ctx: AppContext,
  a: AdminRow,
  action: z.output<typeof updateGoogleInput>['action'],
  code: string | undefined,
): Promise<void> {
  if (action === 'enable') {
    const source = a.totpPendingSecret ?? (a.totpSecret && !a.totpEnabled ? a.totpSecret : null);
    if (!source) throw fail('google_not_enrolled');
    if (!code) throw fail('google_code_needed');
    const fromPending = source === a.totpPendingSecret;
    const step = await verifyTotp(openTotpSecret(ctx, source), code, fromPending ? null : a.totpLastStep);
    if (step == null) throw fail('google_code_wrong');
    const sealed = isSealed(source) ? source : sealTotpSecret(ctx, source);
    await ctx.db
      .update(adminAccounts)
      .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabled: true, totpLastStep: step, updatedAt: new Date() })
      .where(eq(adminAccounts.id, a.id));
  } else if (action === 'disable') {
    await ctx.db
      .update(adminAccounts)
      .set({ totpEnabled: false, totpPendingSecret: null, updatedAt: new Date() })
      .where(eq(adminAccounts.id, a.id));
  } else {
    await ctx.db
      .update(adminAccounts)
      .set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(adminAccounts.id, a.id));
  }
}

export async function updateGoogle(
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof updateGoogleInput>,
  audit: Audit,
): Promise<AdminRecord> {
  const a = await loadTarget(ctx, actor, input.id);
  if (a.id === actor.adminId) throw fail('admin_use_account_settings');
  await applyGoogleAction(ctx, a, input.action, input.googleCode);
  const after = await adminRecordById(ctx, a.id);
  audit({ targetId: a.id, before: { googleEnabled: a.totpEnabled }, after: { googleEnabled: after.googleEnabled, action: input.action } });
  return after;
}
/** Re-seals authenticator secrets stored in plain text before secrets were sealed (start-up). */
export async function sealLegacyTotpSecrets(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: adminAccounts.id, s: adminAccounts.totpSecret })
    .from(adminAccounts)
    .where(and(isNotNull(adminAccounts.totpSecret), sql`${adminAccounts.totpSecret} NOT LIKE 'v1:%'`));
  for (const r of rows) {
    await ctx.db
      .update(adminAccounts)
      .set({ totpSecret: sealTotpSecret(ctx, r.s!) })
      .where(and(eq(adminAccounts.id, r.id), eq(adminAccounts.totpSecret, r.s!)));
  }
  return rows.length;
}
