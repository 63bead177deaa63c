import { useState } from 'react';
import type { DataOf, Endpoint } from '@stock-admin/contracts';
import i18n from './i18n';
import { call } from './request';

/**
 * ProTable defaults for every list (DESIGN §6, spec §2 layering list): server paging from page 1,
 * 10 rows, sizes 10/20/50/100 and the `共 N 条` / `Total N` label.
 *
 *   <ProTable {...tableDefaults()} request={pagedRequest(usersApi.list)} columns={…} />
 */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export const totalLabel = (total: number) => i18n.t('table.total', { total });

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

/** ProTable `params` → `{pageNum, pageSize, ...filters}`; empty filters are left out. */
export function toPageQuery(params: Record<string, unknown> & { current?: number; pageSize?: number }): Record<string, unknown> {
  const { current, pageSize, keyword: _k, ...rest } = params;
  const out: Record<string, unknown> = { pageNum: current ?? 1, pageSize: pageSize ?? 10 };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

type ItemOf<E> = DataOf<E> extends { list: (infer T)[] } ? T : never;

/** A ProTable `request` over a paged endpoint (`data: {list, total}`); failures were already shown by the client. */
export function pagedRequest<E extends Endpoint>(endpoint: E, extra?: Record<string, unknown>) {
  return async (
    params: Record<string, unknown> & { current?: number; pageSize?: number },
  ): Promise<{ data: ItemOf<E>[]; total: number; success: boolean }> => {
    try {
      const data = (await call(endpoint, { ...toPageQuery(params), ...extra } as never)) as { list: ItemOf<E>[]; total: number };
      return { data: data.list, total: data.total, success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}
