import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, isGrantable, type Action } from '@stock-admin/contracts';
import zh from '../../../src/locales/zh-CN';
import {
  gridFromEntries,
  gridToPayload,
  grantCount,
  tally,
  toggleCell,
  toggleColumn,
  toggleRow,
  type GridRow,
} from '../../../src/features/roles/lib/permissionGrid';

const rows: GridRow[] = PERMISSION_KEYS.map((key) => ({ key, name: zh.permission[key], grantable: isGrantable(key) }));
const all = () => true;

describe('permission grid ↔ role payload', () => {
  it('reads permission entries into a grid (merging duplicates, actions in catalogue order, unknown actions dropped)', () => {
    const g = gridFromEntries([
      { permissionId: 'userlist', actions: ['query', 'add'] },
      { permissionId: 'userlist', actions: ['edit', 'query', 'fly'] },
      { permissionId: 'loginlog', actions: [] },
    ]);
    expect(g).toEqual({ userlist: ['add', 'edit', 'query'] });
    expect(gridFromEntries(undefined)).toEqual({});
  });

  it('writes the payload in the catalogue order, leaving out empty rows', () => {
    const g = { managelist: ['query'] as Action[], userlist: ['query', 'edit'] as Action[], loginlog: [] as Action[] };
    expect(gridToPayload(g, rows)).toEqual([
      { permissionId: 'userlist', actions: ['edit', 'query'] },
      { permissionId: 'managelist', actions: ['query'] },
    ]);
  });

  it('never grants a super-only power, but keeps what a built-in role already had there', () => {
    const ticked = { operationlog: ['query'] as Action[], userlist: ['query'] as Action[] };
    expect(gridToPayload(ticked, rows)).toEqual([{ permissionId: 'userlist', actions: ['query'] }]);
    const original = { operationlog: ['query', 'export'] as Action[] };
    expect(gridToPayload({ userlist: ['query'] }, rows, original)).toEqual([
      { permissionId: 'userlist', actions: ['query'] },
      { permissionId: 'operationlog', actions: ['query', 'export'] },
    ]);
  });

  it('round-trips a role', () => {
    const entries = [
      { permissionId: 'dashboard', actions: ['query', 'get'] as Action[] },
      { permissionId: 'withdrawallist', actions: ['edit', 'query', 'export'] as Action[] },
    ];
    expect(gridToPayload(gridFromEntries(entries), rows)).toEqual(entries);
  });

  it('toggles cells, rows and columns over editable cells only', () => {
    let g = toggleCell({}, 'userlist', 'query', true);
    expect(g).toEqual({ userlist: ['query'] });
    g = toggleCell(g, 'userlist', 'query', false);
    expect(g).toEqual({});
    const noDelete = (_k: string, a: Action) => a !== 'delete';
    g = toggleRow({ userlist: ['delete'] }, 'userlist', true, noDelete);
    expect(g.userlist).toEqual(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']);
    g = toggleRow(g, 'userlist', false, noDelete);
    expect(g).toEqual({ userlist: ['delete'] });
    const grantableOnly = (k: string) => isGrantable(k);
    g = toggleColumn({}, rows, 'query', true, grantableOnly);
    expect(g.operationlog).toBeUndefined();
    expect(Object.keys(g)).toHaveLength(rows.length - 1);
    expect(grantCount(g)).toEqual({ keys: rows.length - 1, actions: rows.length - 1 });
    expect(toggleColumn(g, rows, 'query', false, all)).toEqual({});
  });

  it('tallies a header checkbox', () => {
    expect(
      tally([
        { checked: true, editable: true },
        { checked: false, editable: true },
      ]),
    ).toEqual({ checked: false, indeterminate: true, disabled: false });
    expect(
      tally([
        { checked: true, editable: true },
        { checked: false, editable: false },
      ]),
    ).toEqual({ checked: true, indeterminate: false, disabled: false });
    expect(tally([{ checked: false, editable: false }])).toEqual({ checked: false, indeterminate: false, disabled: true });
  });
});
