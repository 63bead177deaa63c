import { useEffect, useRef, useState } from 'react';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { PlusOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  SUB_STATUS,
  SUBSCRIBE_TYPES,
  type DataOf,
  type IssueItem,
  type IssueKind,
  type SubscriptionItem,
  type newsharesApi,
} from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { Amount, time } from '../../../shared/components/cells';
import { newsharesCalls } from '../api';
import { issuePrice } from '../lib/format';
import { AddRecordDialog } from '../components/AddRecordDialog';
import { AllotCsvModal } from '../components/AllotCsvModal';
import { AllotDialog } from '../components/AllotDialog';
import { BatchResultModal } from '../../../shared/components/BatchResultModal';
import { batchRows, type BatchRow, type BatchSubject } from '../../../shared/batch';
import { tableRequest } from '../../../shared/tableRequest';
import { formatCode, formatCount, formatYuan } from '../../../shared/money';

type Totals = DataOf<typeof newsharesApi.records>['totals'];
const STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'default', 3: 'gold', 4: 'blue', 5: 'green', 6: 'red', 7: 'default' };
const STATUSES = Object.values(SUB_STATUS);

/** 新股申购记录: who applied for which issue, how much was allotted and paid, its state (issue 39). */
const SHARE_RECORDS_LAYOUT: ListLayout = {
  id: 'share-records',
  must: ['user', 'issue', 'statusTag', 'qty', 'frozenAmount', 'paidAmount'],
  card: { head: ['user', 'statusTag'], fields: ['issue', 'qty', 'frozenAmount', 'paidAmount'] },
};
const BOND_RECORDS_LAYOUT: ListLayout = { ...SHARE_RECORDS_LAYOUT, id: 'bond-records' };

/** A subscription as a batch's result names it: its number, the user, the issue. */
const subscriptionSubject = (r: SubscriptionItem): BatchSubject => ({
  id: r.id,
  ref: r.orderNo,
  who: r.realName ? `${r.realName} ${r.phone}` : r.phone,
  what: `${r.name} ${formatCode(r)}`,
});

// Not on CrudList: a subscription is not edited but moved through its states (allot, not allotted, pay, convert), with the
// filtered set's totals, batch conversion and a CSV allotment; delete is one of those state actions.
/**
 * 新股申购记录 / 新债申购记录 (/newshares/newsharesrecord, /newshares/newzhairecord): the users' subscriptions
 * with filters and the totals of the filtered set; allot (a quantity, or not allotted), pay on the user's
 * behalf, convert to a position (one, or the selected paid ones), delete while pending, add one by hand, and
 * allot a whole issue from a CSV. Agent staff see and act on their subtree only (the server enforces it).
 */
