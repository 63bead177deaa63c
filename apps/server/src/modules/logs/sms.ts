import type { AppContext } from '../../app/context.js';
import { smsLog } from './tables.js';

/** One text message to a phone. */
export interface SmsMessage {
  phone: string;
  content: string;
  /** What it is for: `register` (verification code), `activation`, `notice`, `test`. */
  kind: string;
}

export interface SmsSendResult {
  ok: boolean;
  /** The provider's message id. */
  ref?: string;
  error?: string;
}

/**
 * An SMS gateway. Adapters for real gateways implement this and are installed with
 * `setSmsProvider()` at start-up; the default (`log`) delivers nowhere but the SMS log, so that
 * every screen works offline and tests need no outside service (DESIGN §1).
 */
export interface SmsProvider {
  readonly name: string;
  send(ctx: AppContext, msg: SmsMessage): Promise<SmsSendResult>;
  /**
   * True when the SMS log is the delivery itself (the default provider): the log then keeps the
   * full text, verification codes included, because that is where a local operator reads them.
   * For real gateways the logged text has codes masked.
   */
  readonly logIsDelivery?: boolean;
}

export const logSmsProvider: SmsProvider = {
  name: 'log',
  logIsDelivery: true,
  async send() {
    return { ok: true };
  },
};

let provider: SmsProvider = logSmsProvider;

export function setSmsProvider(p: SmsProvider): void {
  provider = p;
}
export const smsProvider = (): SmsProvider => provider;

export interface SendSmsOptions extends SmsMessage {
  /** The text to keep in the log when the provider is a real gateway (secrets masked). */
  logContent?: string;
  adminId?: number | null;
  ip?: string | null;
}

/** Sends one SMS through the provider and records it in the SMS log, whatever the outcome. */
export async function sendSms(ctx: AppContext, m: SendSmsOptions): Promise<{ ok: boolean; logId: number; error?: string }> {
  const p = provider;
  let r: SmsSendResult;
  try {
    r = await p.send(ctx, { phone: m.phone, content: m.content, kind: m.kind });
  } catch (e) {
    r = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const [row] = await ctx.db
    .insert(smsLog)
    .values({
      phone: m.phone,
      kind: m.kind,
      content: p.logIsDelivery ? m.content : (m.logContent ?? m.content),
      provider: p.name,
      result: r.ok ? 'sent' : 'failed',
      error: r.error?.slice(0, 500) ?? null,
      providerRef: r.ref ?? null,
      adminId: m.adminId ?? null,
      ip: m.ip ?? null,
    })
    .returning({ id: smsLog.id });
  return { ok: r.ok, logId: row!.id, ...(r.error ? { error: r.error } : {}) };
}
