import { gradientPng } from '../../src/lib/png.js';
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/verify.js';
import { post, signedIn, type TestApp } from '../helpers.js';

let phoneSeq = randomInt(0, 1_000_000);
/** A fresh, valid mainland phone number (unique within the process). */
export const newPhone = () => `13${String(randomInt(0, 10))}${String(++phoneSeq % 100_000_000).padStart(8, '0')}`;

/** A valid tiny PNG (1×1). */
/** A small real PNG (a 4 × 2 gradient). */
export function tinyPng(): Buffer {
  return gradientPng(4, 2, [255, 0, 0], [0, 0, 255]);
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart POST with fields and files. */
export function postMultipart(
  t: TestApp,
  url: string,
  fields: Record<string, string | number | FilePart>,
  opts: { token?: string; usertoken?: string; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----test${randomInt(1e9)}`;
  const parts: Buffer[] = [];
  for (const [name, v] of Object.entries(fields)) {
    if (typeof v === 'object') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${v.filename}"\r\nContent-Type: ${v.contentType}\r\n\r\n`,
        ),
        v.data,
        Buffer.from('\r\n'),
      );
    } else parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (opts.token) headers.admintoken = opts.token;
  if (opts.usertoken) headers.usertoken = opts.usertoken;
  if (opts.lang) headers.lang = opts.lang;
  return t.app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts) });
}

/** A POST of the app API with a usertoken. */
export function appPost(
  t: TestApp,
  url: string,
  body: Record<string, unknown> = {},
  opts: { usertoken?: string; lang?: string; ip?: string; json?: boolean } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.usertoken) headers.usertoken = opts.usertoken;
  if (opts.lang) headers.lang = opts.lang;
  return t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body), remoteAddress: opts.ip });
}

/** Registers an app user; returns its id, phone, password and usertoken. */
export async function appUser(t: TestApp, extra: { inviteCode?: string; phone?: string; password?: string } = {}) {
  const phone = extra.phone ?? newPhone();
  const password = extra.password ?? 'user-pass-1';
  const r = (await appPost(t, '/app/user/register.do', { phone, password, inviteCode: extra.inviteCode })).json();
  if (r.status !== 0) throw new Error(`register failed: ${r.msg}`);
  return { id: r.data.id as number, phone, password, usertoken: r.data.token as string };
}

/** Calls an admin endpoint and expects success; returns data. */
export async function ok(t: TestApp, url: string, body: Record<string, unknown>, token: string) {
  const r = (await post(t, url, body, { token, json: true })).json();
  if (r.status !== 0) throw new Error(`${url} failed: ${r.status} ${r.msg}`);
  return r.data;
}

/** Creates an agent through the API (as a platform admin token). */
export async function makeAgentViaApi(t: TestApp, token: string, extra: Record<string, unknown> = {}) {
  return ok(
    t,
    '/admin/agent/add.do',
    { name: `Agent ${randomInt(1e6)}`, phone: newPhone(), password: 'agent-pass', ...extra },
    token,
  ) as Promise<{
    id: number;
    inviteCode: string;
    path: number[];
    level: number;
  }>;
}

/**
 * A small agent tree for scoping tests: A with its sub-agent A1, a separate agent B, a platform admin and
 * agent staff of A (who may see A and A1 only). Agent names start with `prefix`.
 */
export async function agentTree(t: TestApp, prefix: string) {
  const admin = await signedIn(t, 'admin');
  const A = await makeAgentViaApi(t, admin.token, { name: `${prefix}A` });
  const A1 = await makeAgentViaApi(t, admin.token, { name: `${prefix}A1`, parentId: A.id });
  const B = await makeAgentViaApi(t, admin.token, { name: `${prefix}B` });
  const staff = await signedIn(t, 'agent', { agentId: A.id });
  return { admin, A, A1, B, staff };
}

/** The ledger invariant holds on the test database. */
export async function expectLedgerBalanced(t: TestApp) {
  const report = await verifyLedger(t.app.ctx.db);
  expect(report.offenders).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}

/**
 * The console calls of a users suite (the app and the admin token are its own, read when called): shared by
 * users-accounts.test.ts and users-money-identity.test.ts.
 */
export function userCalls(app: () => TestApp, adminToken: () => string) {
  const png = () => ({ filename: 'a.png', contentType: 'image/png', data: tinyPng() });
  return {
    call: (url: string, body: Record<string, unknown>, token = adminToken(), lang?: string) =>
      post(app(), url, body, { token, json: true, lang }).then((r) => r.json()),
    submitReal: (usertoken: string, realName = '测试') =>
      postMultipart(
        app(),
        '/app/user/realName.do',
        { realName, idNumber: '110105194912310021', idFront: png(), idBack: png() },
        { usertoken },
      ),
  };
}
