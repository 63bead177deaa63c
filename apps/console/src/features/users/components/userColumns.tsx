import { Badge, Dropdown, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { ListLayout } from '../../../shared/list/layout';
import type { TFunction } from 'i18next';
import { AccountType, RealState, type Action, type PermissionKey, type UserItem } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { Money } from '../../../shared/components/Money';
import { UserAgentSelect, TierSelect } from '../../../shared/components/AccountPickers';
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

/** What the user list's cells do and need to know. */
export interface UserColumnActions {
  /** Agent staff may not move real money (the server refuses it too): no adjustment of a real account. */
  agentStaff: boolean;
  tierName: (id: number | null) => string | null;
  lock: (u: UserItem, field: 'loginLocked' | 'tradeLocked', on: boolean) => void;
  review: (u: UserItem) => void;
  adjust: (u: UserItem) => void;
  bank: (u: UserItem) => void;
  edit: (u: UserItem) => void;
  kickOut: (u: UserItem) => Promise<void>;
  remove: (u: UserItem) => Promise<void>;
}

/**
 * The columns (and search fields) of 用户列表: identity, account type, agent, balances, real-name state,
 * locks (switches for editors), tier, registration, and the row's actions (review, adjust, bank cards, more).
 */
export function userColumns(
  t: TFunction,
  lang: string,
  can: (permissionOrAction: PermissionKey | Action, action?: Action) => boolean,
  on: UserColumnActions,
): ProColumns<UserItem>[] {
  // A lock: a switch for editors, else a red tag when locked.
  const lockColumn = (field: 'loginLocked' | 'tradeLocked', title: string, testId: string): ProColumns<UserItem> => ({
    title,
    dataIndex: field,
    search: false,
    width: 96,
    render: (_, u) =>
      can('edit') ? (
        <Switch
          size="small"
          checked={u[field]}
          onChange={(v) => on.lock(u, field, v)}
          aria-label={`${title} #${u.id}`}
          data-testid={`${testId}-${u.id}`}
        />
      ) : u[field] ? (
        <Tag color="red">{t('common.locked')}</Tag>
      ) : (
        '-'
      ),
  });
  return [
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
          {/* a lock in force shows here (the lock switches' columns start hidden: issue 39) */}
          {(u.loginLocked || u.tradeLocked) && (
            <Space size={2} data-testid={`user-locks-${u.id}`}>
              {u.loginLocked && <Tag color="red">{t('users.filter.loginLocked')}</Tag>}
              {u.tradeLocked && <Tag color="orange">{t('users.filter.tradeLocked')}</Tag>}
            </Space>
          )}
        </div>
      ),
    },
    { title: t('users.col.realName'), dataIndex: 'realName', width: 100, render: (_, u) => u.realName || '-' },
    {
      title: t('field.accountType'),
      dataIndex: 'accountType',
      width: 110,
      valueType: 'select',
      valueEnum: accountTypeEnum(lang),
      render: (_, u) => <Tag color={ACCOUNT_TYPE_COLORS[u.accountType]}>{accountTypeLabel(u.accountType, lang)}</Tag>,
    },
    {
      title: t('field.agent'),
      dataIndex: 'agentId',
      width: 130,
      hideInSearch: !can('agentlist', 'query'),
      renderFormItem: () => <UserAgentSelect />,
      render: (_, u) => u.agentName || <Typography.Text type="secondary">{t('common.noAgent')}</Typography.Text>,
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
    lockColumn('loginLocked', t('users.col.loginLocked'), 'user-loginlock'),
    lockColumn('tradeLocked', t('users.col.tradeLocked'), 'user-tradelock'),
    {
      title: t('users.col.tier'),
      dataIndex: 'layeringId',
      width: 100,
      hideInSearch: !can('layeringlist', 'query'),
      renderFormItem: () => <TierSelect allowNone />,
      render: (_, u) => on.tierName(u.layeringId) ?? '-',
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
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 250,
      render: (_, u) => [
        u.realState === RealState.PENDING ? (
          <a key="review" onClick={() => on.review(u)} data-testid={`user-review-${u.id}`}>
            {t('users.action.review')}
          </a>
        ) : (
          <a key="review" onClick={() => on.review(u)} data-testid={`user-review-${u.id}`}>
            {t('users.action.realInfo')}
          </a>
        ),
        <Access key="adjust" action="edit">
          <a
            hidden={on.agentStaff && u.accountType !== AccountType.SIMULATED}
            onClick={() => on.adjust(u)}
            data-testid={`user-adjust-${u.id}`}
          >
            {t('adjust.action')}
          </a>
        </Access>,
        <a key="bank" onClick={() => on.bank(u)} data-testid={`user-bank-${u.id}`}>
          {t('users.action.bank')}
        </a>,
        <Dropdown
          key="more"
          trigger={['click']}
          menu={{
            items: [
              ...(can('edit') ? [{ key: 'edit', label: <span data-testid={`user-edit-${u.id}`}>{t('common.edit')}</span> }] : []),
              ...(can('edit') ? [{ key: 'kick', label: <span data-testid={`user-kick-${u.id}`}>{t('users.action.kickOut')}</span> }] : []),
              ...(can('delete')
                ? [{ key: 'delete', danger: true, label: <span data-testid={`user-delete-${u.id}`}>{t('common.delete')}</span> }]
                : []),
            ],
            onClick: ({ key }) => {
              if (key === 'edit') on.edit(u);
              if (key === 'kick')
                feedback.modal.confirm({
                  title: t('users.action.kickConfirm', { phone: u.phone }),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => on.kickOut(u),
                });
              if (key === 'delete')
                feedback.modal.confirm({
                  title: t('users.action.deleteConfirm', { phone: u.phone }),
                  content: t('users.action.deleteHint'),
                  okText: t('common.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('common.cancel'),
                  onOk: () => on.remove(u),
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
}

/** 用户列表: who, their money and their state, for an operator acting on a user (issue 39). */
export const USERS_LAYOUT: ListLayout = {
  id: 'users',
  must: ['id', 'phone', 'realName', 'accountType', 'agentId', 'userAmt', 'enableAmt', 'frozenAmt', 'realState'],
  card: { head: ['phone', 'realState'], fields: ['id', 'realName', 'accountType', 'agentId', 'enableAmt', 'frozenAmt'] },
};
