import { useCallback, useMemo, useState } from 'react';
import { Badge, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { CrudList, type EditorProps } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRecord, AdminStatus } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { filtersOf, toListQuery, useUrlFilters } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { adminCalls } from '../api';
import { roleCalls } from '../../../shared/api/roles';
import { ActivateModal } from '../components/ActivateModal';
import { AdminFormModal } from '../components/AdminFormModal';
import { GoogleModal, GoogleState } from '../components/GoogleModal';
import { mayDelete } from '../lib/rowRules';
import '../admins.css';

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
  const [google, setGoogle] = useState<AdminRecord | null>(null);
  const [activating, setActivating] = useState<AdminRecord | null>(null);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS, { numbers: ['roleId'] });
  const roles = useQuery({ queryKey: ['admins', 'roles'], queryFn: () => roleCalls.all({ silent: true }) });
  // one array while the answer holds: the editor component below depends on it
  const roleList = useMemo(() => roles.data?.list ?? [], [roles.data]);
  const selfId = info?.id;

  /** Runs a row action with its switch/button busy, then reloads; failures were shown by the request client. */
  const rowAction = async (reload: () => void, key: string, fn: () => Promise<unknown>, done?: string) => {
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

  const setLock = (reload: () => void, r: AdminRecord, locked: boolean) => {
    const go = () =>
      rowAction(
        reload,
        `lock-${r.id}`,
        () => adminCalls.updateLock({ id: r.id, locked }),
        t(locked ? 'admins.msg.locked' : 'admins.msg.unlocked'),
      );
    if (!locked) return void go();
    feedback.modal.confirm({
      title: t('admins.lock.title'),
      content: t('admins.lock.content', { name: r.adminName }),
      onOk: go,
    });
  };

  const canEdit = can('edit');
  // the form's roles and the viewer: one component while they hold, so the list keeps it mounted
  const Editor = useCallback(
    ({ open, record, onClose, onSaved }: EditorProps<AdminRecord>) =>
      open ? (
        <AdminFormModal record={record} roles={roleList} selfId={selfId} isSuper={isSuper} onClose={onClose} onSaved={onSaved} />
      ) : null,
    [roleList, selfId, isSuper],
  );

  const columns = ({ reload }: { reload(): void }): ProColumns<AdminRecord>[] => [
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
            onChange={(v) => setLock(reload, r, v)}
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
              void rowAction(reload, `chat-${r.id}`, () => adminCalls.updateChat({ id: r.id, chatEnabled: v }), t('admins.msg.chat'))
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
  ];

  /** Before edit: the activation of a registration request (a super admin's, with `enable`). */
  const rowActions = (r: AdminRecord) =>
    r.status === 'pending'
      ? [
          <a key="activate" onClick={() => setActivating(r)} data-testid={`activate-${r.adminUtopia}`}>
            {t('admins.activate.action')}
          </a>,
        ]
      : [];

  /** After edit, before delete: two-step sign-in, sign-out everywhere, the sign-in lockout. */
  const afterEdit = (r: AdminRecord, { reload }: { reload(): void }) => {
    const superLocked = r.isSuper && !isSuper;
    const items = [];
    if (r.status === 'active' && canEdit && !superLocked)
      items.push(
        <a key="google" onClick={() => setGoogle(r)} data-testid={`google-${r.adminUtopia}`}>
          {t('admins.action.google')}
        </a>,
        <Popconfirm
          key="offline"
          title={t('admins.offlineConfirm', { name: r.adminName })}
          onConfirm={() =>
            rowAction(reload, `offline-${r.id}`, () =>
              adminCalls.offline(r.id).then((d) => feedback.message.success(t('admins.msg.offline', { count: d.sessions }))),
            )
          }
        >
          <a data-testid={`offline-${r.adminUtopia}`}>{t('admins.action.offline')}</a>
        </Popconfirm>,
      );
    if (r.status === 'active' && can('enable') && !superLocked)
      items.push(
        <Popconfirm
          key="unlock"
          title={t('admins.unlockConfirm', { name: r.adminName })}
          onConfirm={() => rowAction(reload, `unlock-${r.id}`, () => adminCalls.unlockSignIn(r.id), t('admins.msg.signInUnlocked'))}
        >
          <a data-testid={`unlock-signin-${r.adminUtopia}`}>{t('admins.action.unlockSignIn')}</a>
        </Popconfirm>,
      );
    return items;
  };

  return (
    <CrudList<AdminRecord, { list: AdminRecord[]; total: number }>
      testId="page-managelist"
      title={t('admins.title')}
      layout={ADMINS_LAYOUT}
      table={{ form: { initialValues }, options: { reload: true, density: false, setting: true } }}
      load={(_page, params) => {
        sync(filtersOf(params));
        return adminCalls.list(toListQuery(params));
      }}
      add={{ label: t('admins.action.add'), testId: 'admin-add' }}
      actionsWidth={370}
      // a viewer who may change nothing gets no actions column
      rowActions={isSuper && can('enable') ? rowActions : undefined}
      afterEdit={canEdit || can('enable') ? afterEdit : undefined}
      // a request is activated, not edited; a super admin's account is edited by a super admin only
      editable={(r) => r.status === 'active' && !(r.isSuper && !isSuper)}
      editTestId={(r) => `edit-${r.adminUtopia}`}
      remove={{
        when: (r) => mayDelete(r, { selfId, isSuper, canDelete: true }),
        confirm: (r) => t('admins.deleteConfirm', { name: r.adminName }),
        run: (r) => adminCalls.del(r.id),
        done: () => feedback.message.success(t('admins.msg.deleted')),
        testId: (r) => `delete-${r.adminUtopia}`,
      }}
      Editor={Editor}
      extra={({ reload }) => (
        <>
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
        </>
      )}
      columns={columns}
    />
  );
}
