import { useRef, useState, type ReactNode } from 'react';
import { Button, Popconfirm, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/access';
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
  /** One page of the list: `page` is the server's `{pageNum, pageSize}`, `params` the search form's values, `sort` the
   * sorted column's order (ProTable's). */
  load(page: { pageNum: number; pageSize: number }, params: Record<string, unknown>, sort: Record<string, SortOrder>): Promise<D>;
  /** The add button (the permission's `add` action): its label and test id. */
  add: { label: ReactNode; testId?: string };
  /** Actions before edit and delete on a row (each shown or not by the page). */
  rowActions?: (r: T, list: CrudHandle<T>) => ReactNode[];
  /** Actions between edit and delete, where the page's order puts them there (the spec's tiers: edit, channels, delete). */
  afterEdit?: (r: T, list: CrudHandle<T>) => ReactNode[];
  /** The edit link's test id. */
  editTestId?: (r: T) => string;
  /** Rows that cannot be edited (a built-in record): no edit link. */
  editable?: (r: T) => boolean;
  /** Delete (the `delete` action): the question, the call, and what to say after it (default: reload only). None: the
   * records are never deleted here. */
  remove?: {
    confirm: (r: T) => ReactNode;
    /** What deleting does beyond the row, under the question. */
    description?: (r: T) => ReactNode;
    run: (r: T) => Promise<unknown>;
    done?: (result: unknown) => void;
    /** The delete link's test id. */
    testId?: (r: T) => string;
    /** Rows that cannot be deleted (a default or built-in record): no delete link. */
    when?: (r: T) => boolean;
  };
  /** After every save and delete, beside the reload (another cache that shows these records). */
  onChanged?: () => void;
  /** A failed load, beyond the request client's own message. */
  loadFailed?: (err: unknown) => void;
  /** The page's wrapper class (its stylesheet). */
  className?: string;
  /** False where this operator only reads these records (agent staff on platform-wide settings): no add, edit or delete,
   * whatever the role grants — the server refuses them too. */
  manage?: boolean;
  actionsWidth?: number;
  /** Buttons before the add button. */
  toolbar?: (list: CrudHandle<T>) => ReactNode[];
  /** Buttons after the add button. */
  toolbarAfter?: (list: CrudHandle<T>) => ReactNode[];
  /** The editor of a row or a new one. */
  Editor: (props: EditorProps<T>) => ReactNode;
  /** More of the page (another modal), given the list's hands. */
  extra?: (list: CrudHandle<T>) => ReactNode;
  /** Whatever else the table takes (no search form, row selection, live refresh, the rows shown). */
  table?: Partial<ListTableProps<T, Record<string, unknown>>>;
}

/**
 * THE list-and-editor page of the console (roles, admins, channels, tiers, stocks, indices, issues, spread rules,
 * templates, announcements, activities, message templates, block products): a server-paged ListTable with the list
 * defaults, an add button, edit and delete on each row under their permissions, and one editor for a new record or the
 * row being edited. A page gives its columns, its call and its editor; what differs (a default toggle, a send action,
 * batch delete, live quotes in the rows) comes in through `rowActions`, `toolbar`, `extra` and `table`. A page that
 * cannot use it says why in a `// Not on CrudList:` comment (test/structure/crud-pages.test.ts).
 */
export function CrudList<T extends { id: number }, D extends { list: T[]; total: number }>(p: CrudListProps<T, D>) {
  const { t } = useTranslation();
  const { can: granted } = useAccess();
  const can = (action: 'add' | 'edit' | 'delete') => p.manage !== false && granted(action);
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const list: CrudHandle<T> = {
    reload: () => {
      void actionRef.current?.reload();
      p.onChanged?.();
    },
    edit: setEditing,
  };
  const { remove } = p;

  const actions: ProColumns<T> = {
    title: t('common.actions'),
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    width: p.actionsWidth ?? 140,
    // an operator who may do nothing to a row gets no empty column
    hideInTable: !p.rowActions && !p.afterEdit && !can('edit') && !(remove && can('delete')),
    render: (_, r) => {
      const description = remove?.description?.(r);
      return [
        ...(p.rowActions?.(r, list) ?? []),
        can('edit') && (p.editable?.(r) ?? true) && (
          <a key="edit" onClick={() => setEditing(r)} data-testid={p.editTestId?.(r)}>
            {t('common.edit')}
          </a>
        ),
        ...(p.afterEdit?.(r, list) ?? []),
        remove && can('delete') && (remove.when?.(r) ?? true) && (
          <Popconfirm
            key="del"
            title={remove.confirm(r)}
            description={description && <div style={{ maxWidth: 280 }}>{description}</div>}
            // a refusal is shown by the request client; the row stays
            onConfirm={() =>
              remove.run(r).then(
                (result) => {
                  remove.done?.(result);
                  list.reload();
                },
                () => undefined,
              )
            }
          >
            <Typography.Link type="danger" data-testid={remove.testId?.(r)}>
              {t('common.delete')}
            </Typography.Link>
          </Popconfirm>
        ),
      ];
    },
  };

  return (
    <div data-testid={p.testId} className={p.className}>
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
          can('add') && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={p.add.testId}>
              {p.add.label}
            </Button>
          ),
          ...(p.toolbarAfter?.(list) ?? []),
        ]}
        request={(params, sort) => tableRequest(() => p.load(pageOf(params), params, sort), undefined, p.loadFailed)}
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
