import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rechargeApi } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { setToken } from '../../../src/lib/auth';
import { requestEnv, resetSessionEnding } from '../../../src/lib/request';
import { downloadExport, filenameOf, isCsv } from '../../../src/lib/download';
import { fakeFetch, spyFeedback } from '../../helpers';
let fb: ReturnType<typeof spyFeedback>;

beforeEach(async () => {
  await changeLang('zh-CN');
  fb = spyFeedback();
  resetSessionEnding();
  setToken('tok-9', Date.now() + 3600_000);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

describe('CSV export', () => {
  it('reads the file name of the answer', () => {
    expect(filenameOf('attachment; filename="recharge-20260101.csv"', 'x.csv')).toBe('recharge-20260101.csv');
    expect(filenameOf("attachment; filename*=UTF-8''%E5%85%85%E5%80%BC.csv", 'x.csv')).toBe('充值.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
    expect(isCsv('text/csv; charset=utf-8')).toBe(true);
    expect(isCsv('application/json')).toBe(false);
  });

  it('posts the filters with the token and language and saves the file', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    requestEnv.fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response('\uFEFF订单号\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="recharge-20260101.csv"' },
      });
    }) as never;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(await downloadExport(rechargeApi.export, { status: 0, keyword: '138' }, 'fallback.csv')).toBe(true);
    expect(calls[0]!.url).toBe('/admin/recharge/export.do');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ admintoken: 'tok-9', lang: 'zh-CN' });
    expect(String(calls[0]!.init.body)).toBe('status=0&keyword=138');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('lets the request client show a refusal (no raw error, no file)', async () => {
    const f = fakeFetch(() => ({ status: 403, body: { status: 1, msg: '没有权限：rechargelist/export', data: null } }));
    requestEnv.fetch = f.fn as never;
    expect(await downloadExport(rechargeApi.export, {}, 'x.csv')).toBe(false);
    expect(f.calls).toHaveLength(2); // the download, then the same call through the client
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Forbidden', description: '没有权限：rechargelist/export' }),
    );
  });

  it('shows the network notice when the server cannot be reached', async () => {
    requestEnv.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as never;
    expect(await downloadExport(rechargeApi.export, {}, 'x.csv')).toBe(false);
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: '网络错误', description: '网络错误，请稍后刷新页面重试！' }),
    );
  });
});
