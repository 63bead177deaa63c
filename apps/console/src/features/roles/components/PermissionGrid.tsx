import { Checkbox, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Action, PermissionCatalogue } from '@stock-admin/contracts';
import { has, tally, toggleCell, toggleColumn, toggleRow, type CellGuard, type Grid, type GridRow } from '../lib/permissionGrid';

/**
 * Permission keys × actions (spec §6). Rows of the super-user's own powers are shown but locked;
 * cells the editing admin does not hold are locked too (the server refuses granting more than you hold).
 */
export function PermissionGrid({
  catalogue,
  value,
  onChange,
  editable,
  readOnly,
  shown,
}: {
  catalogue: PermissionCatalogue;
  value: Grid;
  onChange: (g: Grid) => void;
  editable: CellGuard;
  readOnly?: boolean;
  /** Rows offered (the others are kept as the role has them, unseen). Default: every row. */
  shown?: (key: string) => boolean;
}) {
  const { t } = useTranslation();
  const rows: GridRow[] = shown ? catalogue.permissions.filter((p) => shown(p.key)) : catalogue.permissions;
  const actions = catalogue.actions.map((a) => a.action);
  const can: CellGuard = (k, a) => !readOnly && editable(k, a);

  const columns: TableColumnsType<GridRow> = [
    {
      title: t('roles.grid.permission'),
      dataIndex: 'name',
      fixed: 'left',
      width: 170,
      render: (_, r) => {
        const st = tally(actions.map((a) => ({ checked: has(value, r.key, a), editable: can(r.key, a) })));
        return (
          <Checkbox
            checked={st.checked}
            indeterminate={st.indeterminate}
            disabled={st.disabled}
            onChange={(e) => onChange(toggleRow(value, r.key, e.target.checked, can, actions))}
            data-testid={`grid-row-${r.key}`}
          >
            {r.name}
            {!r.grantable && (
              <Tooltip title={t('roles.grid.superOnlyHint')}>
                <Tag color="purple" style={{ marginInlineStart: 6 }}>
                  {t('roles.grid.superOnly')}
                </Tag>
              </Tooltip>
            )}
          </Checkbox>
        );
      },
    },
    ...catalogue.actions.map(({ action, describe }) => {
      const st = tally(rows.map((r) => ({ checked: has(value, r.key, action), editable: can(r.key, action) })));
      return {
        key: action,
        align: 'center' as const,
        width: 76,
        title: (
          <Checkbox
            checked={st.checked}
            indeterminate={st.indeterminate}
            disabled={st.disabled}
            onChange={(e) => onChange(toggleColumn(value, rows, action as Action, e.target.checked, can))}
            data-testid={`grid-col-${action}`}
          >
            {describe}
          </Checkbox>
        ),
        render: (_: unknown, r: GridRow) => (
          <Checkbox
            checked={has(value, r.key, action)}
            disabled={!can(r.key, action)}
            onChange={(e) => onChange(toggleCell(value, r.key, action, e.target.checked))}
            aria-label={`${r.name} ${describe}`}
            data-testid={`grid-${r.key}-${action}`}
          />
        ),
      };
    }),
  ];

  return (
    <Table<GridRow>
      className="permission-grid"
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 170 + actions.length * 76, y: 420 }}
      rowClassName={(r) => (r.grantable ? '' : 'permission-grid-row-disabled')}
      data-testid="permission-grid"
    />
  );
}
