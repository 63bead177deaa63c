import { Modal, Table, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatValue, type Change } from '../lib/diff';
import { fieldLabel, unitLabel } from './labels';
import { READABLE } from '../../../shared/theme/contrast';

/** Confirms a save: every changed field, before → after, with its unit; nothing is sent until OK. */
export function DiffModal({
  changes,
  saving,
  onCancel,
  onOk,
}: {
  changes: Change[] | null;
  saving: boolean;
  onCancel: () => void;
  onOk: () => void;
}) {
  const { t } = useTranslation();
  const unit = unitLabel(t);
  return (
    <Modal
      open={!!changes}
      title={t('risk.form.confirmTitle', { count: changes?.length ?? 0 })}
      onCancel={onCancel}
      onOk={onOk}
      confirmLoading={saving}
      okText={t('risk.form.confirmOk')}
      cancelText={t('risk.common.cancel')}
      okButtonProps={{ 'data-testid': 'risk-diff-ok' }}
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('risk.form.confirmHelp')}</Typography.Paragraph>
      <Table<Change>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={changes ?? []}
        data-testid="risk-diff"
        columns={[
          { title: t('risk.form.section'), dataIndex: 'section', width: 120, render: (s: string) => t(`risk.section.${s}`) },
          { title: t('risk.form.field'), key: 'field', render: (_, c) => fieldLabel(t, c.path) },
          {
            title: t('risk.form.change'),
            key: 'change',
            render: (_, c) => (
              <span data-testid={`risk-diff-${c.key}`}>
                <Typography.Text type="secondary" delete>
                  {formatValue(c.kind, c.before, unit)}
                </Typography.Text>{' '}
                <ArrowRightOutlined style={{ color: READABLE.secondary, fontSize: 12 }} />{' '}
                <Typography.Text strong>{formatValue(c.kind, c.after, unit)}</Typography.Text>
              </span>
            ),
          },
        ]}
      />
    </Modal>
  );
}
