import { useRef, type ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import type { ExpandableConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@stock-admin/contracts';
import { tableDefaults } from '../../../lib/proTable';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filtersOf, timeRange, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { tableRequest } from '../../../shared/tableRequest';
import '../logs.css';

type Page<T> = { list: T[]; total: number };

export interface LogPageProps<T extends { createdAt: string }> {
  /** the export's file name: `<name>-YYYYMMDD.csv` */
  name: string;
  testId: string;
  title: string;
  layout: ListLayout;
  /** the search form's fields kept in the URL (`beginTime`/`endTime` come with the time column) */
  filterKeys: readonly string[];
  /** every column after the time, which this page puts first (newest first, a range filter) */
  columns: ProColumns<T>[];
  list: (q: Record<string, unknown>) => Promise<Page<T>>;
  exportEndpoint: Endpoint;
  /** the column chooser, for logs with more columns than a screen holds */
  settings?: boolean;
  expandable?: ExpandableConfig<T>;
  /** shown above the table (e.g. the operation log's chain check) */
  banner?: ReactNode;
}

/**
 * The one shape of a log page (登录日志, 短信日志, 操作日志): time first with a range filter, the filters kept in the URL,
 * server-paged, phone cards from `layout`, and 导出 of the rows the last search matched.
 */
export function LogPage<T extends { createdAt: string }>(p: LogPageProps<T>) {
  const { t } = useTranslation();
  const { initialValues, sync } = useUrlFilters([...p.filterKeys, 'beginTime', 'endTime'], { rangeField: 'createdAt' });
  const last = useRef<Record<string, unknown>>({});

  const time: ProColumns<T> = {
    title: t('logs.col.time'),
    dataIndex: 'createdAt',
    valueType: 'dateTimeRange',
    width: 170,
    render: (_, r) => fmtTime(r.createdAt),
    search: { transform: timeRange },
  };

  return (
    <div data-testid={p.testId}>
      {p.banner}
      <ListTable<T, Params>
        {...tableDefaults()}
        headerTitle={p.title}
        columns={[time, ...p.columns]}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: !!p.settings }}
        layout={p.layout}
        expandable={p.expandable}
        request={async (params) => {
          const f = filtersOf(params);
          last.current = f;
          sync(f);
          return tableRequest(() => p.list(toListQuery(params)));
        }}
        toolBarRender={() => [
          <ExportButton key="export" endpoint={p.exportEndpoint} filters={() => last.current} name={p.name} testId="log-export" />,
        ]}
      />
    </div>
  );
}
