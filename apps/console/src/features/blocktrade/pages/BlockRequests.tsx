import '../../../shared/styles/trading.css';
import { useState } from 'react';
import { Form, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BLOCK_REQUEST_STATUSES, type BlockRequestItem, type DataOf, type blocktradeApi } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { BatchResultModal } from '../../../shared/components/BatchResultModal';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { Amount, Note, PriceText, StockCell, UserCell, time } from '../../../shared/components/cells';
import { batchRows, orderSubject, type BatchRow } from '../../../shared/batch';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { ReviewListPage } from '../../../shared/review/ReviewListPage';
import type { ListLayout } from '../../../shared/list/layout';
import { useReviewQueue } from '../../../shared/review/useReviewQueue';
import { blocktradeCalls } from '../api';
import { tableRequest } from '../../../shared/tableRequest';
import { formatCount, formatYuan } from '../../../shared/money';
import { sumAmounts } from '../../../shared/decimal';
import { pageOf } from '../../../lib/proTable';

const STATUS_COLOR = { pending: 'orange', approved: 'green', rejected: 'red', cancelled: 'default' } as const;
type Totals = DataOf<typeof blocktradeApi.requests>['totals'];

/** 大宗交易列表: what an operator reviewing a request must see (issue 39). */
const BLOCK_REQUESTS_LAYOUT: ListLayout = {
  id: 'block-requests',
  must: ['user', 'stock', 'shares', 'price', 'amount', 'hold', 'statusTag', 'filled'],
  card: { head: ['user', 'statusTag'], fields: ['stock', 'shares', 'price', 'amount', 'hold'] },
};

/**
 * 大宗交易列表 (/position/dzList): the users' block-trade requests, pending first by default; approve one (fewer
 * shares or another price allowed) or reject it with a reason; batch actions with each request's outcome.
 * Follows header badge 20: a live BUY_DZ_REQUEST reloads it.
 */
