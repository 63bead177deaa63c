import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../src/app/i18n';
import { onServerBack, request, requestEnv, RequestError, resetUnavailable, serverUnavailable, UNAVAILABLE_POLL_MS } from '../../src/lib/request';
import { fakeFetch, spyFeedback } from '../helpers';
const outage = { status: 11, msg: '数据库暂不可用，请稍后重试', data: null };

describe('server unavailable (database outage, restart)', () => {
  let f: ReturnType<typeof spyFeedback>;
  let healthy = false;
  beforeEach(async () => {
    await changeLang('zh-CN');
    vi.useFakeTimers();
    f = spyFeedback();
    healthy = false;
    requestEnv.fetch = fakeFetch((c) =>
      c.url === '/readyz'
        ? healthy
          ? { status: 503, body: { status: 'not_ready', db: 'up', redis: 'down' } }
          : { status: 503, body: { status: 'not_ready', db: 'down', redis: 'up' } }
        : { status: 503, body: outage },
    ).fn;
  });
  afterEach(() => {
    resetUnavailable();
    vi.useRealTimers();
  });

  it('shows one calm notice for a storm of failed calls, no error message per call', async () => {
    const calls = Array.from({ length: 8 }, () => request('/admin/user/list.do').catch((e: RequestError) => e));
    const errors = await Promise.all(calls);
    expect(errors.every((e) => e instanceof RequestError && e.kind === 'unavailable' && e.status === 11)).toBe(true);
    expect(f.notification.warning).toHaveBeenCalledTimes(1);
    expect(f.notification.warning.mock.calls[0]![0]).toMatchObject({ message: '服务暂不可用', description: '数据库暂不可用，请稍后重试', key: 'server-unavailable', duration: 0 });
    expect(f.message.error).not.toHaveBeenCalled();
    expect(f.notification.error).not.toHaveBeenCalled();
    expect(serverUnavailable()).toBe(true);
  });

  it('asks /readyz until the database is back (Redis down does not hold the calls back), then closes the notice and re-runs the page once', async () => {
    const back = vi.fn();
    const off = onServerBack(back);
    await request('/admin/user/list.do').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_POLL_MS * 2);
    expect(back).not.toHaveBeenCalled();
    healthy = true;
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_POLL_MS);
    expect(back).toHaveBeenCalledTimes(1);
    expect(f.notification.destroy).toHaveBeenCalledWith('server-unavailable');
    expect(f.message.success).toHaveBeenCalledWith('服务已恢复，页面数据已刷新');
    expect(serverUnavailable()).toBe(false);
    await vi.advanceTimersByTimeAsync(UNAVAILABLE_POLL_MS * 3);
    expect(back).toHaveBeenCalledTimes(1);
    off();
  });
});
