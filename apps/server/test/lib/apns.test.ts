import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { apnsPushProvider } from '../../src/modules/logs/apns.js';
import { iosPushCredentials } from '../../src/modules/account/service.js';
import { createTestApp, type TestApp } from '../helpers.js';

// The APNs provider (issue 24): iOS pushes go to Apple over HTTP/2 with an ES256 provider token from the key saved
// on the iOS push settings page; without settings (and for Android) they go to the recording provider.
let t: TestApp;
let server: http2.Http2Server;
let origin: string;
const open = new Set<http2.ServerHttp2Session>();
const seen: { path: string; headers: http2.IncomingHttpHeaders; body: string }[] = [];
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

beforeAll(async () => {
  t = await createTestApp({});
  server = http2.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      seen.push({ path: req.url, headers: req.headers, body });
      if (req.url.includes('bad-token')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ reason: 'BadDeviceToken' }));
      } else {
        res.writeHead(200);
        res.end();
      }
    });
  });
  server.on('session', (s) => open.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.destroy();
  await new Promise((r) => server.close(r));
  await t.close();
});

const msg = (target: string, platform: 'ios' | 'android' = 'ios') => ({
  platform,
  target,
  title: '开盘',
  body: '9:30 开盘',
  data: { sendId: 7 },
});

describe('APNs provider', () => {
  it('hands pushes to the recording provider until the iOS settings are saved', async () => {
    const p = apnsPushProvider({ origin, credentials: iosPushCredentials });
    expect(await p.send(t.app.ctx, msg('a'.repeat(64)))).toEqual({ ok: true, provider: 'log' });
    expect(seen).toHaveLength(0);
  });

  it('posts to /3/device/<token> with the topic and a token signed by the saved key; maps refusals', async () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await t.app.ctx.db.execute(sql`
      INSERT INTO ios_push_settings (id, key_id, team_id, bundle_id, production, key_sealed, key_fingerprint)
      VALUES (1, 'ABC123DEFG', 'TEAM123456', 'com.example.stock', false, ${t.app.ctx.secrets.seal(pem)}, 'x')
      ON CONFLICT (id) DO UPDATE SET key_sealed = EXCLUDED.key_sealed`);
    const p = apnsPushProvider({ origin, credentials: iosPushCredentials });
    expect(await p.send(t.app.ctx, msg('device-ok-123'))).toEqual({ ok: true });
    const r = seen.at(-1)!;
    expect(r.path).toBe('/3/device/device-ok-123');
    expect(r.headers['apns-topic']).toBe('com.example.stock');
    expect(r.headers['apns-push-type']).toBe('alert');
    expect(JSON.parse(r.body)).toEqual({ aps: { alert: { title: '开盘', body: '9:30 开盘' }, sound: 'default' }, sendId: 7 });
    const [head, claims, sig] = String(r.headers.authorization)
      .replace(/^bearer /, '')
      .split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString()).iss).toBe('TEAM123456');
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig!, 'base64url'),
    );
    expect(valid).toBe(true);

    expect(await p.send(t.app.ctx, msg('bad-token-1'))).toEqual({ ok: false, error: 'APNs 400 BadDeviceToken' });
    // Android has no gateway here: recorded
    const n = seen.length;
    expect((await p.send(t.app.ctx, msg('android-1', 'android'))).provider).toBe('log');
    expect(seen).toHaveLength(n);
  });
});
