import { Modal, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { batchCounts, type BatchRow } from '../batch';

/** What a batch approve / reject did to each selected order: succeeded or failed, with the server's message. */
export function BatchResultModal({ rows, approve, onClose }: { rows: BatchRow[] | null; approve: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const counts = rows ? batchCounts(rows) : { ok: 0, failed: 0 };
  return (
    <Modal
      open={!!rows}
      title={t(approve ? 'trading.batch.resultApprove' : 'trading.batch.resultReject')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('trading.common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      <div data-testid="batch-result">
        <Space size={16} style={{ marginBottom: 12 }}>
          <Tag color="success" data-testid="batch-ok">
            {t('trading.batch.ok', { n: counts.ok })}
          </Tag>
          <Tag color={counts.failed ? 'error' : 'default'} data-testid="batch-failed">
            {t('trading.batch.failed', { n: counts.failed })}
          </Tag>
        </Space>
        <Table<BatchRow>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={rows ?? []}
          rowClassName={(r) => (r.ok ? '' : 'trading-batch-failed')}
          columns={[
            { title: t('trading.col.orderNo'), dataIndex: 'orderNo', width: 190 },
            { title: t('trading.col.user'), dataIndex: 'user', width: 150 },
            { title: t('trading.col.stock'), dataIndex: 'stock', width: 130 },
            {
              title: t('trading.batch.outcome'),
              dataIndex: 'ok',
              width: 90,
              render: (ok: boolean, r) =>
                ok ? (
                  <Typography.Text type="success" data-testid={`batch-row-${r.id}`}>
                    <CheckCircleFilled /> {t('trading.batch.rowOk')}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="danger" data-testid={`batch-row-${r.id}`}>
                    <CloseCircleFilled /> {t('trading.batch.rowFailed')}
                  </Typography.Text>
                ),
            },
            { title: t('trading.batch.message'), dataIndex: 'msg', render: (m: string) => m || '-' },
          ]}
        />
      </div>
    </Modal>
  );
}
