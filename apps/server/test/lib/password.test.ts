import { beforeEach, describe, expect, it, vi } from 'vitest';

// the argon2 checks counted: a remembered key must not reach the library again, a wrong one always must
const argon2 = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifies++;
      return real.verify(...args);
    },
  };
});

const { hashPassword, sharedKeyChecker, verifyPassword } = await import('../../src/lib/password.js');

describe('a shared key remembered once matched (issue 64: a block buy cost an argon2 check each)', () => {
  beforeEach(() => {
    argon2.verifies = 0;
  });

  it('checks a key by argon2 once, then remembers the match', async () => {
    const check = sharedKeyChecker();
    const stored = await hashPassword('888888');
    expect(await check(stored, '888888')).toBe(true);
    expect(await check(stored, '888888')).toBe(true);
    expect(await check(stored, '888888')).toBe(true);
    expect(argon2.verifies).toBe(1);
  });

  it('never remembers a wrong key: each guess pays the full check and is refused', async () => {
    const check = sharedKeyChecker();
    const stored = await hashPassword('888888');
    expect(await check(stored, '888887')).toBe(false);
    expect(await check(stored, '888887')).toBe(false);
    expect(argon2.verifies).toBe(2);
    // a right key after wrong ones still matches
    expect(await check(stored, '888888')).toBe(true);
  });

  it('a changed key: the old key does not match the new hash, the new one does', async () => {
    const check = sharedKeyChecker();
    const before = await hashPassword('888888');
    expect(await check(before, '888888')).toBe(true);
    const after = await hashPassword('123456');
    expect(await check(after, '888888')).toBe(false);
    expect(await check(after, '123456')).toBe(true);
    // the same key under the old hash is still remembered for that hash only
    expect(await check(before, '123456')).toBe(false);
  });

  it('forgets the oldest match past its bound, and checks it by argon2 again', async () => {
    const check = sharedKeyChecker(2);
    const [a, b, c] = await Promise.all(['key-a', 'key-b', 'key-c'].map((k) => hashPassword(k)));
    for (const [h, k] of [
      [a, 'key-a'],
      [b, 'key-b'],
      [c, 'key-c'],
    ] as const)
      expect(await check(h, k)).toBe(true);
    argon2.verifies = 0;
    expect(await check(c, 'key-c')).toBe(true);
    expect(await check(b, 'key-b')).toBe(true);
    expect(argon2.verifies).toBe(0);
    expect(await check(a, 'key-a')).toBe(true);
    expect(argon2.verifies).toBe(1);
  });

  it('a stored value that is not a hash is a refusal, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await sharedKeyChecker()('not-a-hash', 'x')).toBe(false);
  });
});
