import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionApi, logsApi } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { getToken, setToken } from '../../src/lib/auth';
import {
  call,
  request,
  requestEnv,
  RequestError,
  resetSessionEnding,
  sessionEndShownElsewhere,
  REQUEST_TIMEOUT_MS,
  RELOAD_DELAY_MS,
} from '../../src/lib/request';
import { sessionStore, setUserInfo } from '../../src/lib/session';
import { fakeFetch, ok, spyFeedback } from '../helpers';
const realReload = requestEnv.reload;
let fb: ReturnType<typeof spyFeedback>;
let reload: ReturnType<typeof vi.fn>;

function use(answer: Parameters<typeof fakeFetch>[0]) {
  const f = fakeFetch(answer);
  requestEnv.fetch = f.fn as never;
  return f;
}

beforeEach(async () => {
  await changeLang('zh-CN');
  fb = spyFeedback();
  reload = vi.fn();
  requestEnv.reload = reload as never;
  resetSessionEnding();
  setToken('tok-123', Date.now() + 3600_000);
  localStorage.setItem('keep', '1');
});
afterEach(() => {
  requestEnv.reload = realReload;
  vi.useRealTimers();
});

describe('headers and encodings', () => {
  it('sends admintoken and lang on every call', async () => {
    const f = use(() => ok(null));
    await request('/x');
    expect(f.calls[0]!.init.headers).toMatchObject({ admintoken: 'tok-123', lang: 'zh-CN' });
    await changeLang('en-US');
    await request('/x');
    expect(f.calls[1]!.init.headers).toMatchObject({ lang: 'en-US' });
  });

  it('leaves admintoken out without a token', async () => {
    document.cookie = 'Access-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const f = use(() => ok(null));
    await request('/x');
    expect(f.calls[0]!.init.headers).not.toHaveProperty('admintoken');
  });

  it('POSTs form-encoded by default: arrays repeat the key, objects go as JSON, null is left out', async () => {
    const f = use(() => ok(null));
    await request('/admin/x.do', { data: { a: 1, b: 'x y', ids: [1, 2], o: { k: true }, n: null, u: undefined } });
    const { init } = f.calls[0]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(init.body).toBe('a=1&b=x+y&ids=1&ids=2&o=%7B%22k%22%3Atrue%7D');
  });

  it('sends JSON when asked', async () => {
    const f = use(() => ok(null));
    await request('/x', { data: { a: [1], b: { c: 'd' } }, dataType: 'json' });
    expect((f.calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(f.calls[0]!.init.body as string)).toEqual({ a: [1], b: { c: 'd' } });
  });

  it('sends multipart with files for the file data type', async () => {
    const f = use(() => ok(null));
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    await request('/upload', { data: { id: 7, file }, dataType: 'file' });
    const body = f.calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('id')).toBe('7');
    expect((body.get('file') as File).name).toBe('a.txt');
    expect(f.calls[0]!.init.headers).not.toHaveProperty('content-type'); // the browser sets the boundary
  });

  it('GET sends query parameters and no body', async () => {
    const f = use(() => ok(null));
    await request('/admin/list', { method: 'GET', data: { pageNum: 2, q: 'a&b', skip: undefined } });
    expect(f.calls[0]!.url).toBe('/admin/list?pageNum=2&q=a%26b');
    expect(f.calls[0]!.init.method).toBe('GET');
    expect(f.calls[0]!.init.body).toBeUndefined();
  });

  it('call() uses the endpoint method and path and returns the typed data', async () => {
    const f = use(() => ok({ token: 't', expireTime: 1, id: 3 }));
    const data = await call(sessionApi.login, { username: 'admin', password: 'p' });
    expect(data.id).toBe(3);
    expect(f.calls[0]!.url).toBe('/api/adminUser/login.do');
    expect(f.calls[0]!.init.body).toBe('username=admin&password=p');
    await call(sessionApi.info);
    expect(f.calls[1]!.init.method).toBe('GET');
    await call(logsApi.loginList, { pageNum: 1, pageSize: 10 });
    expect(f.calls[2]!.url).toBe('/admin/log/loginList.do');
  });
});

