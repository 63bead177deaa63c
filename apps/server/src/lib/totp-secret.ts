import type { SecretBox } from './secretbox.js';

type Sealer = { secrets: SecretBox };

/**
 * Authenticator secrets are stored sealed (ctx.secrets, AES-256-GCM). Rows written before that
 * hold the plain base32 secret: those open as themselves until re-sealed at start-up
 * (`sealLegacyTotpSecrets`).
 */
export const sealTotpSecret = (ctx: Sealer, secret: string): string => ctx.secrets.seal(secret);

export const isSealed = (stored: string) => stored.startsWith('v1:');

export const openTotpSecret = (ctx: Sealer, stored: string): string => (isSealed(stored) ? ctx.secrets.open(stored) : stored);
