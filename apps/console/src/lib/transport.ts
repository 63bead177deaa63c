/**
 * How the request client reaches the server: fetch, and XMLHttpRequest where an upload reports its progress. The seams
 * tests replace (`requestEnv`) live here.
 */
const NULL_BODY_STATUS = [101, 204, 205, 304];

/**
 * `fetch` with upload progress: XMLHttpRequest (fetch reports none), answering a `Response` like fetch,
 * so the envelope is read by the same code. Rejects like fetch on a network failure or an abort.
 */
export function xhrFetch(url: string, init: RequestInit, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    for (const [k, v] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () =>
      resolve(new Response(NULL_BODY_STATUS.includes(xhr.status) ? null : xhr.responseText, { status: xhr.status || 500 }));
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) return xhr.abort();
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** Seams for tests: the page reload and the clock-driven delay. */
export const requestEnv = {
  reload: () => window.location.reload(),
  fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
  /** Transport of calls that report upload progress. */
  upload: xhrFetch,
};
