import type { SiteStyle } from '@stock-admin/contracts';
import { sessionEndpoints as sessionApi } from '../lib/contracts-lite';
import { badges } from '../lib/badges';
import { call, request } from '../lib/request';
import { setSiteStyle, setUserInfo } from '../lib/session';
import { setStoredUserId } from '../lib/storage';

/** Header counters on load (another issue builds the endpoint; its absence is not an error). */
export const COUNT_PATH = '/admin/system/count.do';

export async function loadCounts(): Promise<void> {
  try {
    const env = await request<Record<string, number>>(COUNT_PATH, { method: 'GET', silent: true });
    badges.seed(env.data);
  } catch {
    /* endpoint missing or refused: counters stay as they are */
  }
}

let inflight: Promise<boolean> | null = null;

/**
 * After sign-in (or a reload with a token): the admin's info with role permissions, the saved site style
 * and the header counters. Resolves false when the info could not be fetched.
 */
export function loadSession(): Promise<boolean> {
  inflight ??= (async () => {
    try {
      const [info, style] = await Promise.all([
        call(sessionApi.info),
        call(sessionApi.getSiteStyle, undefined, { silent: true }).catch((): SiteStyle => ({})),
      ]);
      setSiteStyle(style ?? {}, true);
      setStoredUserId(info.id);
      setUserInfo(info);
      void loadCounts();
      return true;
    } catch {
      return false;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}
