import type { AppContext } from '../../app/context.js';
import { pushLog } from './tables.js';

/** One push notification to a device. */
export interface PushMessage {
  platform: 'ios' | 'android';
  /** Device token. */
  target: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

export interface PushSendResult {
  ok: boolean;
  error?: string;
  /** The gateway that handled it, when a routing provider handed it on (logged instead of the provider's name). */
  provider?: string;
}

/**
 * A push gateway (APNs, FCM, …), installed with `setPushProvider()` at start-up. The default
 * (`log`) delivers nowhere but the push log (DESIGN §1).
 */
export interface PushProvider {
  readonly name: string;
  send(ctx: AppContext, msg: PushMessage): Promise<PushSendResult>;
}

export const logPushProvider: PushProvider = {
  name: 'log',
  async send() {
    return { ok: true };
  },
};

let provider: PushProvider = logPushProvider;

export function setPushProvider(p: PushProvider): void {
  provider = p;
}
export const pushProvider = (): PushProvider => provider;

/** A device token as logs show it. */
export const maskDeviceToken = (t: string) => (t.length <= 12 ? '****' : `${t.slice(0, 6)}…${t.slice(-6)}`);

/** Sends one push through the provider and records it in the push log, whatever the outcome. */
export async function sendPush(
  ctx: AppContext,
  m: PushMessage & { adminId?: number | null; userId?: number | null },
): Promise<{ ok: boolean; logId: number; provider: string; error: string | null }> {
  const p = provider;
  let r: PushSendResult;
  try {
    r = await p.send(ctx, { platform: m.platform, target: m.target, title: m.title, body: m.body, data: m.data });
  } catch (e) {
    r = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const [row] = await ctx.db
    .insert(pushLog)
    .values({
      platform: m.platform,
      target: maskDeviceToken(m.target),
      title: m.title,
      body: m.body,
      provider: r.provider ?? p.name,
      result: r.ok ? 'sent' : 'failed',
      error: r.error?.slice(0, 500) ?? null,
      adminId: m.adminId ?? null,
      userId: m.userId ?? null,
    })
    .returning({ id: pushLog.id });
  return { ok: r.ok, logId: row!.id, provider: r.provider ?? p.name, error: r.error ?? null };
}
