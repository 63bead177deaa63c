import '../styles/list.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ProTable,
  type ActionType,
  type ColumnsState,
  type ParamsType,
  type ProColumns,
  type ProTableProps,
} from '@ant-design/pro-components';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { getStoredUserId } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { keyboardActions } from './keyboard/actionLinks';
import { ShortcutHelp, ShortcutHelpButton } from './keyboard/ShortcutHelp';
import { useRowKeyboard } from './keyboard/useRowKeyboard';
import { FilterDrawer } from './FilterDrawer';
import { Fields, ListCard } from './ListCard';
import {
  activeFilterCount,
  changedRows,
  columnName,
  defaultColumnsState,
  hiddenColumns,
  inTable,
  isActions,
  namedColumns,
  pick,
  type ListLayout,
} from './layout';
import { useLiveRefresh } from './useLiveRefresh';
import { useLivePatch, type LivePatch } from './useLivePatch';

/** How long a row changed by someone else stays highlighted. */
export const CHANGED_ROW_MS = 2500;

export type ListTableProps<T, P extends ParamsType> = Omit<ProTableProps<T, P>, 'actionRef'> & {
  /** The table's actions (reload…); the list keeps its own when the page needs none. */
  actionRef?: React.MutableRefObject<ActionType | undefined>;
  /** The columns an operator must see and the phone card. */
  layout: ListLayout;
  /** Live events that refresh the list where it stands (page, filters, selection kept; changed rows flash). */
  live?: readonly RoutedEventType[];
  /**
   * Of those, the events naming one row (`data.id`) that the row can show: a row on screen is read alone and patched in
   * place at once; the list reloads whole for the rest, at most every 5 s while they keep coming (issue 64).
   */
  livePatch?: LivePatch<T>;
  /** The fields of a row that a live quote moves on screen: a reload that changed only those does not flash it. */
  liveFields?: readonly (keyof T & string)[];
};

const storageKey = (id: string) => `list-columns:${getStoredUserId() ?? 0}:${id}`;

function readState(id: string): Record<string, ColumnsState> | null {
  try {
    const raw = window.localStorage.getItem(storageKey(id));
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, ColumnsState>) : null;
  } catch {
    return null;
  }
}
function writeState(id: string, state: Record<string, ColumnsState>): void {
  try {
    window.localStorage.setItem(storageKey(id), JSON.stringify(state));
  } catch {
    /* storage off: the settings last this visit */
  }
}

/**
 * THE operator list (issue 39) — ProTable with the list's layout:
 * - at a desk, the must-see columns shown and the others hidden, read in the row's expansion; the column settings
 *   (show, order, pin) remembered per operator and list; a horizontal scrollbar that stays at the window's bottom
 *   while a table is still wider than its box;
 * - on a phone (below `md`), each row a card (heading, key fields, 更多, actions) and the filters in a drawer behind
 *   one button that counts them; the selection and its batch bar as on a desk;
 * - with `live`, anyone's change refreshes the list in place, and the rows that changed flash;
 * - worked by keyboard (./keyboard): ↑/↓ between rows, Enter opens one, the row's actions reached by Tab and by
 *   their letters (A 通过, R 驳回 …), `?` lists the keys; the letters off when the operator says so.
 * Any other ProTable prop is passed on.
 */
