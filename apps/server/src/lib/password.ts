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
