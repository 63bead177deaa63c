import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconDetail } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { addDays, dayOf } from '../../src/modules/close/statement.js';
import { makeAgent } from '../funds/funds.helpers.js';
import { channelDay } from './recon.helpers.js';
import { multipart } from '../admins/admins-helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 66: statements that made the product say "reconciled" when it was not — a duplicated line hiding a missing
 * deposit of the same amount, a negative amount read as a receipt, lines of other days — and the way back from a day
 * reconciled wrongly: a reopening under dual control, then the corrected file. Each case failed on the code before.
 */
let t: TestApp;
let maker: string;
let checker: string;
let channel: number;
const day = addDays(dayOf(new Date()), -1);
/** e1 and e2: two confirmed deposits of the same amount; e3 another */
const e: { orderNo: string; amount: string }[] = [];
let paid: { orderNo: string; amount: string };

const at = (hhmm: string, onDay = day) => `${onDay} ${hhmm}:00`;
const upload = async (lines: string[], lang = 'zh-CN') =>
  (
    await multipart(
      t,
      '/admin/reconcile/upload.do',
      { channelId: String(channel), day },
      {
        file: {
          filename: 'statement.csv',
          type: 'text/csv',
          data: Buffer.from(['time,reference,amount,direction', ...lines].join('\r\n')),
        },
      },
      { token: maker, lang },
    )
  ).json() as Promise<{ status: number; msg: string; data: ReconDetail }>;
const detail = async () =>
  (await post(t, '/admin/reconcile/detail.do', { channelId: channel, day }, { token: maker })).json().data as ReconDetail;
const fresh = () => t.app.ctx.db.execute(sql`DELETE FROM recon_statements WHERE channel_id = ${channel} AND day = ${day}`);
/** Every line matched by reference: the day reconciles at once. */
const wholeFile = () => [
  ...e.map((o, i) => `${at(`1${i}:00`)},${o.orderNo},${o.amount},in`),
  `${at('15:00')},${paid.orderNo},${paid.amount},out`,
];

beforeAll(async () => {
  t = await createTestApp();
  maker = (await signedIn(t, 'finance')).token;
  checker = (await signedIn(t, 'admin')).token;
  const d = await channelDay(t, maker, day, ['1500.00', '1500.00', '300.00']);
  channel = d.channel;
  e.push(...d.orders);
  paid = d.paid;
}, 60_000);
afterAll(() => t?.close());

const kinds = (d: ReconDetail) => d.items.map((i) => `${i.kind}:${i.orderNo ?? i.statementReference}`).sort();

