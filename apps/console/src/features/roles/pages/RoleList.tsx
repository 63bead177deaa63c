import { useState } from 'react';
import { Popover, Space, Tag, Typography } from 'antd';
import { CrudList, type EditorProps } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { filtersOf, toListQuery, useUrlFilters } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { roleCalls } from '../../../shared/api/roles';
import { RoleFormModal } from '../components/RoleFormModal';
import '../roles.css';

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
      {/* the list's table sizes columns to their content: a bounded width is what lets the tags wrap */}
      <Space size={[4, 4]} wrap style={{ maxWidth: 284 }}>
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

/** The role editor as the list opens it: mounted only while open (the grid starts from the row each time). */
function RoleEditor({ open, record, onClose, onSaved }: EditorProps<RoleRecord>) {
  return open ? <RoleFormModal record={record} onClose={onClose} onSaved={onSaved} /> : null;
}

/** 角色管理: roles and their permission grids (spec §6; built-in roles cannot be deleted, 超级管理员 not edited). */
export default function RoleList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [viewing, setViewing] = useState<RoleRecord | null>(null);
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS);

  return (
    <CrudList<RoleRecord, { list: RoleRecord[]; total: number }>
      testId="page-rolelist"
      className="roles-page"
      title={t('roles.title')}
      layout={ROLES_LAYOUT}
      table={{ form: { initialValues }, options: { reload: true, density: false, setting: false } }}
      load={(_page, params) => {
        sync(filtersOf(params));
        return roleCalls.list(toListQuery(params));
      }}
      // the admins' role pickers read the roles too
      onChanged={() => void qc.invalidateQueries({ queryKey: ['admins', 'roles'] })}
      add={{ label: t('roles.add'), testId: 'role-add' }}
      actionsWidth={180}
      rowActions={(r) => [
        <a key="view" onClick={() => setViewing(r)} data-testid={`role-view-${r.name}`}>
          {t('roles.view')}
        </a>,
      ]}
      editable={(r) => r.code !== 'super'}
      editTestId={(r) => `role-edit-${r.name}`}
      remove={{
        when: (r) => !r.builtin,
        confirm: (r) => t('roles.deleteConfirm', { name: r.name }),
        description: (r) => (r.adminCount ? t('roles.inUse', { count: r.adminCount }) : undefined),
        run: (r) => roleCalls.del(r.id),
        done: () => feedback.message.success(t('roles.msg.deleted')),
        testId: (r) => `role-delete-${r.name}`,
      }}
      Editor={RoleEditor}
      extra={() => viewing && <RoleFormModal record={viewing} readOnly onClose={() => setViewing(null)} onSaved={() => setViewing(null)} />}
      columns={() => [
        { title: 'ID', dataIndex: 'id', width: 64, hideInSearch: true },
        {
          title: t('roles.col.name'),
          dataIndex: 'name',
          width: 180,
          render: (_, r) => (
            <Space size={4}>
              <span>{r.name}</span>
              {r.builtin && <Tag color="blue">{t('roles.builtin')}</Tag>}
            </Space>
          ),
        },
        { title: t('roles.col.describe'), dataIndex: 'describe', hideInSearch: true, ellipsis: true, width: 150 },
        // the tags wrap within it, so that the columns fit at 1440 px and the sticky actions cover none of them
        {
          title: t('roles.col.permissions'),
          dataIndex: 'permissions',
          width: 300,
          hideInSearch: true,
          render: (_, r) => <Grants role={r} />,
        },
        { title: t('roles.col.admins'), dataIndex: 'adminCount', width: 90, hideInSearch: true },
        {
          title: t('roles.col.updatedAt'),
          dataIndex: 'updatedAt',
          width: 170,
          hideInSearch: true,
          render: (_, r) => fmtTime(r.updatedAt),
        },
      ]}
    />
  );
}
