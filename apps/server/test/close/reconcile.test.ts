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
 * Issue 50: a channel's statement of a day against the platform's confirmed deposits and paid withdrawals of that
 * channel — exact matches, a deposit missing from the statement, a line the platform never saw, an amount that differs,
 * a bank reference matched by amount and time, a GBK file, a file with a NUL refused naming its line — and each
 * exception resolved with a note until the channel-day is reconciled.
 */
let t: TestApp;
let token: string;
let channel: number;
const day = addDays(dayOf(new Date()), -1);
const orders: { orderNo: string; amount: string }[] = [];
let paid: { orderNo: string; amount: string };

const at = (hhmm: string) => `${day} ${hhmm}:00`;
const upload = async (csv: string | Uint8Array, name = 'statement.csv', lang = 'zh-CN', onDay = day) =>
  (
    await multipart(
      t,
      '/admin/reconcile/upload.do',
      { channelId: String(channel), day: onDay },
      { file: { filename: name, type: 'text/csv', data: Buffer.from(csv) } },
      { token, lang },
    )
  ).json() as Promise<{ status: number; msg: string; data: ReconDetail }>;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
  // three deposits confirmed through the console, then dated into yesterday (the day reconciled)
  const d = await channelDay(t, token, day, ['1000.00', '2500.50', '300.00']);
  channel = d.channel;
  orders.push(...d.orders);
  paid = d.paid;
}, 60_000);
afterAll(() => t?.close());

const kinds = (d: ReconDetail) => d.items.map((i) => `${i.kind}:${i.orderNo ?? i.statementReference}`).sort();