export function ListTable<T extends object, P extends ParamsType = ParamsType>({
  layout,
  live,
  livePatch,
  liveFields,
  columns: given = [],
  request,
  rowClassName,
  searchFormRender,
  onSubmit,
  onReset,
  search,
  actionRef: givenRef,
  toolBarRender,
  onRow,
  ...table
}: ListTableProps<T, P>) {
  const { t } = useTranslation();
  const letters = useSession().siteStyle.shortcuts !== false;
  const keys = useRowKeyboard(letters);
  const keyOf = (r: T): unknown =>
    typeof table.rowKey === 'function' ? table.rowKey(r) : (r as Record<string, unknown>)[(table.rowKey as string | undefined) ?? 'id'];
  const ownRef = useRef<ActionType>(undefined);
  const actionRef = givenRef ?? ownRef;
  const phone = Grid.useBreakpoint().md === false;
  // the actions column's links made for the keyboard (Tab, Enter, their letters)
  const columns = useMemo(
    () =>
      namedColumns(given).map((c) => {
        const render = c.render;
        return isActions(c) && render
          ? { ...c, render: (...args: Parameters<typeof render>) => keyboardActions(render(...args) as React.ReactNode, { t, letters }) }
          : c;
      }),
    [given, t, letters],
  );
  const defaults = useMemo(() => defaultColumnsState(columns, layout), [columns, layout]);
  const [stored, setStored] = useState(() => readState(layout.id));
  const state = useMemo(() => ({ ...defaults, ...stored }), [defaults, stored]);
  const hidden = useMemo(() => hiddenColumns(columns, state), [columns, state]);

  const [filterCount, setFilterCount] = useState(0);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // live refresh: the rows of the last load, and those that changed in a refresh
  const lastRows = useRef<T[]>([]);
  const liveLoad = useRef(false);
  const [flash, setFlash] = useState<Set<unknown>>(new Set());
  // a live reload never races a load already under way (the operator's search, a page change): ProTable would let the
  // later of the two win, and a reload begun with the filters of before the search could show their rows under it.
  // It waits for that load to end and then reads with the filters it settled on.
  const loading = useRef(0);
  const reloadWhenIdle = useRef(false);
  // A live reload is silent: no spinner over the rows and 查询 stays clickable. ProTable shows its loading on the
  // search button too, and antd's button ignores a click while it spins, so an operator's search made during a
  // reload was lost. Only the loads the operator asked for (first load, search, paging, 刷新) show loading.
  const asked = useRef(0);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const liveReload = () => {
    if (loading.current > 0) {
      reloadWhenIdle.current = true;
      return;
    }
    liveLoad.current = true;
    void actionRef.current?.reload();
  };
  // a patched list's rows are held (ProTable's dataSource, controlled) so that one row can be put in place: by the page
  // when it holds them already (the buy lists, which lay the live quotes over them), else here
  const [patched, setPatched] = useState<T[]>();
  const ownRows = !!livePatch && !table.onDataSourceChange;
  const putRows = (rows: T[]) => (ownRows ? setPatched(rows) : table.onDataSourceChange?.(rows));
  const claim = useLivePatch(livePatch as LivePatch<T & { id: number }> | undefined, {
    shown: () => lastRows.current as (T & { id: number })[],
    apply: (found) => {
      const byId = new Map(found.map((r) => [r.id, r as T]));
      const before = lastRows.current as unknown as { id: number }[];
      const next = lastRows.current.map((r) => byId.get((r as { id: number }).id) ?? r);
      lastRows.current = next;
      putRows(next);
      const changed = changedRows(before, next as unknown as { id: number }[], liveFields);
      if (changed.size) setFlash(changed);
    },
    miss: liveReload,
  });
  useLiveRefresh(live, liveReload, undefined, { claim });
  useEffect(() => {
    if (!flash.size) return;
    const timer = setTimeout(() => setFlash(new Set()), CHANGED_ROW_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const fixed = Object.keys(table.params ?? {});
  const wrapped: ProTableProps<T, P>['request'] = request
    ? async (params, sort, filter) => {
        setFilterCount(activeFilterCount(params, fixed));
        const live = liveLoad.current;
        liveLoad.current = false;
        const gen = ++latest.current;
        loading.current += 1;
        if (!live && ++asked.current === 1) setBusy(true);
        let res: Awaited<ReturnType<typeof request>>;
        try {
          res = await request(params, sort, filter);
        } finally {
          loading.current -= 1;
          if (!live && --asked.current === 0) setBusy(false);
          if (loading.current === 0 && reloadWhenIdle.current) {
            reloadWhenIdle.current = false;
            setTimeout(liveReload, 0);
          }
        }
        // A load overtaken by a later one is dropped: ProTable's abort only stops waiting for it, and the answer, if it
        // came last, would still be shown — the rows of the filters before the search. `success: false` is its way
        // to keep what is shown.
        if (gen !== latest.current) return { data: [], success: false };
        const rows = (res.data ?? []) as T[];
        if (live) {
          const changed = changedRows(lastRows.current as unknown as { id: number }[], rows as unknown as { id: number }[], liveFields);
          if (changed.size) setFlash(changed);
        }
        lastRows.current = rows;
        return res;
      }
    : undefined;

  const rowClass = (r: T, i: number, indent: number) =>
    [
      typeof rowClassName === 'function' ? rowClassName(r, i, indent) : rowClassName,
      flash.has((r as { id?: unknown }).id) ? 'list-row-changed' : '',
    ]
      .filter(Boolean)
      .join(' ');

  const actions = columns.find(isActions);
  const phoneColumns = useMemo<ProColumns<T>[]>(() => {
    const head = pick(columns, layout.card.head);
    const fields = pick(columns, layout.card.fields);
    const shown = new Set([...layout.card.head, ...layout.card.fields]);
    const rest = columns.filter((c) => inTable(c) && !isActions(c) && !shown.has(columnName(c) ?? ''));
    return [
      // the search fields stay (the drawer's form), out of the table
      ...columns.map((c) => ({ ...c, hideInTable: true })),
      {
        key: '__card',
        search: false,
        render: (_, r, i) => <ListCard r={r} index={i} head={head} fields={fields} rest={rest} actions={actions} />,
      },
    ];
  }, [columns, layout, actions]);

  const change = (next: Record<string, ColumnsState>) => {
    setStored(next);
    writeState(layout.id, next);
  };
  // every row's checkbox is named for a screen reader (issue 65: antd leaves it unnamed), with the list's own props kept
  const selection = table.rowSelection;
  const rowSelection = selection
    ? {
        ...selection,
        getCheckboxProps: (r: T) => ({
          'aria-label': t('list.selectRow', { key: keyOf(r) }),
          ...selection.getCheckboxProps?.(r),
        }),
      }
    : selection;
  const common = {
    ...table,
    rowSelection,
    actionRef,
    // one ProTable across a desk and a phone: it must keep a columns state in both (it reads one on every render)
    columnsState: { value: state, defaultValue: defaults, onChange: change },
    request: wrapped,
    ...(ownRows && { dataSource: patched, onDataSourceChange: setPatched }),
    loading: table.loading ?? busy,
    rowClassName: rowClass,
    onRow: (r: T, i?: number) => ({ ...onRow?.(r, i), ...keys.rowProps(i ?? 0) }),
    toolBarRender:
      toolBarRender === false
        ? (false as const)
        : (...args: Parameters<Exclude<typeof toolBarRender, false | undefined>>) => [
            ...(toolBarRender?.(...args) ?? []),
            ...(letters ? [<ShortcutHelpButton key="keys" onOpen={() => keys.setHelpOpen(true)} />] : []),
          ],
    onSubmit: (p: P) => {
      setFiltersOpen(false);
      onSubmit?.(p);
    },
    onReset: () => {
      setFiltersOpen(false);
      onReset?.();
    },
  };

  const wrap = (table: React.ReactNode) => (
    <div ref={keys.root} className="list-keyboard" onKeyDown={keys.onKeyDown}>
      {/* past the search form, to the rows (seen only when Tab reaches it) */}
      <button type="button" className="list-skip" onClick={keys.focusActive}>
        {t('list.skipToRows')}
      </button>
      {table}
      <ShortcutHelp open={keys.helpOpen} onClose={() => keys.setHelpOpen(false)} />
    </div>
  );

  if (phone) {
    return wrap(
      <ProTable<T, P>
        {...common}
        className={['list-table list-table-phone', table.className].filter(Boolean).join(' ')}
        columns={phoneColumns}
        showHeader={false}
        search={search === false ? false : { ...search, defaultCollapsed: false, collapseRender: false, span: 24 }}
        searchFormRender={(props, dom) => (
          <FilterDrawer count={filterCount} open={filtersOpen} setOpen={setFiltersOpen}>
            {searchFormRender ? searchFormRender(props, dom) : dom}
          </FilterDrawer>
        )}
        scroll={undefined}
        expandable={undefined}
        options={{ reload: true, density: false, setting: false }}
      />,
    );
  }

  // At a desk the must-see columns fit the window: each takes its content's width (a list's widths were set for a
  // table that scrolled), nothing is pinned left; the actions keep their width, pinned right.
  // (`data-col` names each header and body cell for the browser tests)
  const deskColumns = columns.map((c) => ({
    ...c,
    ...(!isActions(c) && { width: undefined, fixed: c.fixed === 'left' ? undefined : c.fixed }),
    onHeaderCell: () => ({ 'data-col': columnName(c) }) as React.HTMLAttributes<HTMLElement>,
    onCell: (r: T, i?: number) => ({ ...c.onCell?.(r, i), 'data-col': columnName(c) }) as React.HTMLAttributes<HTMLElement>,
  }));
  return wrap(
    <ProTable<T, P>
      size="middle"
      scroll={{ x: 'max-content' }}
      sticky={{ offsetHeader: 0 }}
      {...common}
      className={['list-table', table.className].filter(Boolean).join(' ')}
      columns={deskColumns}
      search={search}
      searchFormRender={searchFormRender}
      // a list's own expansion (an agent's sub-agents) wins; hidden columns are then shown through the settings
      expandable={
        table.expandable ??
        (hidden.length
          ? {
              expandedRowRender: (r: T, i: number) => <Fields columns={hidden} r={r} index={i} className="list-row-more" />,
              columnWidth: 36,
            }
          : undefined)
      }
    />,
  );
}
