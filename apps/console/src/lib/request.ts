import type { DataOf, Endpoint, Envelope, HeldData, InputOf } from '@stock-admin/contracts';
import { isHeld, LOGIN_REQUIRED_MSG_ZH, LOGIN_REQUIRED_MSG_ZH_TW, Status } from './contracts-lite';
import i18n, { currentLang } from './i18n';
import { getToken } from './auth';
import { feedback } from './feedback';
import { signOut } from './session';
import { clearLocalStorage } from './storage';
import { INTENT_RETRY_DELAYS_MS, intentKeyFor } from './intent';
import { requestEnv } from './transport';
import { noticeBuild, unavailable } from './serverNotices';

/**
 * The one HTTP client of the console (DESIGN §6, spec §7–§8).
 *
 * - Headers `admintoken` (the stored token) and `lang` (the console language).
 * - Encodings: `form` (default for POST), `json`, `file` (multipart); GET sends query parameters.
 * - Time-out 6000 ms.
 * - A call that changes something carries its intent's `Idempotency-Key` (lib/intent.ts) and is sent again with
 *   the same key when its answer is lost (network error, time-out, 503): the server acts once and answers the retry
 *   with the first answer.
 * - Every row of the error catalogue is handled here, with its exact texts; pages never show raw errors.
 *
 * `request()` and `call()` resolve only for status 0; any other outcome rejects with a `RequestError`
 * after the notice was shown, so callers (and TanStack Query) only need to stop.
 */

export const REQUEST_TIMEOUT_MS = 6000;
/** Delay before the page reloads after a login-expiry or HTTP 401 (spec §9). */
export const RELOAD_DELAY_MS = 1500;

export type DataType = 'form' | 'json' | 'file';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Body (POST) or query parameters (GET). */
  data?: unknown;
  /** POST encoding; `form` unless told. */
  dataType?: DataType;
  timeout?: number;
  /**
   * The caller handles failures itself: no message for status ≠ 0, no network-error or Forbidden
   * notice. Session-ending answers (login needed, HTTP 401) are always handled.
   */
  silent?: boolean;
  signal?: AbortSignal;
  /** Upload progress, 0…100 (a file upload); the call then goes through XMLHttpRequest, which reports it. */
  onUploadProgress?: (percent: number) => void;
  /** The answer of this very request, already sent before the console started (the plain sign-in form): read, not sent again. */
  sent?: Promise<Response>;
  /** The intent's key (`call()` makes one for every mutation): sent as `Idempotency-Key`, and the call retried with it. */
  idempotencyKey?: string;
}

export type RequestErrorKind = 'status' | 'login' | 'forbidden' | 'unauthorized' | 'network' | 'timeout' | 'unavailable' | 'held';

/** True for a guarded call held for a second administrator (its form is done: the request waits in the queue). */
export const isHeldError = (e: unknown): boolean => e instanceof RequestError && e.kind === 'held';

/** What a guarded call answers: its own data, never the held request (that ends the call as a `held` RequestError). */
export type Done<E> = Exclude<DataOf<E>, HeldData>;

export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** Envelope status, when an envelope arrived. */
    readonly status?: number,
    /** `data` of the envelope (e.g. `{needGoogleCode: true}` on a login that needs the code). */
    readonly data?: unknown,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export { requestEnv, xhrFetch } from './transport';
export { consoleBuild, onServerBack, resetUnavailable, serverUnavailable, UNAVAILABLE_POLL_MS } from './serverNotices';

let sessionEnding = false;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;
/** Test helper: forget that a session-ending notice was shown. */
export function resetSessionEnding(): void {
  sessionEnding = false;
  clearTimeout(reloadTimer);
}

/**
 * Another part of the console tells the operator that the session has ended and leads to the sign-in page itself
 * (the kick-out dialog): a call refused meanwhile neither notifies nor reloads — a reload already planned is called
 * off, as it would take the dialog away before it was read (a call in flight when the session was taken over is
 * refused at the same moment the socket's kick-out arrives, in either order).
 */
export function sessionEndShownElsewhere(): void {
  sessionEnding = true;
  clearTimeout(reloadTimer);
}

const isBlob = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

