import { vi } from 'vitest';
import { bindFeedback } from '../src/lib/feedback';

/** Spies in place of antd's message / notification / modal. */
export function spyFeedback() {
  const f = {
    message: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() },
    notification: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn(), destroy: vi.fn() },
    modal: { confirm: vi.fn() },
  };
  bindFeedback(f as never);
  return f;
}

export interface FakeCall {
  url: string;
  init: RequestInit;
}

/** A fetch stand-in answering with `body` (object → JSON) and `status`. */
export function fakeFetch(answer: (c: FakeCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const c = { url: String(url), init: init ?? {} };
    calls.push(c);
    const a = await answer(c);
    const text = a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.status ?? 200 });
  });
  return { fn, calls };
}

export const ok = <T>(data: T, msg = '操作成功') => ({ body: { status: 0, msg, data } });