export function SubscriptionRecords({ kind }: { kind: IssueKind }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [search] = useSearchParams();
  const [issueId] = useState(() => Number(search.get('issueId')) || undefined);
  const [issues, setIssues] = useState<IssueItem[]>([]);
  const [totals, setTotals] = useState<Totals | null>(null);
  const [selected, setSelected] = useState<SubscriptionItem[]>([]);
  const [allotting, setAllotting] = useState<SubscriptionItem | null>(null);
  const [csvIssue, setCsvIssue] = useState<IssueItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [converted, setConverted] = useState<BatchRow[] | null>(null);
  const [filterIssue, setFilterIssue] = useState<number | undefined>(issueId);
  const reload = () => void actionRef.current?.reload();
  const unit = t(`newshares.unit.${kind}`);

  useEffect(() => {
    void newsharesCalls.issues(kind, { pageNum: 1, pageSize: 100 }).then(
      (d) => setIssues(d.list),
      () => undefined,
    );
  }, [kind]);

  const act = (p: Promise<unknown>) =>
    p.then(
      () => reload(),
      () => reload(),
    );
  const convertSelected = async () => {
    const chosen = selected;
    const d = await newsharesCalls.batchConvert(chosen.map((r) => r.id));
    setSelected([]);
    setConverted(batchRows(d.results, chosen.map(subscriptionSubject), t('batch.missing')));
    reload();
  };

  const columns: ProColumns<SubscriptionItem>[] = [
    {
      title: t('newshares.record.issue'),
      dataIndex: 'issueId',
      hideInTable: true,
      valueType: 'select',
      initialValue: issueId,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: issues.map((i) => ({ value: i.id, label: `${i.name} ${formatCode(i)}` })),
      },
    },
    { title: t('newshares.record.userId'), dataIndex: 'userId', hideInTable: true, valueType: 'digit' },
    { title: t('newshares.record.phone'), dataIndex: 'phone', hideInTable: true },
    { title: t('newshares.record.agentId'), dataIndex: 'agentId', hideInTable: true, valueType: 'digit' },
    {
      title: t('newshares.record.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((s) => [s, { text: t(`newshares.status.${s}`) }])),
    },
    {
      title: t('newshares.record.type'),
      dataIndex: 'subscribeType',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(SUBSCRIBE_TYPES.map((s) => [s, { text: t(`newshares.typeShort.${s}`) }])),
    },
    { title: t('newshares.record.time'), dataIndex: 'time', hideInTable: true, valueType: 'dateTimeRange' },
    { title: t('newshares.record.orderNo'), dataIndex: 'orderNo', search: false, width: 240, fixed: 'left', copyable: true },
    {
      title: t('newshares.record.user'),
      key: 'user',
      search: false,
      width: 150,
      render: (_, r) => (
        <div>
          <div>
            {r.realName || r.phone} <Typography.Text type="secondary">#{r.userId}</Typography.Text>
          </div>
          {r.realName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.phone}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('newshares.record.issue'),
      key: 'issue',
      search: false,
      width: 170,
      render: (_, r) => (
        <div>
          <div>
            {r.name} <Typography.Text type="secondary">{formatCode(r)}</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`newshares.typeShort.${r.subscribeType}`)} · {issuePrice(r.issuePrice)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('newshares.record.status'),
      key: 'statusTag',
      search: false,
      width: 170,
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`sub-status-${r.id}`}>
          {t(`newshares.status.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: `${t('newshares.record.applied')} / ${t('newshares.record.allotted')}`,
      key: 'qty',
      search: false,
      width: 166,
      align: 'right',
      render: (_, r) => (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatCount(r.appliedQty)} / {r.status === 1 ? '-' : formatCount(r.allottedQty)} {unit}
        </span>
      ),
    },
    {
      title: t('newshares.record.frozen'),
      dataIndex: 'frozenAmount',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => <Amount value={r.frozenAmount} />,
    },
    {
      title: t('newshares.record.paid'),
      dataIndex: 'paidAmount',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => <Amount value={r.paidAmount} />,
    },
    {
      title: t('newshares.record.steps'),
      key: 'steps',
      search: false,
      width: 226,
      render: (_, r) => (
        <div style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          <div>{time(r.createdAt)}</div>
          {(['allottedAt', 'paidAt', 'convertedAt'] as const)
            .filter((k) => r[k])
            .map((k) => (
              <div key={k}>
                <Typography.Text type="secondary">{t(`newshares.record.${k}`)}</Typography.Text> {time(r[k])}
              </div>
            ))}
        </div>
      ),
    },
    {
      title: t('newshares.record.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 190,
      render: (_, r) => {
        if (r.status === SUB_STATUS.pending)
          return [
            can('edit') && (
              <a key="allot" onClick={() => setAllotting(r)} data-testid={`sub-allot-${r.id}`}>
                {t('newshares.record.allot')}
              </a>
            ),
            can('edit') && (
              <Popconfirm key="no" title={t('newshares.record.notAllotConfirm')} onConfirm={() => act(newsharesCalls.notAllot(r.id))}>
                <a>{t('newshares.record.notAllot')}</a>
              </Popconfirm>
            ),
            can('delete') && (
              <Popconfirm key="del" title={t('newshares.record.deleteConfirm')} onConfirm={() => act(newsharesCalls.deleteRecord(r.id))}>
                <Typography.Link type="danger">{t('newshares.record.delete')}</Typography.Link>
              </Popconfirm>
            ),
          ];
        if (r.status === SUB_STATUS.allotted && can('edit')) {
          const amount = formatYuan(new Decimal(r.issuePrice).times(r.allottedQty).toFixed(2));
          return [
            <Popconfirm key="pay" title={t('newshares.record.payConfirm', { amount })} onConfirm={() => act(newsharesCalls.pay(r.id))}>
              <a data-testid={`sub-pay-${r.id}`}>{t('newshares.record.pay')}</a>
            </Popconfirm>,
          ];
        }
        if (r.status === SUB_STATUS.paid && can('edit'))
          return [
            <Popconfirm key="conv" title={t('newshares.record.convertConfirm')} onConfirm={() => act(newsharesCalls.convert(r.id))}>
              <a data-testid={`sub-convert-${r.id}`}>{t('newshares.record.convert')}</a>
            </Popconfirm>,
          ];
        if (r.status === SUB_STATUS.converted && r.positionId)
          return [
            <Link key="pos" to={`/position/financing?userId=${r.userId}`}>
              {t('newshares.record.position')}
            </Link>,
          ];
        return [];
      },
    },
  ];

  const csvTarget = issues.find((i) => i.id === filterIssue) ?? null;
  return (
    <div data-testid={`records-${kind}`}>
      <ListTable<SubscriptionItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t(`newshares.record.title.${kind}`)}
        search={{ labelWidth: 'auto' }}
        layout={kind === 'bond' ? BOND_RECORDS_LAYOUT : SHARE_RECORDS_LAYOUT}
        options={{ reload: true, density: false, setting: true }}
        rowSelection={
          can('edit')
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_, rows) => setSelected(rows),
                getCheckboxProps: (r) => ({ disabled: r.status !== SUB_STATUS.paid }),
              }
            : undefined
        }
        tableAlertRender={false}
        tableExtraRender={() =>
          totals && (
            <Typography.Text type="secondary" data-testid="records-totals">
              {t('newshares.record.totals', {
                applied: formatCount(totals.applied),
                allotted: formatCount(totals.allotted),
                frozen: formatYuan(totals.frozen),
              })}
            </Typography.Text>
          )
        }
        toolBarRender={() => [
          can('edit') && selected.length > 0 && (
            <Popconfirm key="conv" title={t('newshares.record.convertConfirm')} onConfirm={() => void convertSelected()}>
              <Button icon={<SwapOutlined />} data-testid="records-batch-convert">
                {t('newshares.record.batchConvert')} ({selected.length})
              </Button>
            </Popconfirm>
          ),
          <Access key="csv" action="import">
            <Button
              icon={<UploadOutlined />}
              disabled={!csvTarget}
              title={csvTarget ? undefined : t('newshares.csv.pickIssue')}
              onClick={() => setCsvIssue(csvTarget)}
              data-testid="records-csv"
            >
              {t('newshares.record.batchAllot')}
            </Button>
          </Access>,
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="records-add">
              {t('newshares.record.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          const [begin, end] = (params.time as string[] | undefined) ?? [];
          setFilterIssue(params.issueId ? Number(params.issueId) : undefined);
          return tableRequest(
            () =>
              newsharesCalls.records({
                kind,
                ...pageOf(params),
                issueId: params.issueId || undefined,
                userId: params.userId || undefined,
                phone: (params.phone as string | undefined)?.trim() || undefined,
                agentId: params.agentId || undefined,
                status: params.status || undefined,
                subscribeType: params.subscribeType || undefined,
                beginTime: begin ? new Date(begin).toISOString() : undefined,
                endTime: end ? new Date(end).toISOString() : undefined,
              }),
            (d) => {
              setTotals(d.totals);
              setSelected([]);
            },
          );
        }}
      />
      <AllotDialog
        record={allotting}
        onClose={() => setAllotting(null)}
        onDone={() => {
          setAllotting(null);
          reload();
        }}
      />
      <AllotCsvModal issue={csvIssue} onClose={() => setCsvIssue(null)} onDone={reload} />
      <AddRecordDialog
        open={adding}
        issues={issues}
        issueId={filterIssue}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          reload();
        }}
      />
      <BatchResultModal
        rows={converted}
        title={t('newshares.record.convertResult')}
        whatTitle={t('batch.issue')}
        onClose={() => setConverted(null)}
      />
    </div>
  );
}
