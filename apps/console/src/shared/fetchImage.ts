import { currentLang } from '../lib/i18n';
import { getToken } from '../lib/auth';
import { requestEnv } from '../lib/request';

/**
 * An authenticated image (`/admin/user/file/{key}`) as a blob URL: the file route needs the admintoken
 * header, which an `<img src>` cannot send. Revoke the URL when done.
 */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<string> {
  const headers: Record<string, string> = { lang: currentLang() };
  const token = getToken();
  if (token) headers.admintoken = token;
  const res = await requestEnv.fetch(url, { method: 'GET', headers, signal, credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
