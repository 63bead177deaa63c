import { Switch, Tag, Tooltip } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, type AgreementTemplate } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { time } from '../../../shared/components/cells';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { agreementCalls } from '../api';
import { TemplateDrawer } from '../components/TemplateDrawer';

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
  return (
    <CrudList
      testId="page-agreement-templates"
      title={t('agreements.template.title')}
      layout={TEMPLATES_LAYOUT}
      add={{ label: t('agreements.template.add'), testId: 'template-add' }}
      load={(page, params) =>
        agreementCalls.templates({
          ...page,
          name: (params.name as string | undefined)?.trim() || undefined,
          kind: (params.kind as AgreementTemplate['kind'] | undefined) || undefined,
        })
      }
      actionsWidth={200}
      editTestId={(r) => `template-edit-${r.id}`}
      rowActions={(r, { reload }) => [
        can('edit') && !r.isDefault && r.enabled && (
          <a key="def" onClick={() => void agreementCalls.setDefault(r.id).then(reload)}>
            {t('agreements.template.setDefault')}
          </a>
        ),
      ]}
      remove={{
        confirm: (r) => t('agreements.template.deleteConfirm', { name: r.name }),
        run: (r) => agreementCalls.removeTemplate(r.id),
        done: (d) =>
          feedback.message.success(t('agreements.template.deleted', { count: (d as { removedAssignments: number }).removedAssignments })),
      }}
      Editor={TemplateDrawer}
      columns={({ reload }) => [
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
              aria-label={`${t('agreements.template.enabled')} #${r.id}`}
              data-testid={`template-enabled-${r.id}`}
            />
          ),
        },
        { title: t('agreements.template.assigned'), dataIndex: 'assigned', search: false, width: 90, align: 'right' },
        { title: t('agreements.template.signed'), dataIndex: 'signed', search: false, width: 90, align: 'right' },
        { title: t('agreements.template.updatedBy'), dataIndex: 'updatedBy', search: false, width: 110 },
        {
          title: t('agreements.template.updatedAt'),
          dataIndex: 'updatedAt',
          search: false,
          width: 170,
          render: (_, r) => time(r.updatedAt),
        },
      ]}
    />
  );
}
