import type { Endpoint, InputOf } from '@stock-admin/contracts';
import i18n, { currentLang } from './i18n';
import { getToken } from './auth';
import { feedback } from './feedback';
import { request, requestEnv, toSearchParams } from './request';

/** Exports stream the whole filtered set: longer than the 6 s of ordinary calls. */
export const EXPORT_TIMEOUT_MS = 120_000;

/** `attachment; filename="recharge-20260101.csv"` → `recharge-20260101.csv`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

export const isCsv = (contentType: string | null) => !!contentType && /text\/csv|application\/octet-stream/i.test(contentType);

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers CSV text made in the page (a template, a table under a chart) as a file download. */
export function saveCsvText(name: string, text: string): void {
  save(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

/** Offers a file made in the page (a spreadsheet) as a download. */
export const saveBlob = (name: string, blob: Blob): void => save(blob, name);

/**
 * Downloads the CSV of an export endpoint (POST, form body of the list's filters) with the token and
 * language headers. When the server answers with an envelope instead of a file (refused, signed out,
 * bad filter), the call is repeated through the request client so that the error catalogue shows the
 * exact notice — pages never show raw errors. Resolves true when a file was saved.
 */
export async function downloadExport<E extends Endpoint>(endpoint: E, filters: InputOf<E>, fallbackName: string): Promise<boolean> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    lang: currentLang(),
  };
  const token = getToken();
  if (token) headers.admintoken = token;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), EXPORT_TIMEOUT_MS);
  let res: Response;
  try {
    res = await requestEnv.fetch(endpoint.path, {
      method: 'POST',
      headers,
      body: toSearchParams(filters).toString(),
      signal: ctrl.signal,
      credentials: 'same-origin',
    });
    if (res.ok && isCsv(res.headers.get('content-type'))) {
      const blob = await res.blob();
      save(blob, filenameOf(res.headers.get('content-disposition'), fallbackName));
      return true;
    }
  } catch {
    feedback.notification.error({
      message: i18n.t('request.networkTitle'),
      description: i18n.t('request.networkDesc'),
      key: 'network-error',
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
  // Not a file: let the request client read the answer and show what the catalogue says.
  try {
    await request(endpoint.path, { method: 'POST', data: filters });
  } catch {
    /* shown by the client */
  }
  return false;
}
