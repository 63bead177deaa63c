import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productsApi } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { setToken } from '../../src/lib/auth';
import { call, request, requestEnv, RequestError, xhrFetch } from '../../src/lib/request';
import { spyFeedback } from '../helpers';

/** An XMLHttpRequest driven by the test. */
class FakeXHR {
  static last: FakeXHR;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } =
    {
      onprogress: null,
      onload: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXHR.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXHR = globalThis.XMLHttpRequest;
const realUpload = requestEnv.upload;
beforeEach(async () => {
  await changeLang('zh-CN');
  setToken('tok-up', Date.now() + 3600_000);
  globalThis.XMLHttpRequest = FakeXHR as never;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXHR;
  requestEnv.upload = realUpload;
});

describe('uploads with progress (the request client over XMLHttpRequest)', () => {
  it('reports progress and answers a Response like fetch', async () => {
    const seen: number[] = [];
    const p = xhrFetch('/admin/x.do', { method: 'POST', headers: { lang: 'zh-CN' }, body: 'b' }, (n) => seen.push(n));
    const x = FakeXHR.last;
    expect([x.method, x.url, x.headers, x.body]).toEqual(['POST', '/admin/x.do', { lang: 'zh-CN' }, 'b']);
    x.progress(25, 100);
    x.progress(50, 100);
    x.answer(200, { status: 0, msg: 'ok', data: 1 });
    const res = await p;
    expect(seen).toEqual([25, 50, 100]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 0, msg: 'ok', data: 1 });
  });

  it('rejects on a network failure and on abort', async () => {
    const p = xhrFetch('/x', { method: 'POST' }, () => undefined);
    FakeXHR.last.onerror?.();
    await expect(p).rejects.toThrow(TypeError);
    const ctrl = new AbortController();
    const q = xhrFetch('/x', { method: 'POST', signal: ctrl.signal }, () => undefined);
    ctrl.abort();
    await expect(q).rejects.toThrow(/aborted/);
    expect(FakeXHR.last.aborted).toBe(true);
  });

  it('sends the file as multipart with the token and language, and the status-1 report reaches the caller', async () => {
    const fb = spyFeedback();
    const seen: number[] = [];
    const report = { applied: false, added: 0, updated: 0, failed: 1, rows: [{ row: 2, code: '1', result: 'failed', reason: 'bad' }] };
    const p = call(productsApi.stockImport, { file: new File(['code,name,market\n'], 's.csv') } as never, {
      dataType: 'file',
      onUploadProgress: (n) => seen.push(n),
    });
    await vi.waitFor(() => expect(FakeXHR.last?.body).toBeInstanceOf(FormData));
    const x = FakeXHR.last;
    expect(x.url).toBe('/admin/stock/import.do');
    expect(x.headers).toMatchObject({ admintoken: 'tok-up', lang: 'zh-CN' });
    expect(x.headers).not.toHaveProperty('content-type'); // the browser writes the multipart boundary
    expect((x.body as FormData).get('file')).toBeInstanceOf(File);
    x.progress(1, 2);
    x.answer(200, { status: 1, msg: '导入未执行：1 行有误', data: report });
    const err = (await p.catch((e: unknown) => e)) as RequestError;
    expect(err).toBeInstanceOf(RequestError);
    expect([err.status, err.data]).toEqual([1, report]);
    expect(fb.message.error).toHaveBeenCalledWith('导入未执行：1 行有误');
    expect(seen).toEqual([50, 100]);
  });

  it('uses fetch when no progress is asked for', async () => {
    const upload = vi.fn();
    requestEnv.upload = upload as never;
    requestEnv.fetch = (async () => new Response(JSON.stringify({ status: 0, msg: '', data: null }))) as never;
    await request('/x', { data: { a: 1 } });
    expect(upload).not.toHaveBeenCalled();
  });
});
