import { useRef, useState } from 'react';
import { Badge, Button, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRecord, AdminStatus } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { filtersOf, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { adminCalls } from '../api';
import { roleCalls } from '../../../shared/api/roles';
import { ActivateModal } from '../components/ActivateModal';
import { AdminFormModal } from '../components/AdminFormModal';
import { GoogleModal, GoogleState } from '../components/GoogleModal';
import { mayDelete } from '../lib/rowRules';
import '../admins.css';
import { tableRequest } from '../../../shared/tableRequest';

/** 管理列表: who the admin is, the role, and the switches an operator flips (issue 39). */
const ADMINS_LAYOUT: ListLayout = {
  id: 'admins',
  must: ['id', 'adminUtopia', 'adminName', 'roleId', 'status', 'locked', 'googleEnabled', 'chatEnabled', 'online', 'lastLoginAt'],
  card: { head: ['adminName', 'status'], fields: ['adminUtopia', 'roleId', 'locked', 'online', 'lastLoginAt'] },
};

const FILTER_KEYS = ['adminName', 'adminUtopia', 'roleId', 'locked', 'status'] as const;
const STATUS_COLOR: Record<AdminStatus, string> = { active: 'green', pending: 'gold', expired: 'default' };

/** 管理列表: admin accounts and registration requests (spec §7 Admin accounts, DESIGN §5). */
export default function ManageList() {
  const { t } = useTranslation();
  const { can, isSuper, info } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<AdminRecord | 'new' | null>(null);
  const [google, setGoogle] = useState<AdminRecord | null>(null);
  const [activating, setActivating] = useState<AdminRecord | null>(null);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS, { numbers: ['roleId'] });
  const roles = useQuery({ queryKey: ['admins', 'roles'], queryFn: () => roleCalls.all({ silent: true }) });
  const roleList = roles.data?.list ?? [];
  const selfId = info?.id;
  const reload = () => void actionRef.current?.reload();

  /** Runs a row action with its switch/button busy; failures were shown by the request client. */
  const rowAction = async (key: string, fn: () => Promise<unknown>, done?: string) => {
    setPending((p) => ({ ...p, [key]: true }));
    try {
      await fn();
      if (done) feedback.message.success(done);
      reload();
    } catch {
      /* shown by the client */
    } finally {
      setPending((p) => ({ ...p, [key]: false }));
    }
  };

  const setLock = (r: AdminRecord, locked: boolean) => {
    const go = () =>
      rowAction(`lock-${r.id}`, () => adminCalls.updateLock({ id: r.id, locked }), t(locked ? 'admins.msg.locked' : 'admins.msg.unlocked'));
    if (!locked) return void go();
    feedback.modal.confirm({
      title: t('admins.lock.title'),
      content: t('admins.lock.content', { name: r.adminName }),
      onOk: go,
    });
  };

  const canEdit = can('edit');
  const anyRowAction = canEdit || can('delete') || (isSuper && can('enable'));

  const columns: ProColumns<AdminRecord>[] = [
    { title: 'ID', dataIndex: 'id', width: 64, hideInSearch: true },
    { title: t('admins.col.login'), dataIndex: 'adminUtopia', width: 150, copyable: true },
    {
      title: t('admins.col.name'),
      dataIndex: 'adminName',
      width: 210,
      render: (_, r) => (
        <Space size={4} wrap className="admin-name-cell">
          <span>{r.adminName}</span>
          {r.id === selfId && <Tag color="blue">{t('admins.you')}</Tag>}
          {r.isSuper && <Tag color="purple">{t('admins.super')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admins.col.role'),
      dataIndex: 'roleId',
      width: 140,
      valueType: 'select',
      fieldProps: { options: roleList.map((r) => ({ value: r.id, label: r.name })), showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.roleName}</span>
          {r.agentId != null && <Tag>{t('admins.agentTag', { id: r.agentId })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admins.col.status'),
      dataIndex: 'status',
      width: 120,
      valueType: 'select',
      valueEnum: {
        active: { text: t('admins.status.active') },
        pending: { text: t('admins.status.pending') },
        expired: { text: t('admins.status.expired') },
      },
      render: (_, r) => {
        const tag = <Tag color={STATUS_COLOR[r.status]}>{t(`admins.status.${r.status}`)}</Tag>;
        return r.expiresAt ? <Tooltip title={t('admins.expiresAt', { time: fmtTime(r.expiresAt) })}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('admins.col.locked'),
      dataIndex: 'locked',
      width: 110,
      valueType: 'select',
      valueEnum: { false: { text: t('admins.lock.normal') }, true: { text: t('admins.lock.locked') } },
      render: (_, r) => {
        const editable =
          canEdit && can(r.locked ? 'enable' : 'disable') && r.status === 'active' && r.id !== selfId && (!r.isSuper || isSuper);
        // One control for every row: a switch, disabled where this viewer may not change it.
        return (
          <Switch
            size="small"
            disabled={!editable}
            checked={r.locked}
            loading={pending[`lock-${r.id}`]}
            checkedChildren={t('admins.lock.locked')}
            unCheckedChildren={t('admins.lock.normal')}
            onChange={(v) => setLock(r, v)}
            data-testid={`lock-${r.adminUtopia}`}
          />
        );
      },
    },
    {
      title: t('admins.col.google'),
      dataIndex: 'googleEnabled',
      width: 110,
      hideInSearch: true,
      render: (_, r) => <GoogleState record={r} />,
    },
    {
      title: t('admins.col.chat'),
      dataIndex: 'chatEnabled',
      width: 96,
      hideInSearch: true,
      render: (_, r) =>
        canEdit && (!r.isSuper || isSuper) && r.status === 'active' ? (
          <Switch
            size="small"
            checked={r.chatEnabled}
            loading={pending[`chat-${r.id}`]}
            onChange={(v) =>
              void rowAction(`chat-${r.id}`, () => adminCalls.updateChat({ id: r.id, chatEnabled: v }), t('admins.msg.chat'))
            }
            aria-label={`${t('admins.col.chat')} · ${r.adminUtopia}`}
            data-testid={`chat-${r.adminUtopia}`}
          />
        ) : r.chatEnabled ? (
          t('admins.on')
        ) : (
          t('admins.off')
        ),
    },
    {
      title: t('admins.col.online'),
      dataIndex: 'online',
      width: 90,
      hideInSearch: true,
      render: (_, r) => <Badge status={r.online ? 'success' : 'default'} text={r.online ? t('admins.online') : t('admins.offline')} />,
    },
    {
      title: t('admins.col.lastLogin'),
      dataIndex: 'lastLoginAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) =>
        r.lastLoginAt ? (
          <div>
            <div>{fmtTime(r.lastLoginAt)}</div>
            <Typography.Text type="secondary">{r.lastLoginIp}</Typography.Text>
          </div>
        ) : (
          '-'
        ),
    },
    { title: t('admins.col.createdAt'), dataIndex: 'createdAt', width: 170, hideInSearch: true, render: (_, r) => fmtTime(r.createdAt) },
    {
      title: t('admins.col.actions'),
      valueType: 'option',
      key: 'option',
      width: 370,
      fixed: 'right',
      hideInTable: !anyRowAction,
      render: (_, r) => {
        const superLocked = r.isSuper && !isSuper;
        const items = [];
        if (r.status !== 'active') {
          if (r.status === 'pending' && isSuper && can('enable'))
            items.push(
              <a key="activate" onClick={() => setActivating(r)} data-testid={`activate-${r.adminUtopia}`}>
                {t('admins.activate.action')}
              </a>,
            );
        } else if (canEdit && !superLocked) {
          items.push(
            <a key="edit" onClick={() => setEditing(r)} data-testid={`edit-${r.adminUtopia}`}>
              {t('admins.action.edit')}
            </a>,
            <a key="google" onClick={() => setGoogle(r)} data-testid={`google-${r.adminUtopia}`}>
              {t('admins.action.google')}
            </a>,
            <Popconfirm
              key="offline"
              title={t('admins.offlineConfirm', { name: r.adminName })}
              onConfirm={() =>
                rowAction(`offline-${r.id}`, () =>
                  adminCalls.offline(r.id).then((d) => feedback.message.success(t('admins.msg.offline', { count: d.sessions }))),
                )
              }
            >
              <a data-testid={`offline-${r.adminUtopia}`}>{t('admins.action.offline')}</a>
            </Popconfirm>,
          );
        }
        if (r.status === 'active' && can('enable') && !superLocked)
          items.push(
            <Popconfirm
              key="unlock"
              title={t('admins.unlockConfirm', { name: r.adminName })}
              onConfirm={() => rowAction(`unlock-${r.id}`, () => adminCalls.unlockSignIn(r.id), t('admins.msg.signInUnlocked'))}
            >
              <a data-testid={`unlock-signin-${r.adminUtopia}`}>{t('admins.action.unlockSignIn')}</a>
            </Popconfirm>,
          );
        if (mayDelete(r, { selfId, isSuper, canDelete: can('delete') }))
          items.push(
            <Popconfirm
              key="delete"
              title={t('admins.deleteConfirm', { name: r.adminName })}
              onConfirm={() => rowAction(`del-${r.id}`, () => adminCalls.del(r.id), t('admins.msg.deleted'))}
            >
              <a className="danger-link" data-testid={`delete-${r.adminUtopia}`}>
                {t('admins.action.delete')}
              </a>
            </Popconfirm>,
          );
        return items;
      },
    },
  ];

  return (
    <div data-testid="page-managelist">
      <ListTable<AdminRecord, Params>
        {...tableDefaults()}
        headerTitle={t('admins.title')}
        actionRef={actionRef}
        columns={columns}
        layout={ADMINS_LAYOUT}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: true }}
        request={async (params) => {
          sync(filtersOf(params));
          return tableRequest(() => adminCalls.list(toListQuery(params)));
        }}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="admin-add">
              {t('admins.action.add')}
            </Button>
          </Access>,
        ]}
      />
      {editing && (
        <AdminFormModal
          record={editing === 'new' ? null : editing}
          roles={roleList}
          selfId={selfId}
          isSuper={isSuper}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {google && <GoogleModal record={google} selfId={selfId} onClose={() => setGoogle(null)} onChanged={reload} />}
      {activating && (
        <ActivateModal
          record={activating}
          roles={roleList}
          onClose={() => setActivating(null)}
          onDone={() => {
            setActivating(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
