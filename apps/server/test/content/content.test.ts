import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../admins/admins-helpers.js';
import { appPost, appToken, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { tinyPng } from '../users/users-helpers.js';
import { listArticles } from '../../src/modules/content/articles.js';

// Site content (issue 25): rich text sanitised against known XSS payloads, scheduled publishing on the
// platform's clock, banner addresses and order, image uploads (sniffed, size-limited, served with their type).
let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
  user = await appToken(t, await makeUser(t));
});
afterAll(() => t.close());

const call = (path: string, body: Record<string, unknown>, lang?: string) =>
  post(t, path, body, { token: admin, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const app = (path: string, body: Record<string, unknown>) => appPost(t, path, body, user, { json: true }).then((r) => r.json());
const upload = (data: Buffer, filename = 'a.png', type = 'image/png', lang?: string) =>
  multipart(t, '/admin/site/imageUpload.do', {}, { file: { filename, type, data } }, { token: admin, lang }).then((r) => r.json());

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<object data="javascript:alert(1)"></object>',
  '<p onclick="alert(1)">p</p>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
];

describe('announcements', () => {
  it('neutralises every known XSS payload in the body, keeping the harmless markup', async () => {
    for (const payload of XSS) {
      const r = await call('/admin/art/add.do', { title: 'x', type: 'notice', body: `<p><strong>保留</strong></p>${payload}` });
      expect(r.status).toBe(0);
      const body: string = r.data.body;
      expect(body).toContain('<strong>保留</strong>');
      expect(body).not.toMatch(/<script|<iframe|<object|<svg|<meta|<form|<style|onerror|onload|onclick|javascript:/i);
    }
  });

  it('publishes at its time: hidden from the platform before, listed after; views count', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const r = await call('/admin/art/add.do', { title: '定时公告', type: 'rule', body: '<p>规则</p>', publishAt: soon, pinned: true });
    expect(r.data).toMatchObject({ published: false, pinned: true });
    const ids = (x: { list: { id: number }[] }) => x.list.map((a) => a.id);
    expect(ids((await app('/app/art/list.do', {})).data)).not.toContain(r.data.id);
    expect((await app('/app/art/detail.do', { id: r.data.id })).status).not.toBe(0);
    // on the (fake) clock an hour later it is out, pinned first
    const later = await listArticles(
      t.app.ctx.db,
      { pageNum: 1, pageSize: 50 },
      { published: true, now: new Date(Date.now() + 2 * 3_600_000) },
    );
    expect(later.list[0]!.id).toBe(r.data.id);
    const now = await call('/admin/art/add.do', { title: '即时公告', body: '<p>现在</p>' });
    const d = await app('/app/art/detail.do', { id: now.data.id });
    await app('/app/art/detail.do', { id: now.data.id });
    expect(d.data.title).toBe('即时公告');
    const listed = (await call('/admin/art/list.do', { keyword: '即时' })).data.list[0];
    expect(listed.views).toBe(2);
    expect((await call('/admin/art/updateShow.do', { id: now.data.id, shown: false })).data.published).toBe(false);
    expect(ids((await app('/app/art/list.do', {})).data)).not.toContain(now.data.id);
  });
});

