import { createHmac, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
export const hashPassword = (plain: string): Promise<string> => hash(plain);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against to spend equal time when the account does not exist. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hash('not-a-real-account-password'));

/**
 * A shared key checked against its argon2 hash (a block trade product's key, which every invited user types on
 * every buy), remembered once it has matched. One argon2 check costs ≈ 10 ms of CPU and a fresh 19 MiB; the
 * ramp's on-CPU profile found those checks and their pages nearly a fifth of the server's CPU (issue 64). So a
 * pair (hash, key) that matched is kept as an HMAC under a secret of this process — never the key itself — and
 * the next check of the same pair is one HMAC. Only matches are kept: a wrong key always pays the full argon2
 * check (guessing stays as slow as it was, and is still counted by the caller), and a new key has a new hash, so
 * a pair of the old one never matches it. The entries are bounded (the oldest forgotten first) and die with the
 * process.
 */
export function sharedKeyChecker(max = 1000) {
  const secret = randomBytes(32);
  const matched = new Set<string>();
  const macOf = (stored: string, plain: string) => createHmac('sha256', secret).update(stored).update('\0').update(plain).digest('base64');
  return async function verifySharedKey(stored: string, plain: string): Promise<boolean> {
    const mac = macOf(stored, plain);
    if (matched.has(mac)) return true;
    if (!(await verifyPassword(stored, plain))) return false;
    if (matched.size >= max) matched.delete(matched.values().next().value!);
    matched.add(mac);
    return true;
  };
}
