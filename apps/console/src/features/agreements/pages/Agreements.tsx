import { useRef, useState } from 'react';
import { Popconfirm, Select, Tag, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AgreementItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { Note, time } from '../../../shared/components/cells';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { agreementCalls } from '../api';
import { AgreementViewer } from '../components/AgreementViewer';
import { STATUS_COLOR, UserText } from '../components/cells';
import { tableRequest } from '../../../shared/tableRequest';

/** 合同审核: whose contract, which template, its state and signature (issue 39). */
const CONTRACTS_LAYOUT: ListLayout = {
  id: 'contracts',
  must: ['templateName', 'user', 'statusTag', 'signedAt', 'signIp', 'reviewedBy', 'rejectReason'],
  card: { head: ['user', 'statusTag'], fields: ['templateName', 'signedAt', 'rejectReason'] },
};

const REVIEW_STATUSES = ['signed', 'approved', 'rejected'] as const;

/**
 * 用户合同 (/contractsettings/list): signed contracts, those waiting for review first; view the exact text signed
 * with the signature, approve or reject with a reason, print. Follows header badge 22: a live IS_CONTRACT reloads it.
 */
export default function Agreements() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [search] = useSearchParams();
  const [initialStatus] = useState(() => {
    const s = search.get('status');
    return s && (REVIEW_STATUSES as readonly string[]).includes(s) ? s : 'signed';
  });
  const reload = () => void actionRef.current?.reload();
  useQueueRefresh(actionRef);
  const templates = useQuery({
    queryKey: ['agreements', 'templates', 'all'],
    queryFn: () => agreementCalls.templates({ pageNum: 1, pageSize: 200 }),
  });

  const approve = async (id: number) => {
    await agreementCalls.review({ id, status: 'approved' });
    feedback.message.success(t('agreements.review.approve'));
    setViewing(null);
    reload();
  };

  const columns: ProColumns<AgreementItem>[] = [
    {
      title: t('agreements.assign.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      initialValue: initialStatus,
      valueEnum: Object.fromEntries(REVIEW_STATUSES.map((s) => [s, { text: t(`agreements.statuses.${s}`) }])),
    },
    {
      title: t('agreements.assign.template'),
      dataIndex: 'templateId',
      hideInTable: true,
      renderFormItem: () => <Select allowClear options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))} />,
    },
    { title: t('agreements.assign.phone'), dataIndex: 'phone', hideInTable: true },
    { title: t('agreements.review.signedAt'), dataIndex: 'time', hideInTable: true, valueType: 'dateTimeRange' },
    {
      title: t('agreements.assign.template'),
      dataIndex: 'templateName',
      search: false,
      ellipsis: true,
      render: (_, r) => (
        <a onClick={() => setViewing(r.id)} data-testid={`contract-view-${r.id}`}>
          {r.templateName} <Typography.Text type="secondary">v{r.version}</Typography.Text>
        </a>
      ),
    },
    { title: t('agreements.assign.user'), key: 'user', search: false, width: 190, render: (_, r) => <UserText r={r} /> },
    {
      title: t('agreements.assign.status'),
      key: 'statusTag',
      search: false,
      width: 150,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`contract-status-${r.id}`}>
          {t(`agreements.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('agreements.review.signedAt'), dataIndex: 'signedAt', search: false, width: 170, render: (_, r) => time(r.signedAt) },
    { title: t('agreements.review.signIp'), dataIndex: 'signIp', search: false, width: 130 },
    { title: t('agreements.review.reviewer'), dataIndex: 'reviewedBy', search: false, width: 100, render: (_, r) => r.reviewedBy ?? '-' },
    {
      title: t('agreements.review.reason'),
      dataIndex: 'rejectReason',
      search: false,
      width: 160,
      render: (_, r) => <Note text={r.rejectReason} />,
    },
    {
      title: t('agreements.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 160,
      render: (_, r) => [
        <a key="view" onClick={() => setViewing(r.id)}>
          {t('agreements.review.view')}
        </a>,
        can('edit') && r.status === 'signed' && (
          <Popconfirm key="ok" title={t('agreements.review.approveConfirm')} onConfirm={() => approve(r.id)}>
            <a data-testid={`contract-approve-${r.id}`}>{t('agreements.review.approve')}</a>
          </Popconfirm>
        ),
        can('edit') && r.status === 'signed' && (
          <Typography.Link key="no" type="danger" onClick={() => setRejecting(r.id)} data-testid={`contract-reject-${r.id}`}>
            {t('agreements.review.reject')}
          </Typography.Link>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-agreement-list">
      <ListTable<AgreementItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t('agreements.review.title')}
        search={{ labelWidth: 'auto' }}
        layout={CONTRACTS_LAYOUT}
        live={['IS_CONTRACT', 'CONTRACT_REVIEWED']}
        request={async (params) => {
          const range = params.time as [string, string] | undefined;
          return tableRequest(() =>
            agreementCalls.signed({
              ...pageOf(params),
              status: params.status || undefined,
              templateId: params.templateId || undefined,
              phone: (params.phone as string | undefined)?.trim() || undefined,
              beginTime: range?.[0] ? new Date(range[0]).toISOString() : undefined,
              endTime: range?.[1] ? new Date(range[1]).toISOString() : undefined,
            }),
          );
        }}
      />
      <AgreementViewer id={viewing} onClose={() => setViewing(null)} onApprove={approve} onReject={(id) => setRejecting(id)} />
      <ReasonDialog
        open={rejecting != null}
        title={t('agreements.review.rejectTitle')}
        label={t('agreements.review.reason')}
        required
        okText={t('agreements.review.reject')}
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await agreementCalls.review({ id: rejecting!, status: 'rejected', reason });
          feedback.message.success(t('agreements.review.reject'));
          setRejecting(null);
          setViewing(null);
          reload();
        }}
        testId="contract-reject-dialog"
      />
    </div>
  );
}
