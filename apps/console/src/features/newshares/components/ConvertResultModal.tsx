import { Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchConvertData } from '@stock-admin/contracts';

/** What a batch conversion did to each selected subscription, with the reason of those that could not move. */
export function ConvertResultModal({ data, onClose }: { data: BatchConvertData | null; onClose: () => void }) {
  const { t } = useTranslation();
  const failed = data ? data.rows.length - data.converted : 0;
  return (
    <Modal
      open={!!data}
      title={t('newshares.record.convertResult')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('trading.common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
    >
      <div data-testid="convert-result">
        <Space size={16} style={{ marginBottom: 12 }}>
          <Tag color="success">
            {t('newshares.record.ok')} {data?.converted ?? 0}
          </Tag>
          <Tag color={failed ? 'error' : 'default'}>
            {t('newshares.record.failed')} {failed}
          </Tag>
        </Space>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ y: 360 }}
          dataSource={data?.rows ?? []}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 90 },
            {
              title: t('newshares.csv.result'),
              dataIndex: 'result',
              width: 100,
              render: (v: 'ok' | 'failed') => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`newshares.record.${v}`)}</Tag>,
            },
            { title: t('newshares.record.reason'), dataIndex: 'reason', render: (v?: string) => v ?? '-' },
          ]}
        />
      </div>
    </Modal>
  );
}
