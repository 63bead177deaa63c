import { expect, vi } from 'vitest';
import { flattenKeys, type Messages } from '../src/app/catalogue';
import { bindFeedback } from '../src/lib/feedback';
import type { PageVisibility } from '../src/lib/liveThrottle';

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
type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
export function fakeFetch(answer: (c: FakeCall) => FakeAnswer | Promise<FakeAnswer>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const c = { url: String(url), init: init ?? {} };
    calls.push(c);
    const a = await answer(c);
    const text = a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.status ?? 200, headers: a.headers });
  });
  return { fn, calls };
}

export const ok = <T>(data: T, msg = '操作成功') => ({ body: { status: 0, msg, data } });

const textAt = (m: unknown, k: string) =>
  k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], m) as string;
const holes = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/**
 * A feature's strings in both languages: the same keys — beside a counted Chinese `key_other`, English has `key_one`
 * too — none empty, the same placeholders (a singular may say "1" instead of its count).
 */
export function expectSameTexts(zh: unknown, en: unknown): void {
  const kz = flattenKeys(zh as Messages).sort();
  const ke = flattenKeys(en as Messages).sort();
  expect(ke.filter((k) => !k.endsWith('_one'))).toEqual(kz);
  for (const k of kz) {
    expect(textAt(zh, k).trim(), `zh ${k}`).not.toBe('');
    expect(textAt(en, k).trim(), `en ${k}`).not.toBe('');
    expect(holes(textAt(en, k)), k).toEqual(holes(textAt(zh, k)));
  }
  for (const k of ke.filter((x) => x.endsWith('_one'))) {
    const other = k.replace(/_one$/, '_other');
    expect(kz, k).toContain(other);
    expect(holes(textAt(zh, other)), k).toEqual(expect.arrayContaining(holes(textAt(en, k))));
  }
}

/** A tab whose visibility a test sets (lib/liveThrottle's `PageVisibility`). */
export class FakePage implements PageVisibility {
  visibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.delete(l);
  }
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    for (const l of [...this.listeners]) l();
  }
}
