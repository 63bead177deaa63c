import type { AppContext } from '../http/context.js';

/**
 * Authenticator secrets are stored sealed (ctx.secrets, AES-256-GCM). Rows written before that
 * hold the plain base32 secret: those open as themselves until re-sealed at start-up
 * (`sealLegacyTotpSecrets`).
 */
export const sealTotpSecret = (ctx: Pick<AppContext, 'secrets'>, secret: string): string => ctx.secrets.seal(secret);

export const isSealed = (stored: string) => stored.startsWith('v1:');

export const openTotpSecret = (ctx: Pick<AppContext, 'secrets'>, stored: string): string =>
  isSealed(stored) ? ctx.secrets.open(stored) : stored;
