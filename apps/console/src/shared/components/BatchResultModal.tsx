import type { ReactNode } from 'react';
import { Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { batchCounts, type BatchRow } from '../batch';

/**
 * What a batch did to each selected row — every queue's (orders, block trades, withdrawals, conversions): succeeded or
 * failed, the row's state after it when the queue reports one, and the server's message.
 */
export function BatchResultModal({
  rows,
  approve = true,
  title,
  onClose,
  renderStatus,
  whatTitle,
}: {
  rows: BatchRow[] | null;
  /** A review's result is titled 批量通过结果 / 批量驳回结果 by it; another batch passes its own `title`. */
  approve?: boolean;
  title?: string;
  onClose: () => void;
  /** The state after the attempt, in the queue's words (its status tag); no column without it. */
  renderStatus?: (status: string | number) => ReactNode;
  /** What the third column shows for this queue (the stock, the amount…); "内容 / Subject" without it. */
  whatTitle?: string;
}) {
  const { t } = useTranslation();
  const counts = rows ? batchCounts(rows) : { ok: 0, failed: 0 };
  const columns: ColumnsType<BatchRow> = [
    { title: t('batch.ref'), dataIndex: 'ref', width: 200 },
    { title: t('batch.who'), dataIndex: 'who', width: 150, render: (v: string) => v || '-' },
    { title: whatTitle ?? t('batch.what'), dataIndex: 'what', width: 120, render: (v: string) => v || '-' },
    {
      title: t('batch.outcome'),
      dataIndex: 'ok',
      width: 90,
      render: (ok: boolean, r) =>
        ok ? (
          <Typography.Text type="success" data-testid={`batch-row-${r.id}`}>
            <CheckCircleFilled /> {t('batch.rowOk')}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger" data-testid={`batch-row-${r.id}`}>
            <CloseCircleFilled /> {t('batch.rowFailed')}
          </Typography.Text>
        ),
    },
    ...(renderStatus
      ? [
          {
            title: t('batch.statusAfter'),
            dataIndex: 'status',
            width: 110,
            render: (s: string | number | null, r: BatchRow) => (
              <span data-testid={`batch-status-${r.id}`}>{s === null ? '-' : renderStatus(s)}</span>
            ),
          },
        ]
      : []),
    { title: t('batch.message'), dataIndex: 'msg', render: (m: string) => m || '-' },
  ];
  return (
    <Modal
      open={!!rows}
      title={title ?? t(approve ? 'batch.resultApprove' : 'batch.resultReject')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('batch.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={renderStatus ? 920 : 820}
    >
      <div data-testid="batch-result">
        <Space size={16} style={{ marginBottom: 12 }}>
          <Tag color="success" data-testid="batch-ok">
            {t('batch.ok', { n: counts.ok })}
          </Tag>
          <Tag color={counts.failed ? 'error' : 'default'} data-testid="batch-failed">
            {t('batch.failed', { n: counts.failed })}
          </Tag>
        </Space>
        <Table<BatchRow>
          size="small"
          rowKey="id"
          pagination={false}
          // on a phone the dialog is narrower than the columns: they scroll inside it (the page never scrolls sideways)
          scroll={{ x: 'max-content', y: 360 }}
          dataSource={rows ?? []}
          columns={columns}
        />
      </div>
    </Modal>
  );
}
