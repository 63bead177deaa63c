import '../../../shared/styles/funds.css';
import { useRef, useState } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_STATUS_LABELS, withdrawApi, type DepositWithdrawTotals, type InputOf, type WithdrawItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { withdrawCalls } from '../api';
import { Money } from '../../../shared/components/Money';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { Totals } from '../components/Totals';
import { ApproveModal, type ApproveValues } from '../components/WithdrawModals';
import { BatchResultModal } from '../../../shared/components/BatchResultModal';
import { batchRows, type BatchRow } from '../../../shared/batch';
import { isReviewable, withdrawSubject } from '../lib/batch';
import { filtersOf, toListQuery, type Params } from '../../../shared/fundFilters';
import { formatYuan } from '../../../shared/money';
import { WITHDRAW_COLORS, statusEnum, withdrawLabel } from '../lib/status';
import { useLinkedRecord } from '../lib/useLinkedRecord';
import { rejectReasonTexts } from '../lib/reasonTexts';
import { orderFilterColumns, orderIdentityColumns } from '../components/orderColumns';
import { WITHDRAWALS_LAYOUT } from '../lib/layouts';
import { ReviewListPage } from '../../../shared/review/ReviewListPage';
import { tableRequest } from '../../../shared/tableRequest';
import { useReviewQueue } from '../../../shared/review/useReviewQueue';
import { fmtTime as time } from '../../../shared/format';
import { ExportButton } from '../../../shared/components/ExportButton';
import { sumAmounts } from '../../../shared/decimal';

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
  const queue = useReviewQueue<WithdrawItem>({ reviewable: isReviewable, canReview });
  const { reload, selected, setRejecting, batchMode, setBatchMode } = queue;
  const lastFilters = useRef({} as InputOf<typeof withdrawApi.export>);
  const [totals, setTotals] = useState<DepositWithdrawTotals | null>(null);
  const [approving, setApproving] = useState<WithdrawItem | null>(null);
  const [results, setResults] = useState<{ rows: BatchRow[]; approve: boolean } | null>(null);

  // Header badge (a new `_t`) and record links (`keyword`): see useLinkedRecord.
  const linked = useLinkedRecord(queue.actionRef, queue.clearSelection);

  const review = async (id: number, v: { state: 1 | 2; reason?: string } & ApproveValues) => {
    await withdrawCalls.updateState({ id, ...v });
    feedback.message.success(t(v.state === 1 ? 'funds.withdraw.approved' : 'funds.withdraw.rejected'));
  };

  const reviewRows = async (rows: WithdrawItem[], v: { state: 1 | 2; reason?: string } & ApproveValues) => {
    const data = await withdrawCalls.batch({ ids: rows.map((r) => r.id).join(','), ...v });
    setResults({ rows: batchRows(data.results, rows.map(withdrawSubject), t('batch.missing')), approve: v.state === 1 });
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
                <a className="danger-link" onClick={() => setRejecting(r)} data-testid={`withdraw-reject-${r.id}`}>
                  {t('funds.withdraw.reject')}
                </a>
              </Access>,
            ]
          : [],
    },
  ];

  const rejecting = queue.rejecting;
  return (
    <ReviewListPage<WithdrawItem, Params>
      queue={queue}
      className="funds-page"
      testId="withdraw-list"
      {...linked}
      columns={columns}
      headerTitle={t('funds.withdraw.title')}
      layout={WITHDRAWALS_LAYOUT}
      live={['WITHDRAW_REQUEST', 'WITHDRAW_SETTLED']}
      batch={{
        selectedText: (n) => t('funds.withdraw.selected', { n }),
        selectedTestId: 'withdraw-selected',
        approveText: t('funds.withdraw.batchApprove'),
        approveTestId: 'withdraw-batch-approve',
        rejectText: t('funds.withdraw.batchReject'),
        rejectTestId: 'withdraw-batch-reject',
        clearText: t('funds.withdraw.clearSelection'),
      }}
      tableExtraRender={() => (
        <Totals totals={totals} label={(s) => withdrawLabel(s, lang)} colors={WITHDRAW_COLORS} testId="withdraw-totals" />
      )}
      toolBarRender={() => [
        <ExportButton
          key="export"
          endpoint={withdrawApi.export}
          filters={() => lastFilters.current}
          name="withdraw"
          testId="withdraw-export"
        />,
      ]}
      request={async (params) => {
        lastFilters.current = filtersOf(params);
        return tableRequest(
          () => withdrawCalls.list(toListQuery(params)),
          (d) => setTotals(d.totals),
        );
      }}
      dialogs={
        <>
          <ApproveModal
            open={!!approving || batchMode === 'approve'}
            item={approving}
            count={selected.length}
            total={sumAmounts(selected.map((r) => r.amount))}
            onClose={() => {
              setApproving(null);
              setBatchMode(null);
            }}
            onSubmit={async (v) => {
              if (approving) {
                await review(approving.id, { state: 1, ...v });
                reload();
                setApproving(null);
              } else await queue.runBatch((rows) => reviewRows(rows, { state: 1, ...v }));
            }}
          />
          <ReasonDialog
            {...queue.rejectDialog({
              one: (r, reason) => review(r.id, { state: 2, reason }),
              batch: (rows, reason) => reviewRows(rows, { state: 2, reason }),
            })}
            title={rejecting ? t('funds.withdraw.rejectTitle') : t('funds.withdraw.batchRejectTitle', { n: selected.length })}
            {...rejectReasonTexts(t)}
            testId="reject-withdraw-dialog"
          >
            <Typography.Paragraph type="secondary">
              {rejecting &&
                `${rejecting.orderNo} · ${rejecting.phone} · ${formatYuan(rejecting.amount)} · ${t('funds.withdraw.fee')} ${formatYuan(rejecting.fee)}`}
              {rejecting && <br />}
              {t('funds.withdraw.rejectHelp')}
            </Typography.Paragraph>
          </ReasonDialog>
          <BatchResultModal
            rows={results?.rows ?? null}
            approve={results?.approve}
            whatTitle={t('batch.amount')}
            onClose={() => setResults(null)}
            renderStatus={(s) => <Tag color={WITHDRAW_COLORS[Number(s)]}>{withdrawLabel(Number(s), lang)}</Tag>}
          />
        </>
      }
    />
  );
}
