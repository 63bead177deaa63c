import { useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { RECON_STATUSES, type ReconSummary } from '@stock-admin/contracts';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { tableRequest } from '../../../shared/tableRequest';
import { reconcileCalls } from '../api';
import { ReconDrawer } from '../components/ReconDrawer';
import { UploadStatementModal } from '../components/UploadStatementModal';

const LAYOUT: ListLayout = {
  id: 'close-reconcile',
  // at 1440 px: which channel and day, whether it is reconciled, and how many lines fell in each list
  must: ['day', 'channelName', 'status', 'matched', 'statementOnly', 'platformOnly', 'amountDiff', 'duplicate', 'reversal', 'open'],
  card: {
    head: ['channelName', 'status'],
    fields: ['day', 'matched', 'statementOnly', 'platformOnly', 'amountDiff', 'duplicate', 'reversal', 'open'],
  },
};

/**
 * 对账: each channel-day with an uploaded statement — how many lines matched, what is in the statement only, on the
 * platform only, or differs in amount, and how many exceptions are still open. A new statement is uploaded here; a
 * row opens its three lists, where exceptions are resolved.
 */
export default function Reconcile() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const [uploading, setUploading] = useState(false);
  const [target, setTarget] = useState<{ channelId: number; day: string } | null>(null);
  const count = (key: keyof ReconSummary, color?: string) => ({
    title: t(`close.recon.cols.${key}`),
    dataIndex: key,
    width: 100,
    align: 'right' as const,
    hideInSearch: true,
    render: (_: unknown, r: ReconSummary) => (color && Number(r[key]) > 0 ? <Tag color={color}>{r[key]}</Tag> : r[key]),
  });

  const columns: ProColumns<ReconSummary>[] = [
    { title: t('close.col.day'), dataIndex: 'day', width: 110, hideInSearch: true },
    {
      title: t('close.col.channel'),
      dataIndex: 'channelName',
      hideInSearch: true,
      render: (_, r) => (
        <a onClick={() => setTarget({ channelId: r.channelId, day: r.day })} data-testid={`recon-open-${r.channelId}-${r.day}`}>
          {r.channelName}
        </a>
      ),
    },
    {
      title: t('close.col.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(RECON_STATUSES.map((s) => [s, { text: t(`close.recon.status.${s}`) }])),
      render: (_, r) => <Tag color={r.status === 'reconciled' ? 'green' : 'gold'}>{t(`close.recon.status.${r.status}`)}</Tag>,
    },
    count('matched'),
    count('statementOnly', 'volcano'),
    count('platformOnly', 'orange'),
    count('amountDiff', 'red'),
    count('duplicate', 'magenta'),
    count('reversal', 'purple'),
    count('open', 'gold'),
    { title: t('close.recon.cols.fileName'), dataIndex: 'fileName', ellipsis: true, hideInSearch: true },
    {
      title: t('close.recon.cols.uploadedAt'),
      dataIndex: 'uploadedAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => fmtTime(r.uploadedAt),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 90,
      render: (_, r) => [
        <a key="open" onClick={() => setTarget({ channelId: r.channelId, day: r.day })}>
          {t('close.recon.open')}
        </a>,
      ],
    },
  ];

  return (
    <div data-testid="page-reconcile">
      <ListTable<ReconSummary, { status?: string }>
        {...tableDefaults()}
        rowKey={(r) => `${r.channelId}:${r.day}`}
        actionRef={actionRef}
        headerTitle={t('close.recon.menu')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        toolBarRender={() => [
          <Button key="upload" type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="recon-upload">
            {t('close.recon.upload')}
          </Button>,
        ]}
        request={({ status, ...params }) =>
          tableRequest(() =>
            reconcileCalls.list({ ...pageOf(params), ...(status ? { status: status as (typeof RECON_STATUSES)[number] } : {}) }),
          )
        }
      />
      <UploadStatementModal
        open={uploading}
        onClose={() => setUploading(false)}
        onDone={(d) => {
          setUploading(false);
          void actionRef.current?.reload();
          setTarget({ channelId: d.channelId, day: d.day });
        }}
      />
      <ReconDrawer
        target={target}
        onClose={() => {
          setTarget(null);
          void actionRef.current?.reload();
        }}
      />
    </div>
  );
}