function scalar(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

/** Form / query encoding: null and undefined are left out, arrays repeat the key, objects go as JSON. */
export function toSearchParams(data: unknown): URLSearchParams {
  if (data instanceof URLSearchParams) return data;
  const out = new URLSearchParams();
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) out.append(k, scalar(item));
    else out.append(k, scalar(v));
  }
  return out;
}

export function toFormData(data: unknown): FormData {
  if (data instanceof FormData) return data;
  const out = new FormData();
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (isBlob(item)) out.append(k, item, (item as File).name ?? 'file');
      else out.append(k, scalar(item));
    }
  }
  return out;
}

function encode(method: 'GET' | 'POST', url: string, data: unknown, dataType: DataType) {
  const headers: Record<string, string> = {};
  if (method === 'GET') {
    const q = toSearchParams(data).toString();
    return { url: q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url, headers, body: undefined };
  }
  if (dataType === 'json') {
    headers['content-type'] = 'application/json';
    return { url, headers, body: JSON.stringify(data ?? {}) };
  }
  if (dataType === 'file') return { url, headers, body: toFormData(data) }; // the browser sets the boundary
  headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return { url, headers, body: toSearchParams(data).toString() };
}

const t = (key: string) => i18n.t(key);

/** Spec §8: the server's "login needed" message in simplified or traditional Chinese, or status 10. */
export function isLoginRequired(body: Partial<Envelope> | undefined): boolean {
  if (!body) return false;
  if (body.status === Status.LOGIN_REQUIRED) return true;
  const msg = typeof body.msg === 'string' ? body.msg : '';
  return msg.includes(LOGIN_REQUIRED_MSG_ZH) || msg.includes(LOGIN_REQUIRED_MSG_ZH_TW);
}

function endSession(title: string, description: string, clearStorage: boolean): void {
  if (sessionEnding) return;
  sessionEnding = true;
  feedback.notification.error({ message: title, description, key: 'session-ended' });
  signOut();
  reloadTimer = setTimeout(() => {
    if (clearStorage) clearLocalStorage();
    requestEnv.reload();
  }, RELOAD_DELAY_MS);
}

function networkError(silent: boolean | undefined): void {
  if (!silent)
    feedback.notification.error({ message: t('request.networkTitle'), description: t('request.networkDesc'), key: 'network-error' });
}

const isEnvelope = (v: unknown): v is Envelope => typeof v === 'object' && v !== null && typeof (v as Envelope).status === 'number';

