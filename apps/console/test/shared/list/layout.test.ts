import { describe, expect, it } from 'vitest';
import type { ProColumns } from '@ant-design/pro-components';
import {
  activeFilterCount,
  changedRows,
  columnName,
  defaultColumnsState,
  hiddenColumns,
  namedColumns,
  pick,
  type ListLayout,
} from '../../../src/shared/list/layout';

type Row = { id: number; user: string; amount: string; note: string };
const columns: ProColumns<Row>[] = [
  { title: 'phone', dataIndex: 'phone', hideInTable: true },
  { title: 'user', key: 'user' },
  { title: 'amount', dataIndex: 'amount' },
  { title: 'note', dataIndex: ['meta', 'note'] },
  { title: 'actions', key: 'actions', valueType: 'option' },
];
const layout: ListLayout = { id: 't', must: ['user', 'amount'], card: { head: ['user'], fields: ['amount', 'nope'] } };

describe('list layout', () => {
  it('names columns by key, else data index', () => {
    expect(columns.map(columnName)).toEqual(['phone', 'user', 'amount', 'meta.note', 'actions']);
    expect(namedColumns(columns).map((c) => c.key)).toEqual(['phone', 'user', 'amount', 'meta.note', 'actions']);
  });

  it('starts with the must-see columns and the actions shown, the rest hidden; search-only fields untouched', () => {
    const state = defaultColumnsState(columns, layout);
    expect(state).toEqual({ 'meta.note': { show: false } });
    expect(hiddenColumns(columns, state).map(columnName)).toEqual(['meta.note']);
    // an operator's own choice wins: amount hidden, note shown
    expect(hiddenColumns(columns, { ...state, amount: { show: false }, 'meta.note': { show: true } }).map(columnName)).toEqual(['amount']);
  });

  it('picks the card columns in the layout order, leaving unknown names out', () => {
    expect(pick(columns, ['amount', 'user', 'nope', 'phone']).map(columnName)).toEqual(['amount', 'user']);
  });

  it('counts the filters set, not paging, empties or the page fixed params', () => {
    expect(activeFilterCount({ current: 2, pageSize: 20 })).toBe(0);
    expect(activeFilterCount({ current: 1, status: 'pending', phone: '', userId: undefined, time: [undefined, undefined] })).toBe(1);
    expect(activeFilterCount({ status: 'all', direction: 'long', time: ['2026-11-01', '2026-11-02'], kind: 'buy' }, ['kind'])).toBe(3);
  });

  it('finds the rows a refresh changed or brought', () => {
    const a = [
      { id: 1, s: 'pending' },
      { id: 2, s: 'pending' },
    ];
    const b = [
      { id: 1, s: 'approved' },
      { id: 2, s: 'pending' },
      { id: 3, s: 'pending' },
    ];
    expect([...changedRows(a, b)]).toEqual([1, 3]);
    expect(changedRows(b, b).size).toBe(0);
    // the fields a live quote moves are left out when asked: a new price is no change of the row
    const p = [{ id: 1, last: '10.00', pnl: '5.00', locked: false }];
    expect(changedRows(p, [{ id: 1, last: '10.10', pnl: '8.00', locked: false }], ['last', 'pnl']).size).toBe(0);
    expect([...changedRows(p, [{ id: 1, last: '10.10', pnl: '8.00', locked: true }], ['last', 'pnl'])]).toEqual([1]);
    expect([...changedRows(p, [{ id: 1, last: '10.10', pnl: '8.00', locked: false }])]).toEqual([1]);
  });
});
