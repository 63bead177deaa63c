import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/** Issue 61: every API answer names the console build the server serves, so an older page asks for a reload. */
describe('the console build on API answers', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ build: '1764633600000' }));
    t = await createTestApp({ CONSOLE_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is sent with the admin API answers, refusals included, and not with the page itself', async () => {
    const { token } = await signedIn(t, 'admin');
    const r = await post(t, '/admin/user/list.do', { pageNum: 1, pageSize: 1 }, { token });
    expect(r.headers['x-console-build']).toBe('1764633600000');
    expect((await post(t, '/admin/user/list.do', {})).headers['x-console-build']).toBe('1764633600000');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['x-console-build']).toBeUndefined();
  });
});
