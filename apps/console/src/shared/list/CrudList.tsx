import { useRef, useState, type ReactNode } from 'react';
import { Button, Popconfirm, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Access, useAccess } from '../../lib/access';
import { pageOf, tableDefaults } from '../../lib/proTable';
import { tableRequest } from '../tableRequest';
import { ListTable, type ListTableProps } from './ListTable';
import type { ListLayout } from './layout';

/** What the editor (a drawer or a modal) of a CRUD list is given: `record` null for a new one. */
export interface EditorProps<T> {
  open: boolean;
  record: T | null;
  onClose(): void;
  onSaved(): void;
}

/** The list's hands for a page's own columns and extras: reload after a change, open the editor on a row. */
export interface CrudHandle<T> {
  reload(): void;
  edit(record: T | 'new'): void;
}

export interface CrudListProps<T extends { id: number }, D extends { list: T[]; total: number }> {
  /** The page's `data-testid`. */
  testId: string;
  title: ReactNode;
  layout: ListLayout;
  /** The data columns (and search fields); the actions column is added here. */
  columns: (list: CrudHandle<T>) => ProColumns<T>[];
  /** One page of the list: `page` is the server's `{pageNum, pageSize}`, `params` the search form's values. */
  load(page: { pageNum: number; pageSize: number }, params: Record<string, unknown>): Promise<D>;
  /** The add button (the permission's `add` action): its label and test id. */
  add: { label: ReactNode; testId?: string };
  /** Actions before edit and delete on a row (each shown or not by the page). */
  rowActions?: (r: T, list: CrudHandle<T>) => ReactNode[];
  /** The edit link's test id. */
  editTestId?: (r: T) => string;
  /** Delete (the `delete` action): the question, the call, and what to say after it (default: reload only). */
  remove: {
    confirm: (r: T) => ReactNode;
    /** What deleting does beyond the row, under the question. */
    description?: ReactNode;
    run: (r: T) => Promise<unknown>;
    done?: (result: unknown) => void;
  };
  actionsWidth?: number;
  /** Buttons before the add button. */
  toolbar?: (list: CrudHandle<T>) => ReactNode[];
  /** The editor of a row or a new one. */
  Editor: (props: EditorProps<T>) => ReactNode;
  /** More of the page (another modal), given the list's hands. */
  extra?: (list: CrudHandle<T>) => ReactNode;
  /** Whatever else the table takes (no search form, row selection, live refresh, the rows shown). */
  table?: Partial<ListTableProps<T, Record<string, unknown>>>;
}

/**
 * THE list-and-editor page of the console's settings (templates, announcements, message templates, block products,
 * activities): a server-paged ListTable with the list defaults, an add button, edit and delete on each row under their
 * permissions, and one editor for a new record or the row being edited. A page gives its columns, its call and its
 * editor; what differs (a default toggle, a send action, batch delete) comes in through `rowActions`, `toolbar`, `extra`.
 */
export function CrudList<T extends { id: number }, D extends { list: T[]; total: number }>(p: CrudListProps<T, D>) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const list: CrudHandle<T> = { reload: () => void actionRef.current?.reload(), edit: setEditing };

  const actions: ProColumns<T> = {
    title: t('common.actions'),
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    width: p.actionsWidth ?? 140,
    render: (_, r) => [
      ...(p.rowActions?.(r, list) ?? []),
      can('edit') && (
        <a key="edit" onClick={() => setEditing(r)} data-testid={p.editTestId?.(r)}>
          {t('common.edit')}
        </a>
      ),
      can('delete') && (
        <Popconfirm
          key="del"
          title={p.remove.confirm(r)}
          description={p.remove.description && <div style={{ maxWidth: 280 }}>{p.remove.description}</div>}
          onConfirm={() =>
            p.remove.run(r).then((result) => {
              p.remove.done?.(result);
              list.reload();
            })
          }
        >
          <Typography.Link type="danger">{t('common.delete')}</Typography.Link>
        </Popconfirm>
      ),
    ],
  };

  return (
    <div data-testid={p.testId}>
      <ListTable<T>
        {...tableDefaults()}
        search={{ labelWidth: 'auto' }}
        {...p.table}
        actionRef={actionRef}
        rowKey="id"
        columns={[...p.columns(list), actions]}
        headerTitle={p.title}
        layout={p.layout}
        toolBarRender={() => [
          ...(p.toolbar?.(list) ?? []),
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={p.add.testId}>
              {p.add.label}
            </Button>
          </Access>,
        ]}
        request={(params) => tableRequest(() => p.load(pageOf(params), params))}
      />
      <p.Editor
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      {p.extra?.(list)}
    </div>
  );
}
