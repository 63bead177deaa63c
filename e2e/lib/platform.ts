/**
 * Real activity for the browser specs, through the server's own APIs: the admin API (`admintoken`) and
 * the trading app's user API (`usertoken`), the way the platform's app creates it. Every call checks
 * the envelope and throws with the server's message on `status ≠ 0`.
 *
 *   const boss = await apiLogin(DEMO.super);               // (lib/index.ts) — never the admin a page uses
 *   const u = await verifiedUser(boss, { cash: '5000' });  // registered, real-name approved, card, cash
 *   const restore = await openWithdrawalHours(boss);   // … await restore() when done
 *   const w = await appCall<{ id: number }>(u.token, '/app/withdraw/apply.do', { amount: '1200' });
 */
import { BASE_URL } from './index.ts';

type Body = Record<string, string> | FormData;

async function call<T>(
  base: string,
  header: 'admintoken' | 'usertoken',
  token: string | null,
  path: string,
  body: Body,
  method: 'GET' | 'POST',
): Promise<T> {
  const headers: Record<string, string> = token ? { [header]: token } : {};
  let url = `${base}${path}`;
  let payload: BodyInit | undefined;
  if (method === 'GET') url += `?${new URLSearchParams(body as Record<string, string>)}`;
  else if (body instanceof FormData) payload = body;
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body);
  }
  const r = await fetch(url, { method, headers, body: payload });
  const b = (await r.json()) as { status: number; msg: string; data: T };
  if (b.status !== 0) throw new Error(`${path}: ${b.msg} (status ${b.status})`);
  return b.data;
}

/** An admin API call (`admintoken`). */
export function adminCall<T = unknown>(
  token: string,
  path: string,
  body: Body = {},
  method: 'GET' | 'POST' = 'POST',
  base = BASE_URL,
): Promise<T> {
  return call<T>(base, 'admintoken', token, path, body, method);
}

/** A trading-app API call (`usertoken`; `null` for the public calls). */
export function appCall<T = unknown>(token: string | null, path: string, body: Body = {}, base = BASE_URL): Promise<T> {
  return call<T>(base, 'usertoken', token, path, body, 'POST');
}

/** A 1×1 PNG (the server sniffs uploads, so it must be a real image). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let seq = 0;
/** A phone number no other spec run uses (1 + 3–9 + 9 digits). */
export function uniquePhone(): string {
  seq += 1;
  return `19${String(Date.now() % 1e6).padStart(6, '0')}${String(process.pid % 100).padStart(2, '0')}${seq % 10}`;
}

const REAL_NAMES = ['林晓峰', '陈思远', '王雨桐', '赵一鸣', '周若溪'];

export interface AppUser {
  id: number;
  phone: string;
  token: string;
  realName: string;
}

/** Registers a user in the app (signed in) and submits real-name details with ID photos: pending review. */
export async function userWithRealNamePending(base = BASE_URL): Promise<AppUser> {
  const phone = uniquePhone();
  const { token, id } = await appCall<{ token: string; id: number }>(null, '/app/user/register.do', { phone, password: 'user123' }, base);
  const realName = REAL_NAMES[id % REAL_NAMES.length]!;
  const form = new FormData();
  form.set('realName', realName);
  form.set('idNumber', `11010119900307${String(1000 + (id % 9000)).slice(-4)}`);
  form.set('idFront', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.set('idBack', new Blob([PNG], { type: 'image/png' }), 'back.png');
  await appCall(token, '/app/user/realName.do', form, base);
  return { id, phone, token, realName };
}

/**
 * A user who can withdraw and deposit: registered, real-name approved by `adminToken`, a bank card, and
 * `cash` of free cash credited through the ledger (a manual credit with a note).
 */
export async function verifiedUser(adminToken: string, opts: { cash?: string; base?: string } = {}): Promise<AppUser> {
  const base = opts.base ?? BASE_URL;
  const u = await userWithRealNamePending(base);
  await adminCall(adminToken, '/admin/user/authByAdmin.do', { id: String(u.id), state: '2' }, 'POST', base);
  await appCall(
    u.token,
    '/app/user/bank/save.do',
    { bankName: '招商银行', branch: '上海分行', cardNo: `62258800${String(u.id).padStart(8, '0')}` },
    base,
  );
  if (opts.cash)
    await adminCall(
      adminToken,
      '/admin/user/updateAmt.do',
      { userId: String(u.id), amt: opts.cash, direction: '0', note: 'e2e 入金' },
      'POST',
      base,
    );
  return u;
}

/**
 * Opens withdrawals all day (the default window is 09:00–22:00 Asia/Shanghai), keeping the other rules.
 * Returns a function that puts the rules back as they were (other specs check the pay-settings form).
 */
export async function openWithdrawalHours(adminToken: string, base = BASE_URL): Promise<() => Promise<void>> {
  const s = await adminCall<Record<string, string | number>>(adminToken, '/admin/paySetting/get.do', {}, 'POST', base);
  const keys = [
    'minRecharge',
    'minWithdraw',
    'withdrawFeePercent',
    'withdrawFeeFixed',
    'withdrawStart',
    'withdrawEnd',
    'maxOpenRechargePerHour',
  ];
  const saved = Object.fromEntries(keys.map((k) => [k, String(s[k])]));
  await adminCall(adminToken, '/admin/paySetting/update.do', { ...saved, withdrawStart: '00:00', withdrawEnd: '24:00' }, 'POST', base);
  return async () => void (await adminCall(adminToken, '/admin/paySetting/update.do', saved, 'POST', base));
}

/** The header counters as the server computes them for the admin of `token`. */
export function serverCounts(token: string, base = BASE_URL): Promise<Record<string, number>> {
  return adminCall<Record<string, number>>(token, '/admin/system/count.do', {}, 'GET', base);
}