describe('banners and images', () => {
  it('accepts only sniffed images up to 5 MB, and serves them with their type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'a.png', 'image/png', 'en-US')).status).not.toBe(0);
    expect((await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'a.jpg', 'image/jpeg')).status).not.toBe(0);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect((await upload(big)).status).not.toBe(0);
    const ok = await upload(tinyPng(), 'evil.svg', 'image/svg+xml');
    expect(ok.status).toBe(0);
    expect(ok.data.url).toMatch(/^\/site\/img\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: ok.data.url });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: '/site/img/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
  });

  it('takes http(s) or in-app addresses only, keeps the dragged order, and serves the shown ones per device', async () => {
    const image = (await upload(tinyPng())).data.key as string;
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'ftp://x.example']) {
      const r = await call('/admin/banners/add.do', { title: 'b', image, targetUrl: bad }, 'en-US');
      expect(r.status, bad).toBe(2);
      expect(r.msg).toContain('targetUrl');
    }
    expect((await call('/admin/banners/add.do', { title: 'b', image: '0123456789abcdef0123456789abcdef.png' }, 'en-US')).msg).toBe(
      'The image image does not exist; upload it again',
    );
    const a = (await call('/admin/banners/add.do', { title: 'A', image, targetUrl: 'https://example.com/a' })).data;
    const b = (await call('/admin/banners/add.do', { title: 'B', image, targetUrl: '/app/newshares', pc: false })).data;
    const c = (await call('/admin/banners/add.do', { title: 'C', image, shown: false })).data;
    expect([a.sort, b.sort, c.sort]).toEqual([0, 1, 2]);
    expect((await call('/admin/banners/sort.do', { ids: [c.id, a.id] }, 'en-US')).msg).toBe('The order must list every banner once');
    expect((await call('/admin/banners/sort.do', { ids: [c.id, b.id, a.id] })).status).toBe(0);
    expect((await call('/admin/banners/list.do', {})).data.list.map((x: { title: string }) => x.title)).toEqual(['C', 'B', 'A']);
    expect((await app('/app/banners/list.do', { device: 'mobile' })).data.map((x: { title: string }) => x.title)).toEqual(['B', 'A']);
    expect((await app('/app/banners/list.do', { device: 'pc' })).data.map((x: { title: string }) => x.title)).toEqual(['A']);
  });
});

describe('activities', () => {
  it('refuses a window that ends before it starts and a target without its id; the state follows the clock', async () => {
    const base = { title: '活动', rules: '<p>规则</p><script>x</script>', startsAt: new Date(Date.now() - 3_600_000).toISOString() };
    const bad = await call('/admin/activity/add.do', { ...base, endsAt: base.startsAt }, 'en-US');
    expect(bad.status).toBe(2);
    expect(bad.msg).toContain('endsAt');
    expect(
      (await call('/admin/activity/add.do', { ...base, endsAt: new Date(Date.now() + 3_600_000).toISOString(), target: 'tier' }, 'en-US'))
        .msg,
    ).toContain('targetId');
    const ok = await call('/admin/activity/add.do', { ...base, endsAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(ok.data).toMatchObject({ state: 'running', rules: '<p>规则</p>' });
    const support = (await signedIn(t, 'support')).token;
    expect((await post(t, '/admin/activity/add.do', { ...base, endsAt: base.startsAt }, { token: support, json: true })).statusCode).toBe(
      403,
    );
  });
});

describe('demo data', () => {
  it('seeds announcements (one scheduled), ordered banners with real images and activities, through the services', async () => {
    const { seedContent } = await import('../../src/modules/content/seed.js');
    const { gradientPng } = await import('../../src/lib/png.js');
    const { sniffImage } = await import('../../src/modules/users/uploads.js');
    expect(sniffImage(gradientPng(8, 4, [0, 0, 0], [255, 255, 255]))?.mime).toBe('image/png');
    const before = (await call('/admin/art/list.do', { pageSize: 100 })).data.total;
    await seedContent(t.app.ctx);
    const arts = (await call('/admin/art/list.do', { pageSize: 100 })).data;
    expect(arts.total - before).toBe(4);
    expect(arts.list.filter((a: { published: boolean; shown: boolean }) => a.shown && !a.published).length).toBeGreaterThanOrEqual(2);
    const shown = (await app('/app/banners/list.do', { device: 'mobile' })).data.map((b: { title: string }) => b.title);
    expect(shown).toEqual(expect.arrayContaining(['新股申购季', '邀请好友得奖励', '大宗交易专区']));
    const img = await t.app.inject({ method: 'GET', url: (await app('/app/banners/list.do', { device: 'mobile' })).data[0].imageUrl });
    expect(img.headers['content-type']).toBe('image/png');
    const acts = (await call('/admin/activity/list.do', {})).data.list.map((a: { state: string }) => a.state);
    expect(acts).toEqual(expect.arrayContaining(['running', 'upcoming']));
  });
});
