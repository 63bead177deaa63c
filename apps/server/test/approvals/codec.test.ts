import { describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../src/lib/secretbox.js';
import { readInput, storeInput } from '../../src/modules/approvals/codec.js';

const box = secretBoxFor({ SECRET_KEY: 'test-secret-key-0123456789' } as never);

describe("a held call's stored input", () => {
  it('keeps a file byte for byte (a CSV allotment held for approval) and a password sealed, showing neither', () => {
    const file = new Uint8Array([0xef, 0xbb, 0xbf, 0x6f, 0x72, 0x64, 0x65, 0x72, 0x4e, 0x6f, 0x0a]);
    const raw = { issueId: 7, file: { filename: 'allot.csv', mimetype: 'text/csv', data: Buffer.from(file) }, password: 'S3cret!' };
    const stored = storeInput(box, raw);
    expect(stored.sealed).not.toContain('S3cret');
    expect(JSON.stringify(stored.shown)).not.toContain('S3cret');
    expect(stored.shown).toMatchObject({ issueId: 7, file: { file: 'allot.csv', bytes: file.length }, password: '***' });
    const back = readInput(box, stored) as typeof raw;
    expect(back.issueId).toBe(7);
    expect(back.password).toBe('S3cret!');
    expect(Buffer.isBuffer(back.file.data)).toBe(true);
    expect([...back.file.data]).toEqual([...file]);
  });
});
