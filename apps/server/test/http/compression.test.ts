import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESS_THRESHOLD } from '../../src/http/compression.js';
import { createTestApp, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t)).token;
});
afterAll(() => t.close());

const info = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/info',
    headers: { admintoken: token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('API answers compressed (issue 41)', () => {
  it('sends Brotli, else gzip, as the caller accepts, with the same JSON inside', async () => {
    const plain = await info();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const expected = plain.json();
    expect(expected.status).toBe(0);

    const br = await info('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await info('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected);
  });

  it('compresses the reused info document once, not on every request, and honours q=0', async () => {
    await info('br'); // its copy exists now
    const spies = [vi.spyOn(zlib, 'brotliCompressSync'), vi.spyOn(zlib, 'createBrotliCompress')];
    try {
      for (let i = 0; i < 5; i++) expect((await info('br')).headers['content-encoding']).toBe('br');
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect((await info('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await info('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers as they are', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/adminUser/login.do',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({ username: 'nobody', password: 'x' }),
    });
    expect(r.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().status).not.toBe(0);
  });
});
