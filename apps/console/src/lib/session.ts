import type { SiteStyle, UserInfo } from '@stock-admin/contracts';
import { DEFAULT_SITE_STYLE } from './contracts-lite';
import { clearToken } from './auth';
import { setStoredUserId } from './storage';
import { createStore, useStore } from './store';

export type FullSiteStyle = typeof DEFAULT_SITE_STYLE & SiteStyle;

export interface SessionState {
  /** The signed-in admin with role permissions (the "roles"); null until `/api/user/info` answered. */
  info: UserInfo | null;
  /** Theme and layout (spec §9 defaults, overlaid with what the admin saved). */
  siteStyle: FullSiteStyle;
}

export const sessionStore = createStore<SessionState>({ info: null, siteStyle: { ...DEFAULT_SITE_STYLE } });

export const useSession = () => useStore(sessionStore);
export const useUserInfo = () => useStore(sessionStore).info;

export function setUserInfo(info: UserInfo | null): void {
  sessionStore.set((s) => ({ ...s, info }));
}

export function setSiteStyle(style: SiteStyle, replace = false): void {
  sessionStore.set((s) => ({ ...s, siteStyle: { ...DEFAULT_SITE_STYLE, ...(replace ? {} : s.siteStyle), ...style } }));
}

/** Local sign-out: clears the token and the roles (spec §4). The server call, if any, is the caller's. */
export function signOut(): void {
  clearToken();
  setStoredUserId(null);
  sessionStore.set({ info: null, siteStyle: { ...DEFAULT_SITE_STYLE } });
}