/** One exchange with the server: its response and parsed body, or the transport's failure (a RequestError). */
async function exchange(url: string, init: RequestInit, opts: RequestOptions): Promise<{ res: Response; body: unknown }> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, opts.timeout ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => ctrl.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const sent = { ...init, signal: ctrl.signal };
    const res = await (opts.sent ??
      (opts.onUploadProgress ? requestEnv.upload(url, sent, opts.onUploadProgress) : requestEnv.fetch(url, sent)));
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { res, body };
  } catch (e) {
    if (opts.signal?.aborted && !timedOut) throw new RequestError('network', 'aborted');
    throw new RequestError(timedOut ? 'timeout' : 'network', timedOut ? 'timeout' : String((e as Error)?.message ?? e));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

const unavailableAnswer = (res: Response, body: unknown) =>
  (isEnvelope(body) && body.status === Status.UNAVAILABLE) || (res.status === 503 && !isEnvelope(body));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'POST';
  const enc = encode(method, url, opts.data, opts.dataType ?? 'form');
  const token = getToken();
  const headers: Record<string, string> = { ...enc.headers, lang: currentLang() };
  if (token) headers.admintoken = token;
  const key = opts.sent ? undefined : opts.idempotencyKey;
  if (key) headers['idempotency-key'] = key;
  const init: RequestInit = { method, headers, body: enc.body, credentials: 'same-origin' };

  let res: Response;
  let body: unknown;
  // an intent with a key is sent again while its answer is lost: the server acts once, whichever copy arrives
  for (let attempt = 0; ; attempt++) {
    const retry = key && attempt < INTENT_RETRY_DELAYS_MS.length ? INTENT_RETRY_DELAYS_MS[attempt] : undefined;
    try {
      ({ res, body } = await exchange(enc.url, init, opts));
      noticeBuild(res.headers.get('x-console-build'));
    } catch (e) {
      // the caller's own abort ends the intent: no retry, no notice
      const userAborted = opts.signal?.aborted === true;
      if (retry !== undefined && !userAborted) {
        await wait(retry);
        continue;
      }
      if (!userAborted) networkError(opts.silent);
      throw e;
    }
    if (retry !== undefined && unavailableAnswer(res, body)) {
      await wait(retry);
      continue;
    }
    break;
  }

  const env = isEnvelope(body) ? body : undefined;
  if (unavailableAnswer(res, body)) {
    unavailable(env?.msg ?? '');
    throw new RequestError('unavailable', env?.msg ?? 'unavailable', env?.status, env?.data, res.status);
  }
  if (res.status === 403) {
    const msg = env?.msg ?? (typeof body === 'object' && body ? String((body as { message?: string }).message ?? '') : '');
    if (!opts.silent) feedback.notification.error({ message: t('request.forbidden'), description: msg, key: 'forbidden' });
    throw new RequestError('forbidden', msg, env?.status, env?.data, 403);
  }
  if (res.status === 401) {
    // A failed sign-in may answer 401 itself; it marks that in its result (spec §8).
    const b = body as { data?: { isLogin?: boolean }; result?: { isLogin?: boolean } } | undefined;
    const failedLogin = !!(b?.result?.isLogin || b?.data?.isLogin);
    if (!failedLogin) endSession(t('request.unauthorized'), t('request.unauthorizedDesc'), false);
    throw new RequestError('unauthorized', env?.msg ?? 'Unauthorized', env?.status, env?.data, 401);
  }
  if (!env) {
    networkError(opts.silent);
    throw new RequestError('network', 'no data', undefined, undefined, res.status);
  }
  if (isLoginRequired(env)) {
    endSession(t('request.reloginTitle'), t('request.reloginDesc'), true);
    throw new RequestError('login', env.msg, env.status, env.data, res.status);
  }
  if (env.status !== Status.OK) {
    if (!opts.silent && env.msg) feedback.message.error(env.msg);
    throw new RequestError('status', env.msg, env.status, env.data, res.status);
  }
  return env as Envelope<T>;
}

export type CallOptions = Omit<RequestOptions, 'method' | 'data'>;

/**
 * Calls an endpoint of `@stock-admin/contracts` and returns its typed `data`:
 * `const info = await call(sessionApi.info)`, `await call(usersApi.list, { pageNum: 1 })`.
 */
export async function call<E extends Endpoint>(endpoint: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<Done<E>> {
  const env = await request<DataOf<E>>(endpoint.path, {
    idempotencyKey: intentKeyFor(endpoint),
    ...opts,
    method: endpoint.method,
    data: input,
  });
  if (endpoint.guard && isHeld(env.data)) {
    // dual control held the call: nothing was done yet, so the caller's "done" path must not run; the operator is
    // told it waits for a second administrator (the approvals queue shows it)
    if (!opts.silent) feedback.notification.info({ message: env.msg, key: `held-${env.data.approval.id}` });
    throw new RequestError('held', env.msg, env.status, env.data);
  }
  return env.data as Done<E>;
}

/** An uploaded file as the contracts describe it: what the server reads from the multipart body. */
type ServerFile = { filename: string; mimetype: string; data: Uint8Array };

/** An upload endpoint's input as the browser sends it: each file field of the contract is a `File`. */
export type UploadInputOf<E> = {
  [K in keyof InputOf<E>]: [NonNullable<InputOf<E>[K]>] extends [ServerFile] ? File | Exclude<InputOf<E>[K], ServerFile> : InputOf<E>[K];
};

/** `call` of a multipart endpoint (`dataType: 'file'`): its file fields are browser `File`s. */
export function upload<E extends Endpoint>(
  endpoint: E,
  input: UploadInputOf<E>,
  opts: Omit<CallOptions, 'dataType'> = {},
): Promise<Done<E>> {
  // The one place a File stands for the contract's server-side file (the request client sends it as multipart).
  return call(endpoint, input as unknown as InputOf<E>, { ...opts, dataType: 'file' });
}
