import '../../../shared/styles/funds.css';
import { useRef, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_STATUS_LABELS, withdrawApi, type DepositWithdrawTotals, type WithdrawItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { withdrawCalls } from '../api';
import { Money } from '../../../shared/components/Money';
import { ReasonModal } from '../components/ReasonModal';
import { Totals } from '../components/Totals';
import { ApproveModal, BatchResultModal, type ApproveValues } from '../components/WithdrawModals';
import { batchResultRows, isReviewable, type BatchResultRow } from '../lib/batch';
import { filtersOf, toListQuery, type Params } from '../../../shared/fundFilters';
import { formatMoney } from '../../../shared/money';
import { WITHDRAW_COLORS, statusEnum, withdrawLabel } from '../lib/status';
import { useLinkedRecord } from '../lib/useLinkedRecord';
import { orderFilterColumns, orderIdentityColumns, useOrderExport } from '../components/orderColumns';
import { fmtTime as time } from '../../../shared/format';

/**
 * Withdrawals (/capital/withdrawallist, 提现列表): filters and totals, pay or reject one request or a
 * selection (each row's outcome listed), export. Opened from the header badge with `?_t=<time>`, it
 * reloads from the first page.
 */
export default function WithdrawalList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useAccess();
  const canReview = can('withdrawallist', 'edit');
  const actionRef = useRef<ActionType>(undefined);
  const { lastFilters, exporting, exportCsv } = useOrderExport(withdrawApi.export, 'withdraw');
  const [totals, setTotals] = useState<DepositWithdrawTotals | null>(null);
  const [selected, setSelected] = useState<WithdrawItem[]>([]);
  const [approving, setApproving] = useState<WithdrawItem | null>(null);
  const [rejecting, setRejecting] = useState<WithdrawItem | null>(null);
  const [batchMode, setBatchMode] = useState<'approve' | 'reject' | null>(null);
  const [results, setResults] = useState<BatchResultRow[] | null>(null);

  // Header badge (a new `_t`) and record links (`keyword`): see useLinkedRecord.
  const linked = useLinkedRecord(actionRef, () => setSelected([]));

  const reload = () => void actionRef.current?.reload();

  const review = async (id: number, v: { state: 1 | 2; reason?: string } & ApproveValues) => {
    await withdrawCalls.updateState({ id, ...v });
    feedback.message.success(t(v.state === 1 ? 'funds.withdraw.approved' : 'funds.withdraw.rejected'));
    reload();
  };

  const runBatch = async (v: { state: 1 | 2; reason?: string } & ApproveValues) => {
    const rows = selected;
    const data = await withdrawCalls.batch({ ids: rows.map((r) => r.id).join(','), ...v });
    setBatchMode(null);
    setSelected([]);
    setResults(batchResultRows(data, rows));
    reload();
  };

  const columns: ProColumns<WithdrawItem>[] = [
    ...orderFilterColumns<WithdrawItem>(t, can, { timeTitle: t('funds.withdraw.requestedAt') }),
    ...orderIdentityColumns<WithdrawItem>(t),
    {
      title: t('funds.withdraw.fee'),
      dataIndex: 'fee',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => <Money value={r.fee} type="secondary" />,
    },
    {
      title: t('funds.common.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: statusEnum(WITHDRAW_STATUS_LABELS, lang),
      render: (_, r) => (
        <Tag color={WITHDRAW_COLORS[r.status]} data-testid={`withdraw-status-${r.id}`}>
          {withdrawLabel(r.status, lang)}
        </Tag>
      ),
    },
    {
      title: t('funds.withdraw.bank'),
      dataIndex: 'bankName',
      search: false,
      width: 170,
      render: (_, r) => (
        <div>
          <div>{r.bankName || '-'}</div>
          {r.bankBranch && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.bankBranch}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('funds.withdraw.holder'), dataIndex: 'holderName', search: false, width: 100 },
    {
      title: t('funds.withdraw.cardNo'),
      dataIndex: 'cardNo',
      search: false,
      width: 190,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.cardNo }} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {r.cardNo}
        </Typography.Text>
      ),
    },
    {
      title: t('funds.common.userNote'),
      dataIndex: 'userNote',
      search: false,
      width: 130,
      ellipsis: true,
      render: (_, r) => (r.userNote ? <Tooltip title={r.userNote}>{r.userNote}</Tooltip> : '-'),
    },
    {
      title: t('funds.common.rejectReason'),
      dataIndex: 'rejectReason',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_, r) => (r.rejectReason ? <Tooltip title={r.rejectReason}>{r.rejectReason}</Tooltip> : '-'),
    },
    {
      title: t('funds.withdraw.payoutChannel'),
      dataIndex: 'payoutChannelName',
      search: false,
      width: 150,
      render: (_, r) => r.payoutChannelName || '-',
    },
    {
      title: t('funds.common.adminNote'),
      dataIndex: 'adminNote',
      search: false,
      width: 130,
      ellipsis: true,
      render: (_, r) => (r.adminNote ? <Tooltip title={r.adminNote}>{r.adminNote}</Tooltip> : '-'),
    },
    {
      title: t('funds.common.reviewed'),
      dataIndex: 'reviewedAt',
      search: false,
      width: 170,
      render: (_, r) =>
        r.reviewedAt ? (
          <div>
            <div>{r.reviewedByName || '-'}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(r.reviewedAt)}
            </Typography.Text>
          </div>
        ) : (
          '-'
        ),
    },
    { title: t('funds.withdraw.requestedAt'), dataIndex: 'createdAt', search: false, width: 170, render: (_, r) => time(r.createdAt) },
    {
      title: t('funds.common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 120,
      render: (_, r) =>
        isReviewable(r)
          ? [
              <Access key="approve" action="edit">
                <a onClick={() => setApproving(r)} data-testid={`withdraw-approve-${r.id}`}>
                  {t('funds.withdraw.approve')}
                </a>
              </Access>,
              <Access key="reject" action="edit">
                <a
                  style={{ color: 'var(--ant-color-error, #ff4d4f)' }}
                  onClick={() => setRejecting(r)}
                  data-testid={`withdraw-reject-${r.id}`}
                >
                  {t('funds.withdraw.reject')}
                </a>
              </Access>,
            ]
          : [],
    },
  ];

  return (
    <div className="funds-page" data-testid="withdraw-list">
      <ProTable<WithdrawItem>
        {...tableDefaults()}
        actionRef={actionRef}
        {...linked}
        columns={columns}
        headerTitle={t('funds.withdraw.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 2400 }}
        rowSelection={
          canReview
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: !isReviewable(r) }),
                onChange: (_, rows) => setSelected(rows.filter(Boolean)),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys }) => (
          <span data-testid="withdraw-selected">{t('funds.withdraw.selected', { n: selectedRowKeys.length })}</span>
        )}
        tableAlertOptionRender={() => (
          <Space size={8}>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => setBatchMode('approve')}
              data-testid="withdraw-batch-approve"
            >
              {t('funds.withdraw.batchApprove')}
            </Button>
            <Button size="small" danger icon={<CloseOutlined />} onClick={() => setBatchMode('reject')} data-testid="withdraw-batch-reject">
              {t('funds.withdraw.batchReject')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('funds.withdraw.clearSelection')}
            </Button>
          </Space>
        )}
        tableExtraRender={() => (
          <Totals totals={totals} label={(s) => withdrawLabel(s, lang)} colors={WITHDRAW_COLORS} testId="withdraw-totals" />
        )}
        toolBarRender={() => [
          <Access key="export" action="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="withdraw-export">
              {t('funds.common.export')}
            </Button>
          </Access>,
        ]}
        request={async (params: Params) => {
          lastFilters.current = filtersOf(params);
          try {
            const d = await withdrawCalls.list(toListQuery(params) as never);
            setTotals(d.totals);
            return { data: d.list, total: d.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
      />
      <ApproveModal
        open={!!approving || batchMode === 'approve'}
        item={approving}
        count={selected.length}
        onClose={() => {
          setApproving(null);
          setBatchMode(null);
        }}
        onSubmit={async (v) => {
          if (approving) {
            await review(approving.id, { state: 1, ...v });
            setApproving(null);
          } else await runBatch({ state: 1, ...v });
        }}
      />
      <ReasonModal
        open={!!rejecting || batchMode === 'reject'}
        title={rejecting ? t('funds.withdraw.rejectTitle') : t('funds.withdraw.batchRejectTitle', { n: selected.length })}
        testId="reject-withdraw-dialog"
        onClose={() => {
          setRejecting(null);
          setBatchMode(null);
        }}
        onSubmit={async (reason) => {
          if (rejecting) {
            await review(rejecting.id, { state: 2, reason });
            setRejecting(null);
          } else await runBatch({ state: 2, reason });
        }}
      >
        <Typography.Paragraph type="secondary">
          {rejecting &&
            `${rejecting.orderNo} · ${rejecting.phone} · ¥${formatMoney(rejecting.amount)} · ${t('funds.withdraw.fee')} ¥${formatMoney(rejecting.fee)}`}
          {rejecting && <br />}
          {t('funds.withdraw.rejectHelp')}
        </Typography.Paragraph>
      </ReasonModal>
      <BatchResultModal rows={results} onClose={() => setResults(null)} />
    </div>
  );
}
