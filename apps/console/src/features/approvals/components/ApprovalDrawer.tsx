import { Descriptions, Drawer, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fmtTime, prettyJson } from '../../../shared/format';
import { formatYuan } from '../../../shared/money';
import { approvalCalls } from '../api';
import { opKey } from '../opName';
import { StatusTag } from './StatusTag';

/** One request in full: what the maker submitted (secrets masked), who decided, and what the operation answered. */
export function ApprovalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['approvals', 'detail', id], queryFn: () => approvalCalls.detail(id!), enabled: id != null });
  const d = q.data;
  return (
    <Drawer open={id != null} onClose={onClose} width={560} title={id != null ? `#${id}` : ''} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <div data-testid="approval-detail">
          <Typography.Paragraph strong>{d.summary}</Typography.Paragraph>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('approvals.col.operation')}>
              <Tag>{t(opKey(d.operation))}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.col.status')}>
              <StatusTag status={d.status} />
            </Descriptions.Item>
            {d.amount && <Descriptions.Item label={t('approvals.col.amount')}>{formatYuan(d.amount)}</Descriptions.Item>}
            <Descriptions.Item label={t('approvals.col.maker')}>{d.makerName}</Descriptions.Item>
            <Descriptions.Item label={t('approvals.col.createdAt')}>{fmtTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('approvals.col.expiresAt')}>{fmtTime(d.expiresAt)}</Descriptions.Item>
            {d.checkerName && <Descriptions.Item label={t('approvals.col.checker')}>{d.checkerName}</Descriptions.Item>}
            {d.decidedAt && <Descriptions.Item label={t('approvals.col.decidedAt')}>{fmtTime(d.decidedAt)}</Descriptions.Item>}
            {d.note && <Descriptions.Item label={t('approvals.col.note')}>{d.note}</Descriptions.Item>}
            {d.reason && <Descriptions.Item label={t('approvals.col.reason')}>{d.reason}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('approvals.input')} <Typography.Text code>{d.path}</Typography.Text>
          </Typography.Title>
          <pre className="approval-json">{prettyJson(d.input)}</pre>
          {d.result != null && (
            <>
              <Typography.Title level={5}>{t('approvals.result')}</Typography.Title>
              <pre className="approval-json">{prettyJson(d.result)}</pre>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
