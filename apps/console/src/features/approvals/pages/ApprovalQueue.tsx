import { useRef, useState } from 'react';
import { Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { APPROVAL_OPERATIONS, APPROVAL_STATUSES, type ApprovalItem } from '@stock-admin/contracts';
import { tableDefaults } from '../../../lib/proTable';
import { feedback } from '../../../lib/feedback';
import { filtersOf, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { formatYuan } from '../../../shared/money';
import { tableRequest } from '../../../shared/tableRequest';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { approvalCalls } from '../api';
import { opKey } from '../opName';
import { ApprovalDrawer } from '../components/ApprovalDrawer';
import { DecideModal, type Deciding } from '../components/DecideModal';
import { StatusTag } from '../components/StatusTag';
import '../approvals.css';

const LAYOUT: ListLayout = {
  id: 'approvals',
  // at 1440 px: what the request is, its amount, who made it, until when it waits, its status and the decision; the
  // submission time is in the row's expansion, the card and the detail
  must: ['id', 'operation', 'summary', 'amount', 'makerName', 'expiresAt', 'status'],
  card: { head: ['operation', 'status'], fields: ['summary', 'amount', 'makerName', 'createdAt'] },
};

/**
 * 待复核: the requests dual control held for a second administrator, pending first (the filter starts there). A checker
 * approves (the operation then runs) or rejects; the maker may cancel their own. Live: a new request or a decision
 * elsewhere reloads the list.
 */
export default function ApprovalQueue() {
  const { t, i18n } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const { initialValues, sync } = useUrlFilters(['status', 'operation'], {});
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  useQueueRefresh(actionRef);
  const reload = () => void actionRef.current?.reload();

  const decide = async (v: { note?: string; code?: string }) => {
    const d = deciding!;
    try {
      await approvalCalls.decide({ id: d.item.id, approve: d.approve, ...v });
      feedback.message.success(t(d.approve ? 'approvals.approved' : 'approvals.rejected'));
      setDeciding(null);
    } catch {
      // shown by the request client (a failed operation says why; the request then ends failed)
    } finally {
      reload();
    }
  };

  const columns: ProColumns<ApprovalItem>[] = [
    { title: t('approvals.col.id'), dataIndex: 'id', width: 70, hideInSearch: true, render: (_, r) => `#${r.id}` },
    {
      title: t('approvals.col.operation'),
      dataIndex: 'operation',
      width: 130,
      valueType: 'select',
      valueEnum: Object.fromEntries(APPROVAL_OPERATIONS.map((o) => [o, { text: t(opKey(o)) }])),
      render: (_, r) => (
        <Space size={4}>
          <Tag>{t(opKey(r.operation))}</Tag>
          {r.stepUp && r.status === 'pending' && (
            // approving asks the checker's authenticator code (where one is bound): an icon, the column stays narrow
            <Tooltip title={t('approvals.codeHint')}>
              <SafetyCertificateOutlined style={{ color: '#d48806' }} aria-label={t('approvals.stepUp')} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('approvals.col.summary'),
      dataIndex: 'summary',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => (
        <Typography.Link onClick={() => setDetail(r.id)} data-testid={`approval-summary-${r.id}`}>
          {r.summary}
        </Typography.Link>
      ),
    },
    {
      title: t('approvals.col.amount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => (r.amount ? formatYuan(r.amount) : '-'),
    },
    { title: t('approvals.col.maker'), dataIndex: 'makerName', width: 110, hideInSearch: true },
    { title: t('approvals.col.createdAt'), dataIndex: 'createdAt', width: 165, hideInSearch: true, render: (_, r) => fmtTime(r.createdAt) },
    {
      title: t('approvals.col.expiresAt'),
      dataIndex: 'expiresAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => (r.status === 'pending' ? fmtTime(r.expiresAt) : fmtTime(r.decidedAt)),
    },
    {
      title: t('approvals.col.status'),
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, { text: t(`approvals.status.${s}`) }])),
      render: (_, r) => (
        <Tooltip title={r.reason ?? r.note ?? (r.checkerName ? `${t('approvals.col.checker')}: ${r.checkerName}` : undefined)}>
          <span data-testid={`approval-status-${r.id}`}>
            <StatusTag status={r.status} />
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 190,
      render: (_, r) =>
        [
          r.decidable && (
            <a key="approve" onClick={() => setDeciding({ item: r, approve: true })} data-testid={`approval-approve-${r.id}`}>
              {t('approvals.approve')}
            </a>
          ),
          r.decidable && (
            <Typography.Link
              key="reject"
              type="danger"
              onClick={() => setDeciding({ item: r, approve: false })}
              data-testid={`approval-reject-${r.id}`}
            >
              {t('approvals.reject')}
            </Typography.Link>
          ),
          r.own && r.status === 'pending' && (
            <Popconfirm
              key="cancel"
              title={t('approvals.cancelConfirm', { id: r.id })}
              onConfirm={async () => {
                try {
                  await approvalCalls.cancel(r.id);
                  feedback.message.success(t('approvals.cancelled'));
                } finally {
                  reload();
                }
              }}
            >
              <a data-testid={`approval-cancel-${r.id}`}>{t('approvals.cancel')}</a>
            </Popconfirm>
          ),
          <a key="detail" onClick={() => setDetail(r.id)}>
            {t('approvals.detail')}
          </a>,
        ].filter(Boolean),
    },
  ];

  return (
    <div data-testid="page-approvals">
      <ListTable<ApprovalItem, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        headerTitle={t('approvals.menu.queue')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues: { status: 'pending', ...initialValues } }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        live={['APPROVAL_REQUESTED', 'APPROVAL_SETTLED']}
        // the server says each request's line and reason in the reader's language: a language switch reads them again
        params={{ lang: i18n.language }}
        request={async ({ lang: _lang, ...params }) => {
          sync(filtersOf(params));
          return tableRequest(() => approvalCalls.list(toListQuery(params)));
        }}
      />
      <DecideModal deciding={deciding} onClose={() => setDeciding(null)} onDecide={decide} />
      <ApprovalDrawer id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