describe('error catalogue (spec §8)', () => {
  it('status 0 is success: nothing shown', async () => {
    use(() => ok({ a: 1 }));
    await expect(request('/x')).resolves.toMatchObject({ status: 0, data: { a: 1 } });
    expect(fb.message.error).not.toHaveBeenCalled();
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('status ≠ 0 shows the msg as an error message and rejects with the envelope data', async () => {
    use(() => ({ body: { status: 1, msg: '账户或密码错误', data: { needGoogleCode: true } } }));
    const e = await request('/x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RequestError);
    expect(e).toMatchObject({ kind: 'status', status: 1, data: { needGoogleCode: true } });
    expect(fb.message.error).toHaveBeenCalledWith('账户或密码错误');
  });

  it('silent callers get no message', async () => {
    use(() => ({ status: 404, body: { status: 1, msg: '接口不存在', data: null } }));
    await expect(request('/admin/system/count.do', { method: 'GET', silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(fb.message.error).not.toHaveBeenCalled();
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  for (const [label, body] of [
    ['simplified wording', { status: 1, msg: '请先登录，无权限访问', data: null }],
    ['traditional wording', { status: 1, msg: '請先登錄，無權限訪問', data: null }],
    ['status 10 in English', { status: 10, msg: 'Please sign in first: access denied', data: null }],
  ] as const) {
    it(`login needed (${label}): 重新登陆 notice, sign-out, storage cleared and reload after 1.5 s`, async () => {
      vi.useFakeTimers();
      setUserInfo({ id: 1 } as never);
      use(() => ({ body }));
      await expect(request('/x')).rejects.toMatchObject({ kind: 'login' });
      expect(fb.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ message: '重新登陆', description: '未登录或登录过期，请重新登录' }),
      );
      expect(getToken()).toBeNull();
      expect(sessionStore.get().info).toBeNull();
      vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      expect(localStorage.getItem('keep')).toBe('1');
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('keep')).toBeNull();
    });
  }

  it('a kick-out dialog shown meanwhile keeps the page: the reload planned by a refused call is called off', async () => {
    // a call in flight when another browser took the session over is refused as the socket's kick-out arrives
    vi.useFakeTimers();
    use(() => ({ body: { status: 10, msg: '请先登录，无权限访问', data: null } }));
    await request('/x').catch(() => undefined);
    sessionEndShownElsewhere();
    vi.advanceTimersByTime(RELOAD_DELAY_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('after the kick-out dialog, a refused call neither notifies nor reloads', async () => {
    vi.useFakeTimers();
    sessionEndShownElsewhere();
    use(() => ({ body: { status: 10, msg: '请先登录，无权限访问', data: null } }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'login' });
    vi.advanceTimersByTime(RELOAD_DELAY_MS * 2);
    expect(fb.notification.error).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the relogin notice once when several calls fail together', async () => {
    vi.useFakeTimers();
    use(() => ({ body: { status: 10, msg: '请先登录，无权限访问', data: null } }));
    await Promise.allSettled([request('/a'), request('/b'), request('/c')]);
    expect(fb.notification.error).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the English relogin texts follow the language', async () => {
    await changeLang('en-US');
    use(() => ({ body: { status: 10, msg: 'x', data: null } }));
    await request('/x').catch(() => undefined);
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Sign in again',
        description: 'You are not signed in or your session has expired. Please sign in again.',
      }),
    );
  });

  for (const [label, answer] of [
    ['an empty body', { status: 200, body: undefined }],
    ['a body that is not JSON', { status: 200, body: '<html>bad gateway</html>' }],
    ['a JSON body without an envelope', { status: 502, body: { error: 'x' } }],
  ] as const) {
    it(`no data (${label}) → 网络错误 notice`, async () => {
      use(() => answer);
      await expect(request('/x')).rejects.toMatchObject({ kind: 'network' });
      expect(fb.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ message: '网络错误', description: '网络错误，请稍后刷新页面重试！' }),
      );
    });
  }

  it('a failed connection → 网络错误 notice', async () => {
    requestEnv.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as never;
    await expect(request('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: '网络错误' }));
  });

  it('HTTP 403 → Forbidden notice with the server message', async () => {
    use(() => ({ status: 403, body: { status: 1, msg: '无权限：缺少 userlist 的 edit 权限', data: null } }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'forbidden', httpStatus: 403 });
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Forbidden', description: '无权限：缺少 userlist 的 edit 权限' }),
    );
    expect(getToken()).toBe('tok-123');
  });

  it('HTTP 401 → Unauthorized notice, sign-out, reload after 1.5 s (storage kept)', async () => {
    vi.useFakeTimers();
    use(() => ({ status: 401, body: { message: 'Unauthorized' } }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Unauthorized', description: 'Authorization verification failed' }),
    );
    expect(getToken()).toBeNull();
    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('keep')).toBe('1');
  });

  it('HTTP 401 of a failed login (result marks it) shows no Unauthorized notice', async () => {
    use(() => ({ status: 401, body: { status: 1, msg: '账户或密码错误', data: { isLogin: true } } }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(fb.notification.error).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-123');
  });

  it('HTTP 500 with an envelope shows its message', async () => {
    use(() => ({ status: 500, body: { status: 1, msg: '服务器内部错误，请稍后重试（请求号 r1）', data: null } }));
    await expect(request('/x')).rejects.toMatchObject({ kind: 'status', httpStatus: 500 });
    expect(fb.message.error).toHaveBeenCalledWith('服务器内部错误，请稍后重试（请求号 r1）');
  });
});

describe('time-out', () => {
  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with the network-error notice`, async () => {
    vi.useFakeTimers();
    requestEnv.fetch = ((_u: string, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as never;
    const p = request('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fb.notification.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ kind: 'timeout' });
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ message: '网络错误' }));
  });

  it('a response within the time-out is fine', async () => {
    vi.useFakeTimers();
    use(() => new Promise((r) => setTimeout(() => r(ok('late')), REQUEST_TIMEOUT_MS - 100)));
    const p = request('/slowish');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 100);
    await expect(p).resolves.toMatchObject({ data: 'late' });
  });
});
