import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rechargeApi, usersApi } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { setToken } from '../../src/lib/auth';
import { INTENT_RETRY_DELAYS_MS } from '../../src/lib/intent';
import { call, requestEnv, RequestError, resetUnavailable } from '../../src/lib/request';
import { act } from '../../src/shared/api/act';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../helpers';

/** Issue 47: one key per operator intent, the same key on the client's own retries of it. */
let fb: ReturnType<typeof spyFeedback>;
const keyOf = (c: FakeCall) => (c.init.headers as Record<string, string>)['idempotency-key'];
const adjust = { userId: 7, amt: '5000', direction: 0 as const, note: '补偿' };

beforeEach(async () => {
  await changeLang('zh-CN');
  fb = spyFeedback();
  setToken('tok-123', Date.now() + 3600_000);
});
afterEach(() => {
  resetUnavailable();
  vi.useRealTimers();
});

describe('Idempotency-Key per intent', () => {
  it('a mutation carries a fresh key per call; a read carries none', async () => {
    const f = fakeFetch(() => ok(null));
    requestEnv.fetch = f.fn as never;
    await call(usersApi.updateAmt, adjust);
    await call(usersApi.updateAmt, adjust);
    await act(rechargeApi.confirm, { id: 1 });
    await call(usersApi.list, { pageNum: 1, pageSize: 10 } as never);
    const [a, b, c, list] = f.calls.map(keyOf);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(c).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(list).toBeUndefined();
  });

  it('an answer lost on the network: the same intent is sent again with the same key, and the operator sees no error', async () => {
    vi.useFakeTimers();
    let n = 0;
    const f = fakeFetch(() => {
      if (n++ === 0) throw new TypeError('Failed to fetch');
      return ok({ userId: 7, userAmt: '5000.00' });
    });
    requestEnv.fetch = f.fn as never;
    const done = call(usersApi.updateAmt, adjust);
    await vi.advanceTimersByTimeAsync(INTENT_RETRY_DELAYS_MS[0]);
    await expect(done).resolves.toMatchObject({ userAmt: '5000.00' });
    expect(f.calls).toHaveLength(2);
    expect(keyOf(f.calls[1]!)).toBe(keyOf(f.calls[0]!));
    expect(f.calls[1]!.init.body).toBe(f.calls[0]!.init.body);
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('a 503 (database down, outcome unknown) is retried with the same key; a refusal is not', async () => {
    vi.useFakeTimers();
    const answers = [
      { status: 503, body: { status: 11, msg: '数据库连接在提交时中断，操作结果未知', data: null } },
      ok({ userAmt: '5000.00' }),
    ];
    const f = fakeFetch(() => answers.shift()!);
    requestEnv.fetch = f.fn as never;
    const done = call(usersApi.updateAmt, adjust);
    await vi.advanceTimersByTimeAsync(INTENT_RETRY_DELAYS_MS[0]);
    await done;
    expect(keyOf(f.calls[1]!)).toBe(keyOf(f.calls[0]!));

    const refused = fakeFetch(() => ({ body: { status: 1, msg: '余额不足', data: null } }));
    requestEnv.fetch = refused.fn as never;
    await expect(call(usersApi.updateAmt, { ...adjust, direction: 1 })).rejects.toBeInstanceOf(RequestError);
    expect(refused.calls).toHaveLength(1);
    expect(fb.message.error).toHaveBeenCalledWith('余额不足');
  });

  it('gives up after its retries with one network notice; a read is never retried by the client', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    requestEnv.fetch = f.fn as never;
    const done = call(usersApi.updateAmt, adjust).catch((e: RequestError) => e);
    for (const d of INTENT_RETRY_DELAYS_MS) await vi.advanceTimersByTimeAsync(d);
    expect(await done).toMatchObject({ kind: 'network' });
    expect(f.calls).toHaveLength(INTENT_RETRY_DELAYS_MS.length + 1);
    expect(new Set(f.calls.map(keyOf)).size).toBe(1);
    expect(fb.notification.error).toHaveBeenCalledTimes(1);

    const reads = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    requestEnv.fetch = reads.fn as never;
    await expect(call(usersApi.list, { pageNum: 1, pageSize: 10 } as never)).rejects.toMatchObject({ kind: 'network' });
    expect(reads.calls).toHaveLength(1);
  });
});
