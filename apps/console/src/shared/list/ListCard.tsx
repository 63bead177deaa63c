import { useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { columnName } from './layout';

type Column<T> = ProColumns<T>;

const valueAt = (r: unknown, path: ProColumns['dataIndex']): unknown => {
  if (path == null) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let v: unknown = r;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined;
  return v;
};

/** A column's header as text or node (a title may be a function of the column). */
export function titleOf<T>(c: Column<T>): ReactNode {
  return typeof c.title === 'function' ? (c.title as (...a: unknown[]) => ReactNode)(c, 'table', null) : (c.title as ReactNode);
}

/**
 * A column's cell outside the table (a phone card, a row's expansion): the column's own `render` over the value
 * ProTable would have handed it (its enum text, else the raw value).
 */
export function cellOf<T>(c: Column<T>, r: T, index: number): ReactNode {
  const raw = valueAt(r, c.dataIndex);
  let dom: ReactNode = raw == null || raw === '' ? '-' : (raw as ReactNode);
  if (c.valueEnum && raw != null) {
    const table = typeof c.valueEnum === 'function' ? c.valueEnum(r) : c.valueEnum;
    const item: unknown = table instanceof Map ? table.get(raw as string) : (table as Record<string, unknown>)[String(raw)];
    if (item != null) dom = typeof item === 'object' && 'text' in item ? (item as { text: ReactNode }).text : (item as ReactNode);
  }
  if (!c.render) return typeof dom === 'boolean' ? String(dom) : dom;
  const out = c.render(dom, r, index, undefined as never, c as never) as ReactNode;
  return Array.isArray(out) ? (
    <Space size={12} wrap>
      {out.filter(Boolean)}
    </Space>
  ) : (
    out
  );
}

/** Labelled cells: a phone card's fields, and a row's hidden columns in its expansion. */
export function Fields<T>({ columns, r, index, className }: { columns: Column<T>[]; r: T; index: number; className: string }) {
  return (
    <dl className={className}>
      {columns.map((c) => (
        <div key={columnName(c)} data-field={columnName(c)}>
          <dt>{titleOf(c)}</dt>
          <dd>{cellOf(c, r, index)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A row as a phone card: its heading (who or what, and the status), its key fields, the rest behind 更多字段, and its
 * actions — so an operator never presses 通过 or 强制平仓 without seeing the user, the stock and the amount.
 */
export function ListCard<T>({
  r,
  index,
  head,
  fields,
  rest,
  actions,
}: {
  r: T;
  index: number;
  head: Column<T>[];
  fields: Column<T>[];
  rest: Column<T>[];
  actions: Column<T> | undefined;
}) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  return (
    <div className="list-card" data-testid="list-card">
      <div className="list-card-head">
        {head.map((c) => (
          <div key={columnName(c)} data-field={columnName(c)}>
            {cellOf(c, r, index)}
          </div>
        ))}
      </div>
      <Fields columns={fields} r={r} index={index} className="list-card-fields" />
      {more && <Fields columns={rest} r={r} index={index} className="list-card-fields list-card-rest" />}
      <div className="list-card-actions">
        {actions && <div data-testid="list-card-actions">{cellOf(actions, r, index)}</div>}
        {rest.length > 0 && (
          // a button, not an <a> without href, so the keyboard reaches it; named apart from a row's own 更多 ▾ menu
          <Button type="link" size="small" aria-expanded={more} onClick={() => setMore((m) => !m)} className="list-card-more">
            {t(more ? 'list.fewerFields' : 'list.moreFields')}
          </Button>
        )}
      </div>
    </div>
  );
}
