import { useRef, useState } from 'react';
import { Button, Popconfirm, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, StarFilled } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, type AgreementTemplate } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { time } from '../../../shared/components/cells';
import { agreementCalls } from '../api';
import { TemplateDrawer } from '../components/TemplateDrawer';
import { tableRequest } from '../../../shared/tableRequest';

/** 合同模板: every column (a short list): on a phone, a card per template (issue 39). */
const TEMPLATES_LAYOUT: ListLayout = {
  id: 'contract-templates',
  must: ['name', 'kind', 'version', 'enabled', 'assigned', 'signed', 'updatedBy', 'updatedAt'],
  card: { head: ['name', 'enabled'], fields: ['kind', 'version', 'assigned', 'signed'] },
};

/** 合同模版 (/contractsettings/template): templates by type, the default of each type, versions, use counts. */
export default function Templates() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<AgreementTemplate | null | 'new'>(null);
  const reload = () => void actionRef.current?.reload();

  const columns: ProColumns<AgreementTemplate>[] = [
    {
      title: t('agreements.template.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (_, r) => (
        <span data-testid={`template-${r.id}`}>
          {r.isDefault && (
            <Tooltip title={t('agreements.template.isDefault')}>
              <StarFilled style={{ color: '#faad14', marginInlineEnd: 6 }} />
            </Tooltip>
          )}
          {r.name}
        </span>
      ),
    },
    {
      title: t('agreements.template.kind'),
      dataIndex: 'kind',
      width: 180,
      valueType: 'select',
      valueEnum: Object.fromEntries(AGREEMENT_KINDS.map((k) => [k, { text: t(`agreements.kinds.${k}`) }])),
      render: (_, r) => <Tag>{t(`agreements.kinds.${r.kind}`)}</Tag>,
    },
    { title: t('agreements.template.version'), dataIndex: 'version', search: false, width: 80, render: (_, r) => `v${r.version}` },
    {
      title: t('agreements.template.enabled'),
      dataIndex: 'enabled',
      width: 90,
      search: false,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          disabled={!can('enable')}
          onChange={(v) => void agreementCalls.setEnabled(r.id, v).then(reload)}
          data-testid={`template-enabled-${r.id}`}
        />
      ),
    },
    { title: t('agreements.template.assigned'), dataIndex: 'assigned', search: false, width: 90, align: 'right' },
    { title: t('agreements.template.signed'), dataIndex: 'signed', search: false, width: 90, align: 'right' },
    { title: t('agreements.template.updatedBy'), dataIndex: 'updatedBy', search: false, width: 110 },
    { title: t('agreements.template.updatedAt'), dataIndex: 'updatedAt', search: false, width: 170, render: (_, r) => time(r.updatedAt) },
    {
      title: t('agreements.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 200,
      render: (_, r) => [
        can('edit') && (
          <a key="edit" onClick={() => setEditing(r)} data-testid={`template-edit-${r.id}`}>
            {t('agreements.edit')}
          </a>
        ),
        can('edit') && !r.isDefault && r.enabled && (
          <a key="def" onClick={() => void agreementCalls.setDefault(r.id).then(reload)}>
            {t('agreements.template.setDefault')}
          </a>
        ),
        can('delete') && (
          <Popconfirm
            key="del"
            title={t('agreements.template.deleteConfirm', { name: r.name })}
            onConfirm={() =>
              agreementCalls.removeTemplate(r.id).then((d) => {
                feedback.message.success(t('agreements.template.deleted', { count: d.removedAssignments }));
                reload();
              })
            }
          >
            <Typography.Link type="danger">{t('agreements.delete')}</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-agreement-templates">
      <ListTable<AgreementTemplate>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t('agreements.template.title')}
        search={{ labelWidth: 'auto' }}
        layout={TEMPLATES_LAYOUT}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-add">
              {t('agreements.template.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          return tableRequest(() =>
            agreementCalls.templates({
              pageNum: params.current ?? 1,
              pageSize: params.pageSize ?? 10,
              name: (params.name as string | undefined)?.trim() || undefined,
              kind: params.kind || undefined,
            }),
          );
        }}
      />
      <TemplateDrawer
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
