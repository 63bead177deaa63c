import http2 from 'node:http2';
import { createPrivateKey, sign } from 'node:crypto';
import type { AppContext } from '../../app/context.js';
import { logPushProvider, type PushMessage, type PushProvider, type PushSendResult } from './push.js';

const HOSTS = { production: 'https://api.push.apple.com', sandbox: 'https://api.sandbox.push.apple.com' };
/** Apple accepts a provider token for up to an hour; a fresh one every 50 minutes. */
const TOKEN_TTL_MS = 50 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** The ES256 provider token APNs expects (header `kid`, claims `iss` = team, `iat`). */
export function apnsToken(c: { keyId: string; teamId: string; keyPem: string }, now = Date.now()): string {
  const head = b64url(JSON.stringify({ alg: 'ES256', kid: c.keyId }));
  const claims = b64url(JSON.stringify({ iss: c.teamId, iat: Math.floor(now / 1000) }));
  const sig = sign('sha256', Buffer.from(`${head}.${claims}`), { key: createPrivateKey(c.keyPem), dsaEncoding: 'ieee-p1363' });
  return `${head}.${claims}.${b64url(sig)}`;
}

/**
 * The push provider of the product: iOS devices through APNs (HTTP/2, token auth) with the key, team, bundle and
 * environment an operator saved on the iOS push settings page (super-user only), read through `credentials` (main.ts
 * gives the account domain's reader); without those settings, and for Android (no gateway configured here), the
 * recording provider. `origin` replaces Apple's host (tests).
 */
/** The saved iOS push settings, key opened (the account domain's `iosPushCredentials`), or null when none are saved. */
export type ApnsCredentials = (
  ctx: AppContext,
) => Promise<{ keyId: string; teamId: string; bundleId: string; production: boolean; keyPem: string } | null>;

export function apnsPushProvider(opts: { credentials: ApnsCredentials; origin?: string; fallback?: PushProvider }): PushProvider {
  const fallback = opts.fallback ?? logPushProvider;
  let cached: { key: string; token: string; at: number } | null = null;
  const sessions = new Map<string, http2.ClientHttp2Session>();
  const session = (origin: string) => {
    const s = sessions.get(origin);
    if (s && !s.closed && !s.destroyed) return s;
    const fresh = http2.connect(origin);
    fresh.on('error', () => sessions.delete(origin));
    fresh.on('close', () => sessions.delete(origin));
    // an idle connection does not keep the process alive
    fresh.unref();
    sessions.set(origin, fresh);
    return fresh;
  };

  return {
    name: 'apns',
    async send(ctx: AppContext, msg: PushMessage): Promise<PushSendResult> {
      const c = msg.platform === 'ios' ? await opts.credentials(ctx) : null;
      if (!c || !c.keyId || !c.teamId || !c.bundleId) return { provider: fallback.name, ...(await fallback.send(ctx, msg)) };
      const id = `${c.keyId}:${c.teamId}`;
      if (!cached || cached.key !== id || Date.now() - cached.at > TOKEN_TTL_MS) cached = { key: id, token: apnsToken(c), at: Date.now() };
      const origin = opts.origin ?? (c.production ? HOSTS.production : HOSTS.sandbox);
      const body = JSON.stringify({ aps: { alert: { title: msg.title, body: msg.body }, sound: 'default' }, ...(msg.data ?? {}) });
      return new Promise<PushSendResult>((resolve) => {
        let req: http2.ClientHttp2Stream;
        try {
          req = session(origin).request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(msg.target)}`,
            authorization: `bearer ${cached!.token}`,
            'apns-topic': c.bundleId,
            'apns-push-type': 'alert',
            'content-type': 'application/json',
          });
        } catch (e) {
          resolve({ ok: false, error: e instanceof Error ? e.message : String(e) });
          return;
        }
        let status = 0;
        let text = '';
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.close(http2.constants.NGHTTP2_CANCEL));
        req.on('response', (h) => (status = Number(h[':status'])));
        req.setEncoding('utf8');
        req.on('data', (d: string) => (text += d));
        req.on('error', (e) => resolve({ ok: false, error: e.message }));
        req.on('close', () => {
          if (status === 200) return resolve({ ok: true });
          const reason = (() => {
            try {
              return (JSON.parse(text) as { reason?: string }).reason ?? '';
            } catch {
              return text.slice(0, 100);
            }
          })();
          resolve({ ok: false, error: status ? `APNs ${status}${reason ? ` ${reason}` : ''}` : 'APNs: no answer' });
        });
        req.end(body);
      });
    },
  };
}
