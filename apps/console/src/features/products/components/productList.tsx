import { Space } from 'antd';
import type { ListTableProps } from '../../../shared/list/ListTable';
import { MarketStatus } from '../../../shared/market/MarketStatus';

/** A product list's title: its name and the market's state beside it. */
export function ProductTitle({ title }: { title: string }) {
  return (
    <Space size={16} wrap>
      <span>{title}</span>
      <MarketStatus />
    </Space>
  );
}

/**
 * What the stock and index lists give their table: the rows with live quotes merged in (kept by the page, so a switch's
 * answer patches its row), the filters opened from the URL, the column settings.
 */
export function liveProductTable<T>(
  live: T[],
  setRows: (rows: T[]) => void,
  initial: Record<string, unknown>,
): Partial<ListTableProps<T, Record<string, unknown>>> {
  return {
    dataSource: live,
    onDataSourceChange: setRows,
    // opened with filters the collapsed form would hide: show them all
    search: { labelWidth: 'auto', defaultCollapsed: !Object.keys(initial).some((k) => k !== 'code' && k !== 'name') },
    form: { initialValues: initial },
    options: { reload: true, density: false, setting: true },
  };
}
