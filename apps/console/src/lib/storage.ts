import type { Lang } from '@stock-admin/contracts';
import { DEFAULT_LANG, LANGS } from './contracts-lite';

/** Keys the console keeps in localStorage (the relogin path clears them all, spec §8). */
export const STORAGE_KEYS = { lang: 'lang', userId: 'userId', collapsed: 'siderCollapsed' } as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value == null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: keep going in memory */
  }
}

/** The stored language; zh-CN when none is stored (spec §9). */
export function getStoredLang(): Lang {
  const v = read(STORAGE_KEYS.lang);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
}
export const setStoredLang = (lang: Lang) => write(STORAGE_KEYS.lang, lang);

/** The signed-in admin's id (the socket client connects only when a token and this id exist, spec §4). */
export function getStoredUserId(): number | null {
  const v = Number(read(STORAGE_KEYS.userId));
  return Number.isInteger(v) && v > 0 ? v : null;
}
export const setStoredUserId = (id: number | null) => write(STORAGE_KEYS.userId, id == null ? null : String(id));

export const getStoredFlag = (key: string) => read(key) === '1';
export const setStoredFlag = (key: string, on: boolean) => write(key, on ? '1' : null);

export function clearLocalStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
}