describe('a statement never reads as reconciled when it is not', () => {
  it('a duplicated line does not hide a missing deposit of the same amount; the corrected file then replaces it', async () => {
    await fresh();
    // e1 twice, e2 (booked at 11:00, the same amount) never reached the channel: the repeat, 10 minutes from e2, was
    // matched to it by amount and the day read as reconciled
    const r = await upload([
      `${at('10:50')},${e[0]!.orderNo},1500.00,in`,
      `${at('10:50')},${e[0]!.orderNo},1500.00,in`,
      `${at('12:00')},${e[2]!.orderNo},300.00,in`,
      `${at('15:00')},${paid.orderNo},800.00,out`,
    ]);
    expect(r.status, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'open', lines: 4, matched: 3, duplicate: 1, platformOnly: 1, statementOnly: 0, open: 2 });
    expect(kinds(r.data)).toEqual(
      [
        `matched:${e[0]!.orderNo}`,
        `duplicate:${e[0]!.orderNo}`,
        `platform_only:${e[1]!.orderNo}`,
        `matched:${e[2]!.orderNo}`,
        `matched:${paid.orderNo}`,
      ].sort(),
    );
    expect(r.data.items.find((i) => i.kind === 'duplicate')).toMatchObject({ line: 3, duplicateOf: 2, orderNo: null });
    // the day is not reconciled, so the bank's corrected file replaces the first
    const corrected = await upload(wholeFile());
    expect(corrected.data).toMatchObject({ status: 'reconciled', matched: 4, duplicate: 0, open: 0 });
  });

  it('a bank reference repeated, and a line naming another order, are never matched by amount', async () => {
    await fresh();
    const r = await upload([
      `${at('10:10')},BANK-1,1500.00,in`,
      `${at('10:10')},BANK-1,1500.00,in`,
      // names the paid withdrawal while saying money in: 1500.00 would have matched e2 by amount
      `${at('11:05')},${paid.orderNo},1500.00,in`,
    ]);
    expect(r.status, r.msg).toBe(0);
    expect(kinds(r.data)).toEqual(
      [
        `matched:${e[0]!.orderNo}`,
        'duplicate:BANK-1',
        `statement_only:${paid.orderNo}`,
        `platform_only:${e[1]!.orderNo}`,
        `platform_only:${e[2]!.orderNo}`,
        `platform_only:${paid.orderNo}`,
      ].sort(),
    );
    expect(r.data.status).toBe('open');
  });

  it('a negative amount under a direction is a reversal, never a receipt', async () => {
    await fresh();
    const r = await upload([...wholeFile(), `${at('16:00')},${e[0]!.orderNo},-1500.00,in`]);
    expect(r.status, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'open', matched: 4, reversal: 1, open: 1 });
    expect(r.data.items.find((i) => i.kind === 'reversal')).toMatchObject({
      statementAmount: '-1500.00',
      direction: 'in',
      line: 6,
      orderNo: null,
    });
    // alone, the reversal matches nothing: e1 is on the platform only
    await fresh();
    const alone = await upload([`${at('10:00')},${e[0]!.orderNo},-1500.00,in`]);
    expect(alone.data).toMatchObject({ status: 'open', matched: 0, reversal: 1, platformOnly: 4 });
    // without a direction column the sign is the direction (a payout), as before
    await fresh();
    const signed = (
      await multipart(
        t,
        '/admin/reconcile/upload.do',
        { channelId: String(channel), day },
        {
          file: {
            filename: 's.csv',
            type: 'text/csv',
            data: Buffer.from(`time,reference,amount\n${at('15:00')},${paid.orderNo},-800.00\n`),
          },
        },
        { token: maker },
      )
    ).json();
    expect(signed.data.items.find((i: { orderNo: string }) => i.orderNo === paid.orderNo)).toMatchObject({
      kind: 'matched',
      direction: 'out',
    });
  });

  it("a line outside the statement's day refuses the file naming the line; the cut-off's hour is allowed", async () => {
    await fresh();
    const next = await upload([...wholeFile(), `${at('09:00', addDays(day, 1))},BANK-9,10.00,in`], 'en-US');
    expect(next).toMatchObject({
      status: 2,
      msg: `Line 6 of the statement: the time is not on ${day} (give or take 60 minutes for the bank's cut-off); nothing was imported`,
    });
    const old = await upload([`${at('10:00', addDays(day, -30))},${e[0]!.orderNo},1500.00,in`, ...wholeFile()]);
    expect(old).toMatchObject({ status: 2, msg: expect.stringContaining('对账单第 2 行：交易时间不在') });
    // nothing was stored by either
    expect((await post(t, '/admin/reconcile/detail.do', { channelId: channel, day }, { token: maker })).json().status).not.toBe(0);
    // 23:30 the evening before and 00:30 after: within the bank's cut-off
    const edges = await upload([
      ...wholeFile(),
      `${at('23:30', addDays(day, -1))},BANK-A,10.00,in`,
      `${at('00:30', addDays(day, 1))},BANK-B,10.00,in`,
    ]);
    expect(edges.data).toMatchObject({ matched: 4, statementOnly: 2 });
  });
});

