// Security headers and the Content-Security-Policy the whole browser suite runs under (issue 26).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { BASE_URL, DEMO, launch, openPage, signIn, type Browser } from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing and nosniff on the console and the API', async () => {
    const html = await fetch(`${BASE_URL}/`, { headers: { 'accept-encoding': 'br' } });
    const csp = html.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    // no remote scripts, and inline ones only by hash: exactly the sign-in form's boot script of index.html
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const page = await (await fetch(`${BASE_URL}/`)).text();
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    assert.equal(inline.length, 1, 'one inline script: the boot of the sign-in form');
    assert.deepEqual(scripts, ["'self'", ...inline]);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(html.headers.get('x-frame-options'), 'DENY');
    assert.equal(html.headers.get('referrer-policy'), 'same-origin');
    const api = await fetch(`${BASE_URL}/api/user/info`);
    assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
    const docs = await fetch(`${BASE_URL}/api/docs`, { redirect: 'manual' });
    assert.equal(docs.status, 401, 'the API documentation needs a sign-in');
  });

  it('blocks an injected inline script, and the suite reports such a violation as a page error', async () => {
    const opened = await openPage(browser);
    try {
      await signIn(opened.page, DEMO.admin);
      assert.deepEqual(opened.errors, [], 'the signed-in console runs under the CSP without a violation');
      const ran = await opened.page.evaluate(async () => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = 1';
        document.body.append(s);
        await new Promise((r) => setTimeout(r, 100));
        return (window as unknown as { __injected?: number }).__injected ?? 0;
      });
      assert.equal(ran, 0, 'the inline script did not run');
      await opened.page.waitForTimeout(100);
      assert.ok(
        opened.errors.some((e) => e.startsWith('CSP violation: script-src')),
        `violation collected: ${opened.errors.join(' | ')}`,
      );
    } finally {
      await opened.close();
    }
  });
});
