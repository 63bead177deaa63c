import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usersApi } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { setToken } from '../../src/lib/auth';
import { call, consoleBuild, requestEnv, resetUnavailable } from '../../src/lib/request';
import { fakeFetch, ok, spyFeedback } from '../helpers';

/** Issue 61: a console of an older build talking to a server that serves a newer one asks for a reload, once. */
const realReload = requestEnv.reload;
afterEach(() => {
  requestEnv.reload = realReload;
  consoleBuild.own = null;
  resetUnavailable();
});
beforeEach(async () => {
  await changeLang('zh-CN');
  setToken('tok-version', Date.now() + 3600_000);
  consoleBuild.own = 1_700_000_000_000;
});

const answering = (build: string) =>
  fakeFetch(() => ({ ...ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }), headers: { 'x-console-build': build } })).fn as never;
const list = () => call(usersApi.list, { pageNum: 1, pageSize: 10 });

describe('a new version deployed under an open console', () => {
  it('says so once, in both languages, and reloads when the notice is clicked; the call itself succeeds', async () => {
    const fb = spyFeedback();
    let reloaded = 0;
    requestEnv.reload = () => void reloaded++;
    requestEnv.fetch = answering('1700000000001');
    await expect(list()).resolves.toMatchObject({ total: 0 });
    await list();
    expect(fb.notification.info).toHaveBeenCalledTimes(1);
    const shown = fb.notification.info.mock.calls[0]![0] as { message: string; description: string; onClick: () => void; duration: number };
    expect(shown).toMatchObject({ message: '系统已更新', duration: 0 });
    shown.onClick();
    expect(reloaded).toBe(1);
    resetUnavailable();
    await changeLang('en-US');
    await list();
    expect(fb.notification.info).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'A new version is available' }));
  });

  it('says nothing for the same build or an older one (an instance not yet replaced)', async () => {
    const fb = spyFeedback();
    for (const b of ['1700000000000', '1690000000000', '']) {
      requestEnv.fetch = answering(b);
      await list();
    }
    expect(fb.notification.info).not.toHaveBeenCalled();
  });
});
