import { useState } from 'react';
import { COUNT_CAP } from './contracts-lite';
import i18n from './i18n';

/**
 * ProTable defaults for every list (DESIGN §6, spec §2 layering list): server paging from page 1,
 * 10 rows, sizes 10/20/50/100 and the `共 N 条` / `Total N` label.
 *
 *   <ProTable {...tableDefaults()} request={(params) => tableRequest(() => calls.list({ ...pageOf(params), …filters }))} />
 */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** `共 N 条`; past the server's count cap (it counts no further) `共 100000+ 条`. */
export const totalLabel = (total: number) =>
  total > COUNT_CAP ? i18n.t('table.totalMore', { total: COUNT_CAP }) : i18n.t('table.total', { total });

export function tableDefaults() {
  return {
    rowKey: 'id',
    pagination: {
      defaultCurrent: 1,
      defaultPageSize: 10,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: totalLabel,
    },
  } as const;
}

/**
 * A plain antd Table paged by the server (a drawer's or a card's list read with useQuery): the page asked for, and
 * the table's pagination for the total the server answered, with the list defaults above.
 */
export function useServerPage() {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const pagination = (total: number) => ({
    ...tableDefaults().pagination,
    current: page.pageNum,
    pageSize: page.pageSize,
    total,
    onChange: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
  });
  return { page, setPage, pagination };
}

/**
 * THE paging of every server-paged list: ProTable's `params` (`current`, `pageSize`) → the API's `{pageNum, pageSize}`,
 * page 1 of 10 when the table has not said.
 */
export const pageOf = (params: { current?: number; pageSize?: number }) => ({
  pageNum: params.current ?? 1,
  pageSize: params.pageSize ?? 10,
});