export default function BlockRequests() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canReview = can('edit');
  const queue = useReviewQueue<BlockRequestItem>({ reviewable: (r) => r.status === 'pending', canReview });
  const [totals, setTotals] = useState<Totals | null>(null);
  const [approving, setApproving] = useState<BlockRequestItem | null>(null);
  const [results, setResults] = useState<{ rows: BatchRow[]; approve: boolean } | null>(null);
  const [form] = Form.useForm<{ shares?: number; price?: string }>();
  // a link may open the queue on another status (?status=approved); pending otherwise
  const [search] = useSearchParams();
  const [initialStatus] = useState(() => {
    const s = search.get('status');
    return s && (BLOCK_REQUEST_STATUSES as readonly string[]).includes(s) ? s : 'pending';
  });
  const { reload, selected } = queue;
  useQueueRefresh(queue.actionRef, { onFresh: queue.clearSelection });

  /** Reviews the chosen requests (queue.runBatch then clears the selection and reloads); each one's outcome is shown. */
  const reviewRows = async (chosen: BlockRequestItem[], approve: boolean, reason?: string) => {
    const d = await blocktradeCalls.batchReview(
      chosen.map((r) => r.id),
      approve,
      reason,
    );
    setResults({
      rows: batchRows(
        d.results,
        chosen.map((r) => orderSubject({ ...r, orderNo: r.requestNo })),
        t('batch.missing'),
      ),
      approve,
    });
  };
  const confirmBatchApprove = () =>
    feedback.modal.confirm({
      title: t('blocktrade.request.batchApproveTitle', {
        count: selected.length,
        amount: formatYuan(sumAmounts(selected.map((r) => r.amount))),
      }),
      content: t('blocktrade.request.batchApproveContent'),
      okText: t('blocktrade.request.approve'),
      cancelText: t('common.cancel'),
      onOk: () => queue.runBatch((chosen) => reviewRows(chosen, true)).catch(() => undefined),
    });

  const columns: ProColumns<BlockRequestItem>[] = [
    { title: t('blocktrade.request.userId'), dataIndex: 'userId', hideInTable: true, valueType: 'digit' },
    { title: t('blocktrade.request.phone'), dataIndex: 'phone', hideInTable: true },
    { title: t('blocktrade.request.stock'), dataIndex: 'gid', hideInTable: true, fieldProps: { placeholder: 'sh600036' } },
    {
      title: t('blocktrade.request.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      initialValue: initialStatus,
      valueEnum: Object.fromEntries(BLOCK_REQUEST_STATUSES.map((s) => [s, { text: t(`blocktrade.request.statuses.${s}`) }])),
    },
    { title: t('blocktrade.request.time'), dataIndex: 'time', hideInTable: true, valueType: 'dateTimeRange' },
    {
      title: t('blocktrade.request.requestNo'),
      dataIndex: 'requestNo',
      search: false,
      width: 230,
      fixed: 'left',
      render: (_, r) => (
        <Typography.Text copyable style={{ fontVariantNumeric: 'tabular-nums' }}>
          {r.requestNo}
        </Typography.Text>
      ),
    },
    { title: t('blocktrade.request.user'), key: 'user', search: false, width: 170, render: (_, r) => <UserCell r={r} /> },
    { title: t('blocktrade.request.stock'), key: 'stock', search: false, width: 120, render: (_, r) => <StockCell r={r} /> },
    {
      title: t('blocktrade.request.shares'),
      dataIndex: 'shares',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => formatCount(r.shares),
    },
    {
      title: t('blocktrade.request.price'),
      dataIndex: 'price',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => <PriceText value={r.price} />,
    },
    {
      title: t('blocktrade.request.amount'),
      dataIndex: 'amount',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => <Amount value={r.amount} />,
    },
    {
      title: t('blocktrade.request.fee'),
      dataIndex: 'fee',
      search: false,
      width: 80,
      align: 'right',
      render: (_, r) => <Amount value={r.fee} type="secondary" />,
    },
    {
      title: t('blocktrade.request.hold'),
      dataIndex: 'hold',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => <Amount value={r.hold} />,
    },
    {
      title: t('blocktrade.request.status'),
      key: 'statusTag',
      search: false,
      width: 90,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`block-status-${r.id}`}>
          {t(`blocktrade.request.statuses.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: t('blocktrade.request.approved'),
      key: 'filled',
      search: false,
      width: 150,
      render: (_, r) =>
        r.positionId ? (
          <Space size={4}>
            <span>
              {formatCount(r.approvedShares)} @ {r.fillPrice}
            </span>
            <Link to={`/position/financing?userId=${r.userId}`}>{t('blocktrade.request.position')}</Link>
          </Space>
        ) : (
          '-'
        ),
    },
    { title: t('blocktrade.request.reason'), dataIndex: 'reason', search: false, width: 140, render: (_, r) => <Note text={r.reason} /> },
    { title: t('blocktrade.request.reviewer'), dataIndex: 'reviewedBy', search: false, width: 100, render: (_, r) => r.reviewedBy ?? '-' },
    { title: t('blocktrade.request.createdAt'), dataIndex: 'createdAt', search: false, width: 170, render: (_, r) => time(r.createdAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 120,
      render: (_, r) =>
        canReview && r.status === 'pending'
          ? [
              <a
                key="approve"
                onClick={() => {
                  form.setFieldsValue({ shares: r.shares, price: undefined });
                  setApproving(r);
                }}
                data-testid={`block-approve-${r.id}`}
              >
                {t('blocktrade.request.approve')}
              </a>,
              <Typography.Link key="reject" type="danger" onClick={() => queue.setRejecting(r)} data-testid={`block-reject-${r.id}`}>
                {t('blocktrade.request.reject')}
              </Typography.Link>,
            ]
          : [],
    },
  ];

  return (
    <ReviewListPage<BlockRequestItem>
      queue={queue}
      className="trading-page"
      testId="block-requests"
      columns={columns}
      headerTitle={t('blocktrade.request.title')}
      search={{ labelWidth: 'auto' }}
      layout={BLOCK_REQUESTS_LAYOUT}
      live={['BUY_DZ_REQUEST', 'BUY_DZ_SETTLED']}
      options={{ reload: true, density: false, setting: true }}
      batch={{
        selectedText: (n) => t('blocktrade.request.selected', { n }),
        selectedTestId: 'block-selected',
        approveText: t('blocktrade.request.batchApprove'),
        approveTestId: 'block-batch-approve',
        onApprove: confirmBatchApprove,
        rejectText: t('blocktrade.request.batchReject'),
        rejectTestId: 'block-batch-reject',
        clearText: t('blocktrade.request.clear'),
      }}
      tableExtraRender={() =>
        totals && (
          <Typography.Text type="secondary" data-testid="block-totals" style={{ paddingInline: 4 }}>
            {t('blocktrade.request.totals', {
              count: totals.count,
              shares: formatCount(totals.shares),
              amount: formatYuan(totals.amount),
              hold: formatYuan(totals.hold),
            })}
          </Typography.Text>
        )
      }
      request={async (params) => {
        const [start, end] = (params.time as string[] | undefined) ?? [];
        return tableRequest(
          () =>
            blocktradeCalls.requests({
              ...pageOf(params),
              userId: params.userId || undefined,
              phone: (params.phone as string | undefined)?.trim() || undefined,
              gid: (params.gid as string | undefined)?.trim() || undefined,
              status: params.status || undefined,
              startTime: start ? new Date(start).toISOString() : undefined,
              endTime: end ? new Date(end).toISOString() : undefined,
            }),
          (d) => {
            setTotals(d.totals);
          },
        );
      }}
      dialogs={
        <>
          <Modal
            open={!!approving}
            title={approving ? t('blocktrade.request.approveTitle', { no: approving.requestNo }) : ''}
            okText={t('blocktrade.request.approve')}
            cancelText={t('common.cancel')}
            onCancel={() => setApproving(null)}
            destroyOnHidden
            onOk={async () => {
              const v = await form.validateFields();
              await blocktradeCalls.approve(approving!.id, v.shares, v.price ? String(v.price) : undefined);
              feedback.message.success(t('blocktrade.request.approvedDone'));
              setApproving(null);
              reload();
            }}
          >
            <Form form={form} layout="vertical" data-testid="block-approve-form">
              <Form.Item
                name="shares"
                label={t('blocktrade.request.approveShares')}
                tooltip={t('blocktrade.request.approveSharesTip')}
                rules={[{ required: true }]}
              >
                <InputNumber min={100} max={approving?.shares} step={100} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="price" label={t('blocktrade.request.approvePrice')} tooltip={t('blocktrade.request.approvePriceTip')}>
                <InputNumber min={0.01} step={0.01} precision={2} placeholder={approving?.price} style={{ width: '100%' }} stringMode />
              </Form.Item>
            </Form>
          </Modal>
          <ReasonDialog
            {...queue.rejectDialog({
              one: (r, reason) => blocktradeCalls.reject(r.id, reason).then(() => undefined),
              batch: (chosen, reason) => reviewRows(chosen, false, reason),
            })}
            title={t('blocktrade.request.rejectTitle')}
            label={t('blocktrade.request.rejectReason')}
            required
            okText={t('blocktrade.request.reject')}
            testId="block-reject-dialog"
          />
          <BatchResultModal
            rows={results?.rows ?? null}
            approve={results?.approve}
            whatTitle={t('batch.stock')}
            onClose={() => setResults(null)}
          />
        </>
      }
    />
  );
}
