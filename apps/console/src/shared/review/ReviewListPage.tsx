import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ParamsType } from '@ant-design/pro-components';
import { tableDefaults } from '../../lib/proTable';
import { ListTable, type ListTableProps } from '../list/ListTable';
import type { ReviewQueue } from './useReviewQueue';

/** The bar over a selection: "N selected", approve, reject and clear (their texts and test ids). */
export interface ReviewBatchBar {
  /** "N selected" (its span carries `selectedTestId`). */
  selectedText: (n: number) => ReactNode;
  selectedTestId: string;
  approveText: ReactNode;
  approveTestId: string;
  /** Defaults to opening the queue's batch approve dialog (`batchMode = 'approve'`). */
  onApprove?: () => void;
  rejectText: ReactNode;
  rejectTestId: string;
  clearText: ReactNode;
}

export type ReviewListPageProps<T extends Q, P extends ParamsType, Q extends { id: number } = T> = Omit<
  ListTableProps<T, P>,
  'actionRef'
> & {
  /** The queue's state (useReviewQueue; its rows may be a narrower view `T` of its type, e.g. with live quotes). */
  queue: ReviewQueue<Q>;
  /** The page's wrapper: its class and test id. */
  className: string;
  testId: string;
  /** Batch review of a selection; absent: no row selection. */
  batch?: ReviewBatchBar;
  /** The dialogs and drawers of the page (reason, approve, batch results…), after the table. */
  dialogs?: ReactNode;
};

/**
 * A review list (deposits, withdrawals, trading queues, …): the operator list (ListTable) with the list defaults, a search
 * form open by default, the queue's row selection and batch bar, and the page's dialogs. Any other
 * list prop (`layout`, `live`, columns, request, toolbar, totals, `form`, `formRef`, …) is passed on as is.
 */
export function ReviewListPage<T extends Q, P extends ParamsType = ParamsType, Q extends { id: number } = T>({
  queue,
  className,
  testId,
  batch,
  dialogs,
  ...table
}: ReviewListPageProps<T, P, Q>) {
  return (
    <div className={className} data-testid={testId}>
      <ListTable<T, P>
        {...tableDefaults()}
        actionRef={queue.actionRef}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        {...(batch && {
          rowSelection: queue.canReview
            ? {
                selectedRowKeys: queue.selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r: T) => ({ disabled: !queue.reviewable(r) }),
                onChange: (_: unknown, rows: T[]) => queue.setSelected(rows.filter(Boolean)),
              }
            : false,
          tableAlertRender: ({ selectedRowKeys }) => (
            <span data-testid={batch.selectedTestId}>{batch.selectedText(selectedRowKeys.length)}</span>
          ),
          tableAlertOptionRender: () => (
            <Space size={8}>
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                onClick={batch.onApprove ?? (() => queue.setBatchMode('approve'))}
                data-testid={batch.approveTestId}
              >
                {batch.approveText}
              </Button>
              <Button
                size="small"
                danger
                icon={<CloseOutlined />}
                onClick={() => queue.setBatchMode('reject')}
                data-testid={batch.rejectTestId}
              >
                {batch.rejectText}
              </Button>
              <Button size="small" type="link" onClick={queue.clearSelection}>
                {batch.clearText}
              </Button>
            </Space>
          ),
        })}
        {...table}
      />
      {dialogs}
    </div>
  );
}
