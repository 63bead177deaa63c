import { useRef, useState } from 'react';
import { Button, Popconfirm, Popover, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { filtersOf, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { roleCalls } from '../../../shared/api/roles';
import { RoleFormModal } from '../components/RoleFormModal';
import '../roles.css';
import { tableRequest } from '../../../shared/tableRequest';

/** 角色列表: every column (a short list): on a phone, a card per role (issue 39). */
const ROLES_LAYOUT: ListLayout = {
  id: 'roles',
  must: ['id', 'name', 'describe', 'permissions', 'adminCount', 'updatedAt'],
  card: { head: ['name'], fields: ['describe', 'adminCount', 'permissions'] },
};

const FILTER_KEYS = ['name'] as const;

/** The grants of a role as a short list (popover with every entry). */
function Grants({ role }: { role: RoleRecord }) {
  const { t } = useTranslation();
  if (!role.permissions.length) return <Typography.Text type="secondary">{t('roles.none')}</Typography.Text>;
  const full = (
    <div style={{ maxWidth: 520, maxHeight: 360, overflow: 'auto' }}>
      {role.permissions.map((p) => (
        <div key={p.permissionId} style={{ marginBottom: 4 }}>
          <b>{p.permissionName}</b>: {p.actionEntitySet.map((a) => a.describe).join(' / ')}
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={full} title={role.name}>
      <Space size={[4, 4]} wrap>
        {role.permissions.slice(0, 4).map((p) => (
          <Tag key={p.permissionId}>
            {p.permissionName} · {p.actions.length}
          </Tag>
        ))}
        {role.permissions.length > 4 && <Tag>+{role.permissions.length - 4}</Tag>}
      </Space>
    </Popover>
  );
}

/** 角色管理: roles and their permission grids (spec §6; built-in roles cannot be deleted). */
export default function RoleList() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const qc = useQueryClient();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ record: RoleRecord | null; readOnly?: boolean } | null>(null);
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS);
  const reload = () => {
    void actionRef.current?.reload();
    void qc.invalidateQueries({ queryKey: ['admins', 'roles'] });
  };

  const columns: ProColumns<RoleRecord>[] = [
    { title: 'ID', dataIndex: 'id', width: 64, hideInSearch: true },
    {
      title: t('roles.col.name'),
      dataIndex: 'name',
      width: 192,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.name}</span>
          {r.builtin && <Tag color="blue">{t('roles.builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('roles.col.describe'), dataIndex: 'describe', hideInSearch: true, ellipsis: true, width: 200 },
    { title: t('roles.col.permissions'), dataIndex: 'permissions', hideInSearch: true, render: (_, r) => <Grants role={r} /> },
    { title: t('roles.col.admins'), dataIndex: 'adminCount', width: 100, hideInSearch: true },
    {
      title: t('roles.col.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => fmtTime(r.updatedAt),
    },
    {
      title: t('roles.col.actions'),
      valueType: 'option',
      key: 'option',
      width: 180,
      fixed: 'right',
      render: (_, r) => {
        const superRole = r.code === 'super';
        const out = [
          <a key="view" onClick={() => setEditing({ record: r, readOnly: true })} data-testid={`role-view-${r.name}`}>
            {t('roles.view')}
          </a>,
        ];
        if (can('edit') && !superRole)
          out.push(
            <a key="edit" onClick={() => setEditing({ record: r })} data-testid={`role-edit-${r.name}`}>
              {t('roles.action.edit')}
            </a>,
          );
        if (can('delete') && !r.builtin)
          out.push(
            <Popconfirm
              key="del"
              title={t('roles.deleteConfirm', { name: r.name })}
              description={r.adminCount ? t('roles.inUse', { count: r.adminCount }) : undefined}
              onConfirm={async () => {
                try {
                  await roleCalls.del(r.id);
                  feedback.message.success(t('roles.msg.deleted'));
                  reload();
                } catch {
                  /* shown by the client */
                }
              }}
            >
              <a className="danger-link" data-testid={`role-delete-${r.name}`}>
                {t('roles.action.delete')}
              </a>
            </Popconfirm>,
          );
        return out;
      },
    },
  ];

  return (
    <div className="roles-page" data-testid="page-rolelist">
      <ListTable<RoleRecord, Params>
        {...tableDefaults()}
        headerTitle={t('roles.title')}
        actionRef={actionRef}
        columns={columns}
        layout={ROLES_LAYOUT}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: false }}
        request={async (params) => {
          sync(filtersOf(params));
          return tableRequest(() => roleCalls.list(toListQuery(params)));
        }}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} data-testid="role-add">
              {t('roles.add')}
            </Button>
          </Access>,
        ]}
      />
      {editing && (
        <RoleFormModal
          record={editing.record}
          readOnly={editing.readOnly}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
