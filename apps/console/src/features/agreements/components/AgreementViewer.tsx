import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { fetchImage } from '../../../shared/fetchImage';
import { agreementCalls } from '../api';
import { STATUS_COLOR, UserText } from './cells';
import { printAgreement } from './print';
import './agreements.css';

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/**
 * One user's contract: the exact text signed (its SHA-256 checked), the signature, who reviewed it; approve or reject
 * from here; print on A4.
 */
export function AgreementViewer({
  id,
  onClose,
  onApprove,
  onReject,
}: {
  id: number | null;
  onClose: () => void;
  onApprove?: (id: number) => Promise<void>;
  onReject?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const q = useQuery({ queryKey: ['agreements', 'detail', id], queryFn: () => agreementCalls.detail(id!), enabled: id != null });
  const d = q.data;
  const [signature, setSignature] = useState<string | null>(null);
  useEffect(() => {
    setSignature(null);
    if (!d?.signatureUrl) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchImage(d.signatureUrl, ctrl.signal)
      .then((u) => setSignature((made = u)))
      .catch(() => undefined);
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [d?.signatureUrl]);

  const print = () =>
    d &&
    printAgreement(
      { ...d, signedAt: d.signedAt ? fmt(d.signedAt) : null },
      {
        title: t('agreements.review.printTitle', { name: d.templateName, version: d.version ?? '-' }),
        user: t('agreements.assign.user'),
        signedAt: t('agreements.review.signedAt'),
        signIp: t('agreements.review.signIp'),
        version: t('agreements.review.version'),
        hash: t('agreements.review.hash'),
        signature: t('agreements.review.signature'),
      },
      signature,
    );

  const reviewable = d?.status === 'signed' && can('edit');
  return (
    <Drawer
      open={id != null}
      onClose={onClose}
      width="min(900px, 100vw)"
      title={d ? `${t('agreements.review.detail')} · ${d.templateName}` : t('agreements.review.detail')}
      destroyOnHidden
      extra={
        <Space>
          {d?.body && d.signedAt && (
            <Button icon={<PrinterOutlined />} onClick={print} data-testid="agreement-print">
              {t('agreements.review.print')}
            </Button>
          )}
          {reviewable && onReject && (
            <Button danger onClick={() => onReject(d.id)} data-testid="viewer-reject">
              {t('agreements.review.reject')}
            </Button>
          )}
          {reviewable && onApprove && (
            <Popconfirm title={t('agreements.review.approveConfirm')} onConfirm={() => onApprove(d.id)}>
              <Button type="primary" data-testid="viewer-approve">
                {t('agreements.review.approve')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <div data-testid="agreement-viewer">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('agreements.assign.user')}>
              <UserText r={d} />
            </Descriptions.Item>
            <Descriptions.Item label={t('agreements.assign.status')}>
              <Tag color={STATUS_COLOR[d.status]}>{t(`agreements.statuses.${d.status}`)}</Tag>
              {d.rejectReason && <Typography.Text type="danger">{d.rejectReason}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('agreements.review.signedAt')}>{fmt(d.signedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('agreements.review.signIp')}>{d.signIp ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('agreements.review.version')}>{d.version ? `v${d.version}` : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('agreements.review.reviewer')}>
              {d.reviewedBy ? `${d.reviewedBy} · ${fmt(d.reviewedAt)}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('agreements.review.hash')} span={2}>
              <Typography.Text code copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {d.bodyHash ?? '-'}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {d.hashOk === true && <Alert type="success" showIcon message={t('agreements.review.hashOk')} style={{ marginBottom: 12 }} />}
          {d.hashOk === false && (
            <Alert
              type="error"
              showIcon
              message={t('agreements.review.hashBad')}
              style={{ marginBottom: 12 }}
              data-testid="agreement-hash-bad"
            />
          )}
          {d.hashOk === null && <Alert type="info" showIcon message={t('agreements.review.notSigned')} style={{ marginBottom: 12 }} />}
          <div className="agreement-paper" data-testid="agreement-body" dangerouslySetInnerHTML={{ __html: d.body }} />
          {d.signatureUrl && (
            <div style={{ marginTop: 16, textAlign: 'right' }}>
              <Typography.Text type="secondary">{t('agreements.review.signature')}：</Typography.Text>
              <span className="agreement-signature">
                {signature ? (
                  <img src={signature} alt={t('agreements.review.signature')} style={{ maxHeight: 90 }} data-testid="agreement-signature" />
                ) : (
                  <Skeleton.Image active />
                )}
              </span>
            </div>
          )}
        </div>
      )}
    </Drawer>
  );
}