describe('the three lists', () => {
  it('every line matched by reference: reconciled at once', async () => {
    const csv = [
      'time,reference,amount,direction',
      ...orders.map((o, i) => `${at(`1${i}:00`)},${o.orderNo},${o.amount},in`),
      `${at('15:00')},${paid.orderNo},${paid.amount},out`,
    ].join('\n');
    const r = await upload(csv);
    expect(r.status, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'reconciled', matched: 4, statementOnly: 0, platformOnly: 0, amountDiff: 0, open: 0 });
  });

  it('a missing deposit, an extra line, an amount that differs, and a bank reference matched by amount and time', async () => {
    // a reconciled channel-day keeps its file (the last test shows it): this case starts the day afresh
    await t.app.ctx.db.execute(sql`DELETE FROM recon_statements WHERE channel_id = ${channel} AND day = ${day}`);
    const csv = [
      'time,reference,amount,direction',
      `${at('10:00')},${orders[0]!.orderNo},${orders[0]!.amount},in`,
      // the bank's own reference: matched by the amount within the window
      `${at('11:10')},BANK-778812,2500.50,in`,
      // the platform's deposit 3 is missing; this line the platform never saw
      `${at('13:00')},BANK-000999,777.00,in`,
      // paid 800, the bank says 799
      `${at('15:00')},${paid.orderNo},799.00,out`,
    ].join('\r\n');
    const r = await upload(csv);
    expect(r.status, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'open', matched: 2, statementOnly: 1, platformOnly: 1, amountDiff: 1, open: 3 });
    expect(kinds(r.data)).toEqual(
      [
        `matched:${orders[0]!.orderNo}`,
        `matched:${orders[1]!.orderNo}`,
        `platform_only:${orders[2]!.orderNo}`,
        'statement_only:BANK-000999',
        `amount_diff:${paid.orderNo}`,
      ].sort(),
    );
    const diff = r.data.items.find((i) => i.kind === 'amount_diff')!;
    expect(diff).toMatchObject({ statementAmount: '799.00', platformAmount: '800.00', line: 5, direction: 'out' });
  });

  it('each exception resolved with a note (audited); then the channel-day is reconciled and its file no longer replaced', async () => {
    const d = (await post(t, '/admin/reconcile/detail.do', { channelId: channel, day }, { token })).json().data as ReconDetail;
    const open = d.items.filter((i) => i.kind !== 'matched');
    const matched = d.items.find((i) => i.kind === 'matched')!;
    const refused = (await post(t, '/admin/reconcile/resolve.do', { id: matched.id, note: 'x' }, { token })).json();
    expect(refused).toMatchObject({ status: 1, msg: '已匹配的记录无需处理' });
    const empty = (await post(t, '/admin/reconcile/resolve.do', { id: open[0]!.id, note: ' ' }, { token, lang: 'en-US' })).json();
    expect(empty.status).toBe(2);
    expect(empty.msg).toContain('note');
    let last: ReconDetail | undefined;
    for (const it of open) {
      const r = (await post(t, '/admin/reconcile/resolve.do', { id: it.id, note: '已与银行核实' }, { token })).json();
      expect(r.status, r.msg).toBe(0);
      last = r.data;
    }
    expect(last).toMatchObject({ status: 'reconciled', open: 0 });
    expect(last!.items.filter((i) => i.kind !== 'matched').every((i) => i.note === '已与银行核实' && i.resolvedBy)).toBe(true);
    const [log] = rows<{ n: number }>(
      await t.app.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM operation_log WHERE action = '/admin/reconcile/resolve.do' AND status = 0`,
      ),
    );
    expect(log!.n).toBe(open.length);
    const again = await upload(`time,reference,amount,direction\n${at('10:00')},X,1,in`);
    expect(again.status).toBe(1);
    expect(again.msg).toContain('已对平');
  });
});

describe('the file', () => {
  beforeAll(async () => {
    // a fresh channel-day for the file checks: the first one is reconciled
    await t.app.ctx.db.execute(sql`DELETE FROM recon_statements WHERE channel_id = ${channel} AND day = ${day}`);
  });

  it('a GBK file with a Chinese header and 收/付 directions', async () => {
    const text = `交易时间,流水号,金额,收支\r\n${at('10:00')},${orders[0]!.orderNo},1000.00,收\r\n${at('15:00')},${paid.orderNo},800.00,付\r\n`;
    // GBK bytes of the Chinese parts (TextEncoder only writes UTF-8): 交易时间 流水号 金额 收支 收 付
    const gbk: Record<string, number[]> = {
      交: [0xbd, 0xbb],
      易: [0xd2, 0xd7],
      时: [0xca, 0xb1],
      间: [0xbc, 0xe4],
      流: [0xc1, 0xf7],
      水: [0xcb, 0xae],
      号: [0xba, 0xc5],
      金: [0xbd, 0xf0],
      额: [0xb6, 0xee],
      收: [0xca, 0xd5],
      支: [0xd6, 0xa7],
      付: [0xb8, 0xb6],
    };
    const bytes = Uint8Array.from([...text].flatMap((c) => gbk[c] ?? [...Buffer.from(c)]));
    expect(new TextDecoder('gbk').decode(bytes)).toBe(text);
    const r = await upload(bytes, '工行对账单.csv');
    expect(r.status, r.msg).toBe(0);
    expect(r.data).toMatchObject({ lines: 2, matched: 2, platformOnly: 2, statementOnly: 0 });
    expect(r.data.items.find((i) => i.orderNo === paid.orderNo)).toMatchObject({ kind: 'matched', direction: 'out' });
  });

  it('a NUL in a line refuses the file naming that line; a bad amount or direction names its line and field', async () => {
    const nul = await upload(`time,reference,amount,direction\n${at('10:00')},A1,10.00,in\n${at('10:05')},A\u00002,10.00,in\n`);
    expect(nul.status).toBe(2);
    expect(nul.msg).toContain('3');
    const amount = await upload(`time,reference,amount,direction\n${at('10:00')},A1,ten,in\n`, 'a.csv', 'en-US');
    expect(amount).toMatchObject({ status: 2, msg: 'Line 2 of the statement: the amount is not valid; nothing was imported' });
    const dir = await upload(`time,reference,amount,direction\n${at('10:00')},A1,10.00,in\n${at('10:00')},A2,10.00,sideways\n`);
    expect(dir.status).toBe(2);
    expect(dir.msg).toContain('第 3 行');
    const when = await upload(`time,reference,amount,direction\n2026-02-30 10:00,A1,10.00,in\n`);
    expect(when.msg).toContain('交易时间');
    // nothing was stored by a refused file
    const d = (await post(t, '/admin/reconcile/detail.do', { channelId: channel, day }, { token })).json();
    expect(d.data.fileName).toBe('工行对账单.csv');
  });

  it("a day to come cannot be reconciled; an agent's staff are refused", async () => {
    const later = await upload(
      `time,reference,amount,direction\n${at('10:00')},A1,10.00,in\n`,
      'x.csv',
      'zh-CN',
      addDays(dayOf(new Date()), 1),
    );
    expect(later).toMatchObject({ status: 1, msg: expect.stringContaining('尚未到来') });
    const staff = await signedIn(t, 'agent', { agentId: await makeAgent(t) });
    expect((await post(t, '/admin/reconcile/list.do', {}, { token: staff.token })).json().status).not.toBe(0);
  });
});
