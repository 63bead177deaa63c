import type { InputOf } from '@stock-admin/contracts';
import { sessionEndpoints as sessionApi } from '../../lib/contracts-lite';
import { setToken } from '../../lib/auth';
import { call } from '../../lib/request';
import { setUserInfo } from '../../lib/session';
import { setStoredUserId } from '../../lib/storage';

/** Signs in: stores the token (cookie, with the server's expiry) and the admin id; the roles load next. */
export async function signIn(input: InputOf<typeof sessionApi.login>, opts: { sent?: Promise<Response> } = {}) {
  const data = await call(sessionApi.login, input, opts);
  setToken(data.token, data.expireTime);
  setStoredUserId(data.id);
  setUserInfo(null);
  return data;
}

/** Server-side sign-out (revokes the token); failures do not stop the local sign-out. */
export async function signOutOnServer(): Promise<void> {
  await call(sessionApi.logout, undefined, { silent: true }).catch(() => undefined);
}
