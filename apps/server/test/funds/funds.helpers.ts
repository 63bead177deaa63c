import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import type { DomainEvent } from '../../src/app/context.js';
import { post as ledgerPost, verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { createUserSession } from '../../src/modules/users/sessions.js';
import { post, type TestApp } from '../helpers.js';

let seq = 0;

/**
 * An end user straight in the users table (the funds tests only need the row): real-name approved
 * unless told otherwise, optionally under an agent, on a tier, with a bank card.
 */
export async function makeUser(
  t: TestApp,
  o: {
    realState?: number;
    agentId?: number | null;
    layeringId?: number | null;
    pinned?: boolean;
    bank?: boolean;
    tradeLocked?: boolean;
    accountType?: number;
  } = {},
): Promise<number> {
  const phone = `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++seq).padStart(4, '0')}`.slice(0, 11);
  const [u] = rows<{ id: number }>(
    await t.app.ctx.db.execute(sql`
      INSERT INTO users (phone, password_hash, nick_name, real_name, real_state, agent_id, layering_id, layering_pinned, trade_locked, account_type)
      VALUES (${phone + randomBytes(1).toString('hex')}, 'x', ${'u' + seq}, ${'用户' + seq}, ${o.realState ?? 2}, ${o.agentId ?? null},
              ${o.layeringId ?? null}, ${o.pinned ?? false}, ${o.tradeLocked ?? false}, ${o.accountType ?? 0})
      RETURNING id`),
  );
  if (o.bank ?? true) {
    await t.app.ctx.db.execute(sql`
      INSERT INTO user_banks (user_id, bank_name, branch, card_no_sealed, card_last4, holder_name)
      VALUES (${u!.id}, '招商银行', '深圳分行', ${t.app.ctx.secrets.seal('6225880012345678')}, '5678', ${'用户' + seq})`);
  }
  return u!.id;
}

export async function balances(t: TestApp, userId: number) {
  const [b] = rows<{ user_amt: string; enable_amt: string; frozen_amt: string }>(
    await t.app.ctx.db.execute(sql`SELECT user_amt::text, enable_amt::text, frozen_amt::text FROM users WHERE id = ${userId}`),
  );
  return { userAmt: b!.user_amt, enableAmt: b!.enable_amt, frozenAmt: b!.frozen_amt };
}

/** The user's balances equal the sums of their fund records (the ledger invariant), and what they are. */
export async function ledgerSums(t: TestApp, userId: number) {
  const [s] = rows<{ eq: string; en: string; fr: string; n: number }>(
    await t.app.ctx.db.execute(sql`
      SELECT coalesce(sum(equity_delta), 0)::numeric(20,2)::text AS eq, coalesce(sum(enable_delta), 0)::numeric(20,2)::text AS en,
             coalesce(sum(frozen_delta), 0)::numeric(20,2)::text AS fr, count(*)::int AS n
      FROM fund_records WHERE user_id = ${userId}`),
  );
  return { userAmt: s!.eq, enableAmt: s!.en, frozenAmt: s!.fr, records: s!.n };
}

export async function layeringOf(t: TestApp, userId: number) {
  const [u] = rows<{ layering_id: number | null; layering_pinned: boolean }>(
    await t.app.ctx.db.execute(sql`SELECT layering_id, layering_pinned FROM users WHERE id = ${userId}`),
  );
  return { layeringId: u!.layering_id, pinned: u!.layering_pinned };
}

/** An app (`usertoken`) session for the user. */
export async function appToken(t: TestApp, userId: number): Promise<string> {
  return (await createUserSession(t.app.ctx.db, userId, { ip: '127.0.0.1' })).token;
}

/** A form POST to the trading-app API. */
export function appPost(
  t: TestApp,
  url: string,
  body: Record<string, unknown>,
  token: string,
  opts: { lang?: string; json?: boolean } = {},
) {
  const headers: Record<string, string> = { usertoken: token };
  if (opts.lang) headers.lang = opts.lang;
  if (opts.json)
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined) form.append(k, String(v));
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** Gives the user free cash through the ledger (a manual credit). */
export async function credit(t: TestApp, userId: number, amount: string): Promise<void> {
  await ledgerPost(t.app.ctx.db, userId, [{ type: 'manual_credit', amount, note: 'test' }]);
}

/** Asserts-by-return: the user's balances and the sums of their fund records. */
export async function checkLedger(t: TestApp, userId: number) {
  const [b, s] = await Promise.all([balances(t, userId), ledgerSums(t, userId)]);
  return {
    balances: b,
    sums: { userAmt: s.userAmt, enableAmt: s.enableAmt, frozenAmt: s.frozenAmt },
    records: s.records,
    ok: b.userAmt === s.userAmt && b.enableAmt === s.enableAmt && b.frozenAmt === s.frozenAmt,
  };
}

export async function ledgerOk(t: TestApp): Promise<boolean> {
  return (await verifyLedger(t.app.ctx.db)).ok;
}

/** Fund records of a reference (`recharge:12`, `withdraw:3`). */
export async function recordsOf(t: TestApp, reference: string) {
  return rows<{ type: string; amount: string; equity_delta: string; enable_delta: string; frozen_delta: string }>(
    await t.app.ctx.db.execute(
      sql`SELECT type, amount::text, equity_delta::text, enable_delta::text, frozen_delta::text FROM fund_records WHERE reference = ${reference} ORDER BY id`,
    ),
  );
}

/** An agent (top-level, or under `parentId`). */
export async function makeAgent(t: TestApp, parentId?: number): Promise<number> {
  const code = randomBytes(4).toString('hex');
  const [a] = rows<{ id: number }>(
    await t.app.ctx.db.execute(sql`
      INSERT INTO agents (name, phone, password_hash, invite_code, parent_id, path)
      VALUES (${'agent-' + code}, ${'137' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}, 'x', ${code}, ${parentId ?? null}, '{}')
      RETURNING id`),
  );
  await t.app.ctx.db.execute(sql`
    UPDATE agents SET path = coalesce((SELECT p.path FROM agents p WHERE p.id = ${parentId ?? null}), '{}') || ARRAY[${a!.id}::int],
                      level = coalesce((SELECT p.level + 1 FROM agents p WHERE p.id = ${parentId ?? null}), 1)
    WHERE id = ${a!.id}`);
  return a!.id;
}

/** Collects the live notices the domains raise. */
export function captureEvents(t: TestApp): DomainEvent[] {
  const events: DomainEvent[] = [];
  t.app.ctx.hooks.on('notify', (e) => events.push(e));
  return events;
}

/** Opens the withdrawal window all day and sets the other rules to known values. */
export async function openRules(t: TestApp, token: string, patch: Record<string, unknown> = {}) {
  const r = await post(
    t,
    '/admin/paySetting/update.do',
    {
      minRecharge: '100',
      minWithdraw: '100',
      withdrawFeePercent: '0.5',
      withdrawFeeFixed: '2',
      withdrawStart: '00:00',
      withdrawEnd: '24:00',
      maxOpenRechargePerHour: '3',
      ...patch,
    },
    { token },
  );
  if (r.json().status !== 0) throw new Error(r.json().msg);
}

/**
 * The channels of the deposit tests (recharge-orders and recharge-console): `channel` (bank, 200–50,000) in the
 * default tier, `tierChannel` (Alipay, daily cap 1,000) in tier A only. Shared here so that both files start from
 * the same tiers and channels.
 */
export async function rechargeChannels(t: TestApp, token: string) {
  const add = async (body: Record<string, unknown>) => (await post(t, '/admin/channel/add', body, { token })).json().data.id as number;
  const channel = await add({
    type: 'bank',
    name: 'ICBC',
    displayName: '工商银行',
    payeeName: '某公司',
    account: '6222000011112222',
    bankName: '工商银行',
    minAmount: '200',
    maxAmount: '50000',
  });
  const tierChannel = await add({ type: 'alipay', name: 'Ali-A', displayName: '支付宝', account: 'pay@a.com', dailyCap: '1000' });
  const dflt = (await post(t, '/admin/channel/layering/add', { layeringName: '默认', isDefault: true }, { token })).json().data.id;
  const tierA = (await post(t, '/admin/channel/layering/add', { layeringName: 'A' }, { token })).json().data.id;
  await post(t, '/admin/channel/layering/channels/add', { layeringId: dflt, channelIds: String(channel) }, { token });
  await post(t, '/admin/channel/layering/channels/add', { layeringId: tierA, channelIds: String(tierChannel) }, { token });
  return { channel, tierChannel, tierA: tierA as number };
}

/**
 * The deposit calls of a suite (the app and the finance token are its own, read when called): shared by
 * recharge-orders.test.ts and recharge-console.test.ts.
 */
export function depositCalls(app: () => TestApp, finance: () => string) {
  return {
    create: async (tk: string, body: Record<string, unknown>, lang?: string) =>
      (await appPost(app(), '/app/recharge/create.do', body, tk, { lang })).json(),
    confirm: async (id: number, tk = finance(), extra: Record<string, unknown> = {}) =>
      (await post(app(), '/admin/recharge/confirm.do', { id, ...extra }, { token: tk })).json(),
    reject: async (id: number, reason?: string, tk = finance()) =>
      (await post(app(), '/admin/recharge/reject.do', { id, reason }, { token: tk })).json(),
    userWithToken: async (o: Parameters<typeof makeUser>[1] = {}) => {
      const id = await makeUser(app(), o);
      return { id, tk: await appToken(app(), id) };
    },
  };
}

/** The withdrawal calls of a suite: shared by withdraw-requests.test.ts and withdraw-console.test.ts. */
export function withdrawalCalls(app: () => TestApp, finance: () => string) {
  return {
    /** A user with `amount` credited through the ledger, and their app token. */
    richUser: async (amount = '10000', o: Parameters<typeof makeUser>[1] = {}) => {
      const id = await makeUser(app(), o);
      if (amount !== '0') await credit(app(), id, amount);
      return { id, tk: await appToken(app(), id) };
    },
    apply: async (tk: string, body: Record<string, unknown>, lang?: string) =>
      (await appPost(app(), '/app/withdraw/apply.do', body, tk, { lang })).json(),
    review: async (id: number, state: number, extra: Record<string, unknown> = {}, tk = finance()) =>
      (await post(app(), '/admin/withdraw/updateState.do', { id, state, ...extra }, { token: tk })).json(),
  };
}
