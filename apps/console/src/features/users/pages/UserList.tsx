import '../../../shared/styles/users.css';
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Dropdown, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AccountType, RealState, usersApi, type UserItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { REFRESH_PARAM } from '../../../lib/tabs';
import { userCalls } from '../api';
import { AdjustModal, type AdjustValues } from '../../../shared/components/AdjustModal';
import { BankModal } from '../components/BankModal';
import { Money } from '../../../shared/components/Money';
import { AgentSelect, TierSelect, useTiers } from '../../../shared/components/AccountPickers';
import { ReviewDrawer } from '../components/ReviewDrawer';
import { AddUserModal, BatchMoveModal, EditUserModal } from '../components/UserFormModals';
import { formatMoney } from '../../../shared/money';
import { previewAdjust, type Balances } from '../../../shared/decimal';
import { downloadExport } from '../../../lib/download';
import { pageOfParams, userFilters, type Params, type Sort } from '../../../shared/userFilters';
import {
  accountTypeEnum,
  accountTypeLabel,
  ACCOUNT_TYPE_COLORS,
  realStateEnum,
  realStateLabel,
  REAL_STATE_COLORS,
} from '../../../shared/userLabels';
import { maskIdNumber } from '../lib/mask';
import { fmtTime as time } from '../../../shared/format';