describe('a day reconciled wrongly is reopened under dual control', () => {
  const reopen = (token: string, reason = '银行更正了对账单：e2 未到账') =>
    post(t, '/admin/reconcile/reopen.do', { channelId: channel, day, reason }, { token, json: true }).then((r) => r.json());

  it('held for a second administrator, the maker cannot approve it; approved, the corrected file replaces the statement', async () => {
    await fresh();
    expect((await upload(wholeFile())).data.status).toBe('reconciled');
    // a reconciled day keeps its file
    expect((await upload(wholeFile())).msg).toContain('已对平');
    const held = await reopen(maker);
    expect(held.status, held.msg).toBe(0);
    const id = held.data.approval.id as number;
    expect((await detail()).status).toBe('reconciled');
    // one pending request per channel-day
    expect((await reopen(maker)).status).toBe(1);
    const own = (await post(t, '/admin/approval/decide.do', { id, approve: true }, { token: maker, json: true })).json();
    expect(own.status).not.toBe(0);
    expect((await detail()).status).toBe('reconciled');
    const ok = (await post(t, '/admin/approval/decide.do', { id, approve: true }, { token: checker, json: true })).json();
    expect(ok.status, ok.msg).toBe(0);
    const d = await detail();
    expect(d).toMatchObject({ status: 'open', reopenReason: '银行更正了对账单：e2 未到账', open: 0 });
    expect(d.reopenedBy).toBeTruthy();
    // the operation log holds the held call and the run on approval
    const [log] = rows<{ n: number }>(
      await t.app.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM operation_log WHERE action = '/admin/reconcile/reopen.do' AND status = 0`,
      ),
    );
    expect(log!.n).toBeGreaterThanOrEqual(1);
    // the corrected file: e2 missing now shows
    const r = await upload(wholeFile().filter((l) => !l.includes(e[1]!.orderNo)));
    expect(r.data).toMatchObject({ status: 'open', platformOnly: 1, reopenedBy: null });
  });

  it('only a reconciled day is reopened; switching the rule off is itself held', async () => {
    const r = await reopen(maker);
    expect(r.status).toBe(0);
    const id = r.data.approval.id as number;
    const decided = (await post(t, '/admin/approval/decide.do', { id, approve: true }, { token: checker, json: true })).json();
    expect(decided.status).toBe(1);
    expect(decided.msg).toContain('尚未对平');
    const rules = (await post(t, '/admin/approval/ruleList.do', {}, { token: checker, json: true })).json();
    expect(rules.data.find((x: { operation: string }) => x.operation === 'recon.reopen')).toMatchObject({ enabled: true });
    const off = (
      await post(t, '/admin/approval/ruleUpdate.do', { operation: 'recon.reopen', enabled: false }, { token: checker, json: true })
    ).json();
    expect(off.status, off.msg).toBe(0);
    expect(off.data.held ?? off.data.approval).toBeTruthy();
  });

  it('agent staff are refused reopening and export', async () => {
    const staff = await signedIn(t, 'agent', { agentId: await makeAgent(t) });
    expect((await reopen(staff.token)).status).not.toBe(0);
    const x = await post(t, '/admin/reconcile/export.do', { channelId: channel, day }, { token: staff.token, json: true });
    expect(x.json().status).not.toBe(0);
  });
});

describe('a reference a spreadsheet would run', () => {
  it('is kept as given, and neutralised in the export', async () => {
    await fresh();
    const formula = '=HYPERLINK("http://x.invalid","e")';
    const r = await upload([
      ...wholeFile(),
      `${at('17:00')},"${formula.replaceAll('"', '""')}",12.00,in`,
      `${at('17:01')},@SUM(A1),13.00,in`,
    ]);
    expect(r.status, r.msg).toBe(0);
    expect(r.data.items.map((i) => i.statementReference)).toContain(formula);
    const x = await post(t, '/admin/reconcile/export.do', { channelId: channel, day }, { token: maker, json: true, lang: 'en-US' });
    expect(x.statusCode).toBe(200);
    const text = x.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Kind,Direction,Statement line,Statement time,Reference,Statement amount,Duplicate of line,Platform order,Platform amount,Platform time,User ID,Resolved by,Resolved at,Note',
    );
    expect(lines).toHaveLength(1 + 6);
    expect(text).toContain(`"'=HYPERLINK(""http://x.invalid"",""e"")"`);
    expect(text).toContain(`'@SUM(A1)`);
    expect(text).not.toMatch(/(^|,)"?=/m);
  });
});
