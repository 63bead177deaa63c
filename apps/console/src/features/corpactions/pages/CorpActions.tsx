import { useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { PlayCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CORP_ACTION_STATUSES, type CorpAction, type CorpActionStatus } from '@stock-admin/contracts';
import { planText } from '@stock-admin/contracts/exrights';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { isHeldError } from '../../../lib/request';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { PriceText, StockCell } from '../../../shared/components/cells';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { formatCode } from '../../../shared/money';
import { tableRequest } from '../../../shared/tableRequest';
import { corpCalls } from '../api';
import { movedColumns } from '../components/movedColumns';
import { ActionModal } from '../components/ActionModal';
import { ImportModal } from '../components/ImportModal';
import { RunModal } from '../components/RunModal';
import { statusTag } from '../components/statusTag';

const LAYOUT: ListLayout = {
  id: 'corpactions',
  // at 1440 px: when, which stock, what it does, where it stands, and what it moved
  must: ['exDate', 'stock', 'plan', 'recordDate', 'status', 'positions', 'credited', 'debited', 'refPrice'],
  card: { head: ['stock', 'status'], fields: ['exDate', 'plan', 'recordDate', 'positions', 'credited', 'debited'] },
};

interface Filters {
  code?: string;
  status?: CorpActionStatus;
  exDate?: [string, string];
}

/**
 * 分红送转: every corporate action, latest ex-date first — entered or imported (dual control), cancelled while its quote
 * has not gone ex, applied by the ex-date job or by "run now" — with what each moved (positions, cash to longs, cash
 * from shorts) and a link to its positions' adjustments.
 */
export default function CorpActions() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [running, setRunning] = useState(false);
  const [cancelling, setCancelling] = useState<CorpAction | null>(null);
  const reload = () => void actionRef.current?.reload();

  const columns: ProColumns<CorpAction>[] = [
    { title: t('corpactions.col.exDate'), dataIndex: 'exDate', width: 110, valueType: 'dateRange', render: (_, r) => r.exDate },
    {
      title: t('corpactions.col.stock'),
      dataIndex: 'stock',
      key: 'stock',
      hideInSearch: true,
      render: (_, r) => <StockCell r={r} />,
    },
    { title: t('corpactions.col.stock'), dataIndex: 'code', hideInTable: true, fieldProps: { placeholder: '600000' } },
    {
      title: t('corpactions.col.plan'),
      dataIndex: 'plan',
      hideInSearch: true,
      render: (_, r) => <Typography.Text strong>{planText(r, lang)}</Typography.Text>,
    },
    { title: t('corpactions.col.recordDate'), dataIndex: 'recordDate', width: 110, hideInSearch: true },
    { title: t('corpactions.col.payDate'), dataIndex: 'payDate', width: 110, hideInSearch: true, render: (_, r) => r.payDate ?? '—' },
    {
      title: t('corpactions.col.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: Object.fromEntries(CORP_ACTION_STATUSES.map((s) => [s, { text: t(`corpactions.status.${s}`) }])),
      render: (_, r) => statusTag(t, r.status),
    },
    ...movedColumns<CorpAction>(t),
    {
      title: t('corpactions.col.refPrice'),
      dataIndex: 'refPrice',
      width: 110,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => <PriceText value={r.refPrice} />,
    },
    {
      title: t('corpactions.col.source'),
      dataIndex: 'source',
      width: 90,
      hideInSearch: true,
      render: (_, r) =>
        r.fileName ? <span title={r.fileName}>{t(`corpactions.source.${r.source}`)}</span> : t(`corpactions.source.${r.source}`),
    },
    { title: t('corpactions.col.createdBy'), dataIndex: 'createdBy', width: 110, hideInSearch: true, render: (_, r) => r.createdBy ?? '—' },
    {
      title: t('corpactions.col.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => fmtTime(r.createdAt),
    },
    {
      title: t('corpactions.col.note'),
      dataIndex: 'note',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => r.note ?? r.cancelReason ?? '—',
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 130,
      render: (_, r) => [
        <Link key="adj" to={`/corpactions/adjustments?actionId=${r.id}`} data-testid={`corp-adjustments-${r.id}`}>
          {t('corpactions.adjustments')}
        </Link>,
        r.status === 'scheduled' && can('corpactions', 'delete') ? (
          <a key="cancel" onClick={() => setCancelling(r)} data-testid={`corp-cancel-${r.id}`}>
            {t('corpactions.cancel')}
          </a>
        ) : null,
      ],
    },
  ];

  return (
    <div data-testid="page-corpactions">
      <Alert type="info" showIcon message={t('corpactions.ruleHelp')} style={{ marginBottom: 12 }} />
      <ListTable<CorpAction, Filters>
        {...tableDefaults()}
        rowKey="id"
        actionRef={actionRef}
        headerTitle={t('corpactions.menu.actions')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        live={['CORP_ACTIONS_APPLIED']}
        toolBarRender={() => [
          can('corpactions', 'add') ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="corp-add">
              {t('corpactions.add')}
            </Button>
          ) : null,
          can('corpactions', 'import') ? (
            <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="corp-import">
              {t('corpactions.import')}
            </Button>
          ) : null,
          can('corpactions', 'edit') ? (
            <Button key="run" icon={<PlayCircleOutlined />} onClick={() => setRunning(true)} data-testid="corp-run">
              {t('corpactions.run')}
            </Button>
          ) : null,
        ]}
        request={({ code, status, exDate, ...params }) =>
          tableRequest(() =>
            corpCalls.list({
              ...pageOf(params),
              ...(code ? { code } : {}),
              ...(status ? { status } : {}),
              ...(exDate ? { exFrom: exDate[0], exTo: exDate[1] } : {}),
            }),
          )
        }
      />
      <ActionModal open={adding} onClose={() => setAdding(false)} onDone={() => (setAdding(false), reload())} />
      <ImportModal open={importing} onClose={() => setImporting(false)} onDone={() => (setImporting(false), reload())} />
      <RunModal open={running} onClose={() => setRunning(false)} onDone={() => (setRunning(false), reload())} />
      <ReasonDialog
        open={!!cancelling}
        title={t('corpactions.cancelTitle', { plan: cancelling ? `${formatCode(cancelling.gid)} ${planText(cancelling, lang)}` : '' })}
        label={t('corpactions.cancelReason')}
        required
        danger
        testId="corp-cancel-reason"
        onClose={() => setCancelling(null)}
        onSubmit={async (reason) => {
          try {
            await corpCalls.cancel(cancelling!.id, reason);
            feedback.message.success(t('corpactions.cancelled'));
          } catch (e) {
            if (!isHeldError(e)) throw e;
          }
          setCancelling(null);
          reload();
        }}
      />
    </div>
  );
}