/** 用户列表 (/userlist/index): filters, real-name review, balance adjustment, bank cards, accounts, batch actions, export. */
export default function UserList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can, info } = useAccess();
  /** Agent staff may not move real money (the server refuses it too). */
  const agentStaff = info?.agentId != null;
  const actionRef = useRef<ActionType>(undefined);
  const formRef = useRef<ProFormInstance>(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const tiers = useTiers();
  const tierName = (id: number | null) => (id == null ? null : (tiers.find((x) => x.id === id)?.layeringName ?? `#${id}`));

  const [selected, setSelected] = useState<UserItem[]>([]);
  const [reviewing, setReviewing] = useState<UserItem | null>(null);
  const [adjusting, setAdjusting] = useState<UserItem | null>(null);
  const [adjustBase, setAdjustBase] = useState<Balances | null>(null);
  const [banking, setBanking] = useState<UserItem | null>(null);
  const [editing, setEditing] = useState<UserItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<'agent' | 'tier' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [pendingOnly, setPendingOnly] = useState(false);

  const reload = () => void actionRef.current?.reload();

  const showPending = (on: boolean) => {
    setPendingOnly(on);
    formRef.current?.setFieldsValue({ realState: on ? String(RealState.PENDING) : undefined });
    formRef.current?.submit();
  };

  // Header badge (实名审核): a new `_t` asks this page for fresh data, showing the pending reviews.
  const [search] = useSearchParams();
  const stamp = search.get(REFRESH_PARAM);
  const seenStamp = useRef<string | null>(null);
  useEffect(() => {
    if (stamp && stamp !== seenStamp.current) {
      seenStamp.current = stamp;
      setSelected([]);
      // the form may mount a moment after the page
      const apply = () => (formRef.current ? showPending(true) : setTimeout(apply, 50));
      apply();
    }
  }, [stamp]);

  // Fresh balances for the adjustment preview (the row may be minutes old).
  useEffect(() => {
    if (!adjusting) return setAdjustBase(null);
    setAdjustBase({ userAmt: adjusting.userAmt, enableAmt: adjusting.enableAmt, frozenAmt: adjusting.frozenAmt });
    let live = true;
    userCalls
      .detail(adjusting.id, { silent: true })
      .then((d) => live && setAdjustBase({ userAmt: d.userAmt, enableAmt: d.enableAmt, frozenAmt: d.frozenAmt }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [adjusting]);

  const setLock = async (u: UserItem, field: 'loginLocked' | 'tradeLocked', on: boolean) => {
    try {
      const r = await userCalls.update({ id: u.id, [field]: on } as never);
      feedback.message.success(r.msg);
      reload();
    } catch {
      /* shown by the client */
    }
  };

  const simple = async (fn: () => Promise<{ msg: string }>, after?: () => void) => {
    try {
      const r = await fn();
      feedback.message.success(r.msg);
      after?.();
      reload();
    } catch {
      /* shown by the client */
    }
  };

  const batch = (patch: Record<string, boolean>) =>
    simple(
      () => userCalls.updateList({ ids: selected.map((u) => u.id).join(','), ...patch } as never),
      () => setSelected([]),
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport(usersApi.export, lastFilters.current as never, `users-${dayjs().format('YYYYMMDD')}.csv`);
    } finally {
      setExporting(false);
    }
  };

  const adjust = async (v: AdjustValues) => {
    const u = adjusting!;
    const d = await userCalls.adjust(u.accountType === AccountType.SIMULATED, {
      userId: u.id,
      amt: v.amt,
      direction: v.direction,
      note: v.note,
    } as never);
    feedback.message.success(t('users.adjust.done', { balance: formatMoney(d.enableAmt) }));
    setAdjusting(null);
    reload();
  };

  const columns: ProColumns<UserItem>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 70, sorter: true, fixed: 'left' },
    {
      title: t('users.col.phone'),
      dataIndex: 'phone',
      width: 150,
      fixed: 'left',
      fieldProps: { placeholder: t('users.filter.phonePlaceholder') },
      render: (_, u) => (
        <div>
          <Space size={4}>
            <Badge status={u.online ? 'success' : 'default'} title={u.online ? t('users.col.online') : t('users.col.offline')} />
            <span>{u.phone}</span>
          </Space>
          {u.nickName ? <div className="ua-sub">{u.nickName}</div> : null}
        </div>
      ),
    },
    { title: t('users.col.realName'), dataIndex: 'realName', width: 100, render: (_, u) => u.realName || '-' },
    {
      title: t('users.col.accountType'),
      dataIndex: 'accountType',
      width: 110,
      valueType: 'select',
      valueEnum: accountTypeEnum(lang),
      render: (_, u) => <Tag color={ACCOUNT_TYPE_COLORS[u.accountType]}>{accountTypeLabel(u.accountType, lang)}</Tag>,
    },
    {
      title: t('users.col.agent'),
      dataIndex: 'agentId',
      width: 130,
      hideInSearch: !can('agentlist', 'query'),
      renderFormItem: () => <AgentSelect />,
      render: (_, u) => u.agentName || <Typography.Text type="secondary">{t('users.common.noAgent')}</Typography.Text>,
    },
    {
      title: t('users.col.userAmt'),
      dataIndex: 'userAmt',
      search: false,
      width: 130,
      align: 'right',
      sorter: true,
      render: (_, u) => <Money value={u.userAmt} strong />,
    },
    {
      title: t('users.col.enableAmt'),
      dataIndex: 'enableAmt',
      search: false,
      width: 130,
      align: 'right',
      sorter: true,
      render: (_, u) => <Money value={u.enableAmt} />,
    },
    {
      title: t('users.col.frozenAmt'),
      dataIndex: 'frozenAmt',
      search: false,
      width: 120,
      align: 'right',
      sorter: true,
      render: (_, u) => <Money value={u.frozenAmt} />,
    },
    {
      title: t('users.col.realState'),
      dataIndex: 'realState',
      width: 110,
      valueType: 'select',
      valueEnum: realStateEnum(lang),
      render: (_, u) => {
        const tag = (
          <Tag color={REAL_STATE_COLORS[u.realState]} data-testid={`user-realstate-${u.id}`}>
            {realStateLabel(u.realState, lang)}
          </Tag>
        );
        return u.realState === RealState.REJECTED && u.realRejectReason ? <Tooltip title={u.realRejectReason}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('users.col.idNumber'),
      dataIndex: 'idNumber',
      search: false,
      width: 170,
      render: (_, u) => <span style={{ fontFamily: 'monospace' }}>{maskIdNumber(u.idNumber)}</span>,
    },
    {
      title: t('users.col.lockState'),
      dataIndex: 'lockState',
      hideInTable: true,
      valueType: 'select',
      valueEnum: {
        loginLocked: { text: t('users.filter.loginLocked') },
        tradeLocked: { text: t('users.filter.tradeLocked') },
        unlocked: { text: t('users.filter.unlocked') },
      },
    },
    {
      title: t('users.col.loginLocked'),
      dataIndex: 'loginLocked',
      search: false,
      width: 96,
      render: (_, u) =>
        can('edit') ? (
          <Switch
            size="small"
            checked={u.loginLocked}
            onChange={(v) => void setLock(u, 'loginLocked', v)}
            data-testid={`user-loginlock-${u.id}`}
          />
        ) : u.loginLocked ? (
          <Tag color="red">{t('users.common.locked')}</Tag>
        ) : (
          '-'
        ),
    },
    {
      title: t('users.col.tradeLocked'),
      dataIndex: 'tradeLocked',
      search: false,
      width: 96,
      render: (_, u) =>
        can('edit') ? (
          <Switch
            size="small"
            checked={u.tradeLocked}
            onChange={(v) => void setLock(u, 'tradeLocked', v)}
            data-testid={`user-tradelock-${u.id}`}
          />
        ) : u.tradeLocked ? (
          <Tag color="red">{t('users.common.locked')}</Tag>
        ) : (
          '-'
        ),
    },
    {
      title: t('users.col.tier'),
      dataIndex: 'layeringId',
      width: 100,
      hideInSearch: !can('layeringlist', 'query'),
      renderFormItem: () => <TierSelect allowNone />,
      render: (_, u) => tierName(u.layeringId) ?? '-',
    },
    {
      title: t('users.col.regTime'),
      dataIndex: 'regRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
    },
    {
      title: t('users.col.regTime'),
      dataIndex: 'regTime',
      search: false,
      width: 170,
      sorter: true,
      render: (_, u) => (
        <div>
          <div className="ua-nowrap">{time(u.regTime)}</div>
          <div className="ua-sub">{u.regIp || ''}</div>
        </div>
      ),
    },
    {
      title: t('users.col.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 250,
      render: (_, u) => [
        u.realState === RealState.PENDING ? (
          <a key="review" onClick={() => setReviewing(u)} data-testid={`user-review-${u.id}`}>
            {t('users.action.review')}
          </a>
        ) : (
          <a key="review" onClick={() => setReviewing(u)} data-testid={`user-review-${u.id}`}>
            {t('users.action.realInfo')}
          </a>
        ),
        <Access key="adjust" action="edit">
          <a
            hidden={agentStaff && u.accountType !== AccountType.SIMULATED}
            onClick={() => setAdjusting(u)}
            data-testid={`user-adjust-${u.id}`}
          >
            {t('users.action.adjust')}
          </a>
        </Access>,
        <a key="bank" onClick={() => setBanking(u)} data-testid={`user-bank-${u.id}`}>
          {t('users.action.bank')}
        </a>,
        <Dropdown
          key="more"
          trigger={['click']}
          menu={{
            items: [
              ...(can('edit') ? [{ key: 'edit', label: <span data-testid={`user-edit-${u.id}`}>{t('users.common.edit')}</span> }] : []),
              ...(can('edit') ? [{ key: 'kick', label: <span data-testid={`user-kick-${u.id}`}>{t('users.action.kickOut')}</span> }] : []),
              ...(can('delete')
                ? [{ key: 'delete', danger: true, label: <span data-testid={`user-delete-${u.id}`}>{t('users.common.delete')}</span> }]
                : []),
            ],
            onClick: ({ key }) => {
              if (key === 'edit') setEditing(u);
              if (key === 'kick')
                feedback.modal.confirm({
                  title: t('users.action.kickConfirm', { phone: u.phone }),
                  okText: t('users.common.ok'),
                  cancelText: t('users.common.cancel'),
                  onOk: () => simple(() => userCalls.kickOut(u.id)),
                });
              if (key === 'delete')
                feedback.modal.confirm({
                  title: t('users.action.deleteConfirm', { phone: u.phone }),
                  content: t('users.action.deleteHint'),
                  okText: t('users.common.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('users.common.cancel'),
                  onOk: () => simple(() => userCalls.remove(u.id)),
                });
            },
          }}
        >
          <a data-testid={`user-more-${u.id}`}>
            {t('users.action.more')} <DownOutlined />
          </a>
        </Dropdown>,
      ],
    },
  ];

  const ids = selected.map((u) => u.id);

  return (
    <div data-testid="user-list">
      <ProTable<UserItem, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        headerTitle={t('users.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 6, xxl: 6 } }}
        scroll={{ x: 2000 }}
        rowSelection={
          can('edit') ? { selectedRowKeys: ids, onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true } : undefined
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <span>{t('users.batch.selected', { n: selectedRowKeys.length })}</span>
            <a onClick={onCleanSelected}>{t('users.batch.clear')}</a>
          </Space>
        )}
        tableAlertOptionRender={() => (
          <Access action="edit">
            <Space wrap data-testid="user-batch">
              <Popconfirm
                title={t('users.batch.confirm', { n: ids.length })}
                onConfirm={() => batch({ loginLocked: true })}
                okText={t('users.common.ok')}
                cancelText={t('users.common.cancel')}
              >
                <a>{t('users.batch.lockLogin')}</a>
              </Popconfirm>
              <Popconfirm
                title={t('users.batch.confirm', { n: ids.length })}
                onConfirm={() => batch({ loginLocked: false })}
                okText={t('users.common.ok')}
                cancelText={t('users.common.cancel')}
              >
                <a>{t('users.batch.unlockLogin')}</a>
              </Popconfirm>
              <Popconfirm
                title={t('users.batch.confirm', { n: ids.length })}
                onConfirm={() => batch({ tradeLocked: true })}
                okText={t('users.common.ok')}
                cancelText={t('users.common.cancel')}
              >
                <a>{t('users.batch.lockTrade')}</a>
              </Popconfirm>
              <Popconfirm
                title={t('users.batch.confirm', { n: ids.length })}
                onConfirm={() => batch({ tradeLocked: false })}
                okText={t('users.common.ok')}
                cancelText={t('users.common.cancel')}
              >
                <a>{t('users.batch.unlockTrade')}</a>
              </Popconfirm>
              {can('agentlist', 'query') && <a onClick={() => setMoving('agent')}>{t('users.batch.moveAgent')}</a>}
              {can('layeringlist', 'query') && <a onClick={() => setMoving('tier')}>{t('users.batch.moveTier')}</a>}
            </Space>
          </Access>
        )}
        toolBarRender={() => [
          <Button
            key="pending"
            type={pendingOnly ? 'primary' : 'default'}
            ghost={pendingOnly}
            onClick={() => showPending(!pendingOnly)}
            data-testid="user-pending-toggle"
          >
            {t('users.filter.pendingOnly')}
          </Button>,
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="user-add">
              {t('users.add.button')}
            </Button>
          </Access>,
          <Access key="export" action="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="user-export">
              {t('users.common.export')}
            </Button>
          </Access>,
        ]}
        onReset={() => setPendingOnly(false)}
        request={async (params: Params, sort: Sort) => {
          const filters = userFilters(params, sort);
          setPendingOnly(filters.realState === RealState.PENDING);
          const { sortField: _f, sortOrder: _o, ...exportable } = filters;
          lastFilters.current = exportable;
          try {
            const d = await userCalls.list({ ...pageOfParams(params), ...filters } as never);
            return { data: d.list, total: d.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
      />
      <ReviewDrawer
        user={reviewing}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          reload();
        }}
      />
      <AdjustModal
        open={!!adjusting}
        title={t('users.adjust.title')}
        testId="user-adjust"
        subject={
          adjusting ? (
            <span>
              {t('users.adjust.subject', { user: `${adjusting.phone}${adjusting.realName ? `（${adjusting.realName}）` : ''}` })}{' '}
              <Tag color={ACCOUNT_TYPE_COLORS[adjusting.accountType]}>{accountTypeLabel(adjusting.accountType, lang)}</Tag>
            </span>
          ) : null
        }
        previewRows={(v) => {
          const p = adjustBase ? previewAdjust(adjustBase, v.amt, v.direction) : null;
          if (!p) return null;
          return {
            insufficient: p.insufficient,
            rows: (['userAmt', 'enableAmt', 'frozenAmt'] as const).map((k) => ({
              key: k,
              label: t(`users.col.${k}`),
              before: p.before[k],
              after: p.after[k],
            })),
          };
        }}
        onSubmit={adjust}
        onClose={() => setAdjusting(null)}
      />
      <BankModal user={banking} onClose={() => setBanking(null)} />
      <AddUserModal
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          reload();
        }}
      />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          reload();
        }}
      />
      <BatchMoveModal
        mode={moving}
        ids={ids}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null);
          setSelected([]);
          reload();
        }}
      />
    </div>
  );
}
