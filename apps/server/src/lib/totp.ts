import { generate, generateSecret, generateURI, verify } from 'otplib';

/** ±1 step of 30 s, as authenticator apps drift. */
const TOLERANCE_S = 30;

export const newTotpSecret = () => generateSecret();
export const totpUri = (secret: string, label: string, issuer = 'Stock Admin') => generateURI({ issuer, label, secret });
export const totpCode = (secret: string, epochMs = Date.now()) => generate({ secret, epoch: Math.floor(epochMs / 1000) });

/**
 * The time step the code matched, or null. Steps at or before `afterStep` are refused, so a code
 * (or an older one) is never accepted twice; the caller stores the returned step atomically.
 */
export async function verifyTotp(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  try {
    const r = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_S,
      ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
    });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}
