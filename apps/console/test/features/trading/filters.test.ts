import { describe, expect, it } from 'vitest';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ALL,
  formValuesOf,
  orderFiltersOf,
  orderFiltersOfSearch,
  orderSearchOf,
  ordersOfUser,
  urlFiltersOf,
  positionFiltersOf,
  positionFiltersOfSearch,
  positionSearchOf,
  positionSortOf,
  toQuery,
} from '../../../src/features/trading/lib/filters';
import { stockSearchOf } from '../../../src/shared/stockSearch';

describe('positions filters and the URL', () => {
  it('round-trips every filter through the URL', () => {
    const f = {
      userId: '42',
      phone: '138',
      agentId: '3',
      gid: 'sh600000',
      direction: 'short',
      status: 'open',
      locked: 'true',
      startTime: '2026-11-01T00:00:00.000Z',
      endTime: '2026-11-24T15:59:59.000Z',
    };
    const search = positionSearchOf(f);
    expect(search).toBe(
      'userId=42&phone=138&agentId=3&gid=sh600000&direction=short&status=open&locked=true&startTime=2026-11-01T00%3A00%3A00.000Z&endTime=2026-11-24T15%3A59%3A59.000Z',
    );
    expect(positionFiltersOfSearch(search)).toEqual(f);
  });

  it('the search form starts from the URL: the time range as pickers, the agent as its option value', () => {
    const v = formValuesOf(positionFiltersOfSearch('agentId=3&startTime=2026-11-01T00:00:00.000Z&status=closed'));
    expect(v.agentId).toBe(3);
    expect(v.status).toBe('closed');
    const [a, b] = v.time as (Dayjs | undefined)[];
    expect(a!.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(b).toBeUndefined();
    // …and the form's values come back as the same filters
    expect(positionFiltersOf(v)).toEqual({ agentId: '3', status: 'closed', startTime: '2026-11-01T00:00:00.000Z' });
  });

  it('reads the ProTable form: trims text, ISO times from the picker range, bare codes kept', () => {
    const local = '2026-11-24 09:30:00';
    expect(positionFiltersOf({ phone: ' 1380 ', gid: ' 600000 ', time: [local, undefined], current: 2, pageSize: 20 })).toEqual({
      phone: '1380',
      gid: '600000',
      startTime: dayjs(local).toISOString(),
    });
  });

  it('drops what the server would refuse from a hand-edited URL', () => {
    expect(
      positionFiltersOfSearch('userId=abc&agentId=0&direction=up&status=pending&locked=maybe&gid=xx600000&startTime=yesterday'),
    ).toEqual({});
    expect(positionFiltersOfSearch('userId=007&gid=SZ000001')).toEqual({ userId: '7', gid: 'sz000001' });
  });

  it('sorts only by the fields the contract sorts positions by', () => {
    expect(positionSortOf({ pnl: 'descend' })).toEqual({ sortField: 'pnl', sortOrder: 'desc' });
    expect(positionSortOf({ pnlPct: 'ascend' })).toEqual({ sortField: 'pnlPct', sortOrder: 'asc' });
    expect(positionSortOf({ margin: 'ascend' })).toEqual({});
  });
});

describe('order filters and the URL', () => {
  it('the queues open on pending; "all" stays in the URL but is never sent', () => {
    expect(orderFiltersOfSearch('', { defaultStatus: 'pending' })).toEqual({ status: 'pending' });
    const all = orderFiltersOfSearch('status=all&kind=sell', { defaultStatus: 'pending' });
    expect(all).toEqual({ status: ALL, kind: 'sell' });
    expect(orderSearchOf(all)).toBe('kind=sell&status=all');
    expect(toQuery(all)).toEqual({ kind: 'sell' });
    expect(toQuery({ status: 'rejected' })).toEqual({ status: 'rejected' });
  });

  it('round-trips kind, status and the rest', () => {
    const f = { userId: '9', kind: 'buy', status: 'approved', direction: 'long', endTime: '2026-11-24T00:00:00.000Z' };
    expect(orderFiltersOfSearch(orderSearchOf(f))).toEqual(f);
    expect(orderFiltersOf({ kind: 'swap', status: 'done' })).toEqual({});
  });

  it("keeps a queue's default status out of its URL (the badge and the menu open the same tab)", () => {
    const f = orderFiltersOf({}, { defaultStatus: 'pending' });
    expect(f).toEqual({ status: 'pending' });
    expect(orderSearchOf(urlFiltersOf(f, 'pending'))).toBe('');
    expect(urlFiltersOf({ status: 'approved', userId: '9' }, 'pending')).toEqual({ status: 'approved', userId: '9' });
    expect(urlFiltersOf({ status: ALL }, 'pending')).toEqual({ status: ALL });
  });

  it('links a position to the order list of its user', () => {
    expect(ordersOfUser(42)).toBe('/position/orderList?userId=42');
  });
});

describe('stock picker search', () => {
  it('digits search the code, letters the pinyin initials, the rest the name', () => {
    expect(stockSearchOf('6005')).toEqual({ code: '6005' });
    expect(stockSearchOf('sh600519')).toEqual({ code: '600519' });
    expect(stockSearchOf('gzmt')).toEqual({ pinyin: 'GZMT' });
    expect(stockSearchOf('*st')).toEqual({ pinyin: 'ST' });
    expect(stockSearchOf('茅台')).toEqual({ name: '茅台' });
    expect(stockSearchOf('  ')).toEqual({});
  });
});
