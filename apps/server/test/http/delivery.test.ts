import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

// A built console in miniature: index.html and one hashed asset, each with its precompressed copies.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
const js = `export const big = "${'x'.repeat(4000)}";`;
const html = `<!doctype html><html><head><script type="module" src="./assets/index-AbCd1234.js"></script></head><body></body></html>`;
fs.mkdirSync(path.join(dist, 'assets'));
for (const [file, text] of [
  ['index.html', html],
  ['assets/index-AbCd1234.js', js],
] as const) {
  fs.writeFileSync(path.join(dist, file), text);
  fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
  fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONSOLE_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('console delivery', () => {
  it('sends the precompressed copy the browser accepts, hashed files immutable for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html on every load (a new release is seen at once), compressed too', async () => {
    for (const url of ['/', '/index.html']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
    }
  });

  it('sends security headers: a CSP without inline scripts, no framing, nosniff on pages and JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // the socket's answer as a page's
    const socket = await t.app.inject({ method: 'GET', url: '/manager/ws/1' });
    for (const h of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(socket.headers[h], h).toBe(page.headers[h]);
    // a JSON answer: nothing may run or be framed in it, said in few bytes (a sign-in makes a dozen calls)
    for (const [method, url] of [
      ['POST', '/api/user/info'],
      ['GET', '/admin/system/count.do'],
      ['POST', '/app/user/info.do'],
    ] as const) {
      const api = await t.app.inject({ method, url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['referrer-policy'], url).toBe('same-origin');
      for (const h of ['cross-origin-opener-policy', 'x-xss-protection', 'origin-agent-cluster', 'x-dns-prefetch-control'])
        expect(api.headers[h], `${url} ${h}`).toBeUndefined();
    }
    // the API's documentation is a page: the page's policy
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(String(docs.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('sends a built script or stylesheet only the headers a subresource obeys (no document policy on each file)', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('same-origin');
    for (const h of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-xss-protection',
      'origin-agent-cluster',
    ])
      expect(asset.headers[h], h).toBeUndefined();
    // a path under /assets/ that is not a hashed build file keeps the full set
    const other = await t.app.inject({ method: 'GET', url: '/assets/../index.html' });
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends HSTS only when told the site is on TLS', async () => {
    const tls = await createTestApp({ HSTS: 'true' });
    try {
      for (const url of ['/healthz', '/api/user/info']) {
        const r = await tls.app.inject({ method: 'GET', url });
        expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await tls.close();
    }
  });
});
