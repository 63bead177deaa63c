import '../../../shared/styles/funds.css';
import { useRef, useState } from 'react';
import { Button, Image, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { RECHARGE_STATUS_LABELS, rechargeApi, type DepositWithdrawTotals, type InputOf, type RechargeItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { rechargeCalls } from '../api';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { CreateRechargeModal, NoteModal } from '../components/RechargeModals';
import { Totals } from '../components/Totals';
import { filtersOf, toListQuery, type Params } from '../../../shared/fundFilters';
import { formatYuan, IMAGE_FALLBACK } from '../../../shared/money';
import { RECHARGE_COLORS, rechargeLabel, statusEnum } from '../lib/status';
import { useLinkedRecord } from '../lib/useLinkedRecord';
import { rejectReasonTexts } from '../lib/reasonTexts';
import { orderFilterColumns, orderIdentityColumns } from '../components/orderColumns';
import { DEPOSITS_LAYOUT } from '../lib/layouts';
import { ReviewListPage } from '../../../shared/review/ReviewListPage';
import { tableRequest } from '../../../shared/tableRequest';
import { useReviewQueue } from '../../../shared/review/useReviewQueue';
import { fmtTime as time } from '../../../shared/format';
import { ExportButton } from '../../../shared/components/ExportButton';

/** Deposits (/capital/rechargelist, 充值列表): filters, totals of the filtered set, review, admin orders, notes, export. */
export default function RechargeList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useAccess();
  const queue = useReviewQueue<RechargeItem>({ reviewable: (r) => r.status === 0 });
  const { reload, setRejecting } = queue;
  const lastFilters = useRef({} as InputOf<typeof rechargeApi.export>);
  const linked = useLinkedRecord(queue.actionRef);
  const [totals, setTotals] = useState<DepositWithdrawTotals | null>(null);
  const [noting, setNoting] = useState<RechargeItem | null>(null);
  const [creating, setCreating] = useState(false);

  const confirm = async (r: RechargeItem) => {
    try {
      await rechargeCalls.confirm({ id: r.id });
      feedback.message.success(t('funds.recharge.confirmed'));
      reload();
    } catch {
      /* shown by the request client */
    }
  };

  const columns: ProColumns<RechargeItem>[] = [
    ...orderFilterColumns<RechargeItem>(t, can, { timeTitle: t('funds.common.createdAt'), channel: true }),
    ...orderIdentityColumns<RechargeItem>(t),
    {
      title: t('funds.common.channel'),
      dataIndex: 'channel',
      search: false,
      width: 170,
      render: (_, r) => r.channel.displayName || r.channel.name || '-',
    },
    {
      title: t('funds.common.status'),
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: statusEnum(RECHARGE_STATUS_LABELS, lang),
      // a failed deposit says why under its status (the reason column itself starts hidden)
      render: (_, r) => (
        <div>
          <Tag color={RECHARGE_COLORS[r.status]} data-testid={`recharge-status-${r.id}`}>
            {rechargeLabel(r.status, lang)}
          </Tag>
          {r.rejectReason && (
            <Tooltip title={r.rejectReason}>
              <Typography.Text type="secondary" ellipsis className="funds-status-reason" data-testid={`recharge-reason-${r.id}`}>
                {r.rejectReason}
              </Typography.Text>
            </Tooltip>
          )}
        </div>
      ),
    },
    {
      title: t('funds.recharge.source'),
      dataIndex: 'source',
      search: false,
      width: 100,
      render: (_, r) =>
        r.source === 'admin' ? <Tag color="purple">{t('funds.recharge.sourceAdmin')}</Tag> : t('funds.recharge.sourceUser'),
    },
    { title: t('funds.recharge.payer'), dataIndex: 'payerName', search: false, width: 100, render: (_, r) => r.payerName || '-' },
    {
      title: t('funds.recharge.receipt'),
      dataIndex: 'receiptImage',
      search: false,
      width: 90,
      render: (_, r) =>
        r.receiptImage ? (
          <Image fallback={IMAGE_FALLBACK} src={r.receiptImage} width={40} height={40} style={{ objectFit: 'cover' }} />
        ) : (
          '-'
        ),
    },
    {
      title: t('funds.common.userNote'),
      dataIndex: 'userNote',
      search: false,
      width: 140,
      ellipsis: true,
      render: (_, r) => (r.userNote ? <Tooltip title={r.userNote}>{r.userNote}</Tooltip> : '-'),
    },
    {
      title: t('funds.common.adminNote'),
      dataIndex: 'adminNote',
      search: false,
      width: 160,
      render: (_, r) => (
        <Space size={4} align="start">
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.adminNote }} style={{ margin: 0, maxWidth: 120 }}>
            {r.adminNote || '-'}
          </Typography.Paragraph>
          <Access action="edit">
            <Tooltip title={t('funds.recharge.editNote')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setNoting(r)}
                aria-label={t('funds.recharge.editNote')}
                data-testid={`recharge-note-${r.id}`}
              />
            </Tooltip>
          </Access>
        </Space>
      ),
    },
    {
      title: t('funds.common.rejectReason'),
      dataIndex: 'rejectReason',
      search: false,
      width: 150,
      ellipsis: true,
      render: (_, r) =>
        r.rejectReason ? (
          <Tooltip title={r.rejectReason}>
            <span>{r.rejectReason}</span>
          </Tooltip>
        ) : (
          '-'
        ),
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
    { title: t('funds.common.createdAt'), dataIndex: 'createdAt', search: false, width: 170, render: (_, r) => time(r.createdAt) },
    {
      title: t('funds.common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, r) =>
        queue.reviewable(r)
          ? [
              <Access key="confirm" action="edit">
                <Popconfirm
                  title={t('funds.recharge.confirmTitle')}
                  description={t('funds.recharge.confirmDesc', {
                    user: r.realName ? `${r.phone}（${r.realName}）` : r.phone,
                    amount: formatYuan(r.amount),
                  })}
                  okText={t('funds.common.ok')}
                  cancelText={t('funds.common.cancel')}
                  onConfirm={() => confirm(r)}
                >
                  <a data-testid={`recharge-confirm-${r.id}`}>{t('funds.recharge.confirm')}</a>
                </Popconfirm>
              </Access>,
              <Access key="reject" action="edit">
                <a className="danger-link" onClick={() => setRejecting(r)} data-testid={`recharge-reject-${r.id}`}>
                  {t('funds.recharge.reject')}
                </a>
              </Access>,
            ]
          : [],
    },
  ];

  const rejecting = queue.rejecting;
  return (
    <ReviewListPage<RechargeItem, Params>
      queue={queue}
      className="funds-page"
      testId="recharge-list"
      {...linked}
      columns={columns}
      headerTitle={t('funds.recharge.title')}
      layout={DEPOSITS_LAYOUT}
      live={['RECHARGE', 'RECHARGE_SETTLED', 'RECHARGE_FAILURE', 'CREATEORDER']}
      tableExtraRender={() => (
        <Totals totals={totals} label={(s) => rechargeLabel(s, lang)} colors={RECHARGE_COLORS} testId="recharge-totals" />
      )}
      toolBarRender={() => [
        <Access key="add" action="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="recharge-create">
            {t('funds.recharge.create')}
          </Button>
        </Access>,
        <ExportButton
          key="export"
          endpoint={rechargeApi.export}
          filters={() => lastFilters.current}
          name="recharge"
          testId="recharge-export"
        />,
      ]}
      request={async (params) => {
        lastFilters.current = filtersOf(params);
        return tableRequest(
          () => rechargeCalls.list(toListQuery(params)),
          (d) => setTotals(d.totals),
        );
      }}
      dialogs={
        <>
          <ReasonDialog
            {...queue.rejectDialog({
              one: async (r, reason) => {
                await rechargeCalls.reject({ id: r.id, reason });
                feedback.message.success(t('funds.recharge.rejected'));
              },
            })}
            title={t('funds.recharge.rejectTitle')}
            {...rejectReasonTexts(t)}
            testId="reject-recharge-dialog"
          >
            {rejecting && (
              <Typography.Paragraph type="secondary">
                {t('funds.recharge.orderInfo', {
                  orderNo: rejecting.orderNo,
                  user: rejecting.phone,
                  amount: formatYuan(rejecting.amount),
                })}
              </Typography.Paragraph>
            )}
          </ReasonDialog>
          <NoteModal
            order={noting}
            onClose={() => setNoting(null)}
            onSaved={() => {
              setNoting(null);
              reload();
            }}
          />
          <CreateRechargeModal
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              reload();
            }}
          />
        </>
      }
    />
  );
}
