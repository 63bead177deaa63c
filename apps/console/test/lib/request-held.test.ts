import { beforeEach, describe, expect, it } from 'vitest';
import { usersApi } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { setToken } from '../../src/lib/auth';
import { call, requestEnv, RequestError } from '../../src/lib/request';
import { fakeFetch, ok, spyFeedback } from '../helpers';
beforeEach(async () => {
  await changeLang('zh-CN');
  setToken('tok-held', Date.now() + 3600_000);
});

const HELD_MSG = '已提交复核，等待另一位管理员批准';

describe('a guarded call held for a second administrator (issue 49)', () => {
  it("ends as a `held` RequestError (the caller's done path does not run) and tells the operator", async () => {
    const fb = spyFeedback();
    requestEnv.fetch = fakeFetch(() => ok({ approval: { id: 7, status: 'pending' } }, HELD_MSG)).fn as never;
    const err = await call(usersApi.updateAmt, { userId: 1, amt: '60000', direction: 0, note: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).kind).toBe('held');
    expect((err as RequestError).data).toEqual({ approval: { id: 7, status: 'pending' } });
    expect(fb.notification.info).toHaveBeenCalledWith(expect.objectContaining({ message: HELD_MSG }));
  });

  it('returns the data of a call that ran', async () => {
    spyFeedback();
    const data = { userId: 1, userAmt: '1.00', enableAmt: '1.00', frozenAmt: '0.00', recordId: 3 };
    requestEnv.fetch = fakeFetch(() => ok(data)).fn as never;
    await expect(call(usersApi.updateAmt, { userId: 1, amt: '1', direction: 0, note: 'x' })).resolves.toEqual(data);
  });
});
