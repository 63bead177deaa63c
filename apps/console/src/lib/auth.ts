/** The token cookie (spec §9: `Access-Token`, expiring with the server's `expireTime`). */
export const TOKEN_COOKIE = 'Access-Token';

export function getToken(): string | null {
  const prefix = `${TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) return decodeURIComponent(c.slice(prefix.length)) || null;
  }
  return null;
}

/** Stores the token until `expireTime` (epoch ms). */
export function setToken(token: string, expireTime: number): void {
  const expires = new Date(expireTime).toUTCString();
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function clearToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
