import { useRef, useState } from 'react';
import { Button, Popconfirm, Select, Tag, Typography } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_STATUSES, type AgreementItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { time } from '../../../shared/components/cells';
import { agreementCalls } from '../api';
import { AssignModal } from '../components/AssignModal';
import { AgreementViewer } from '../components/AgreementViewer';
import { STATUS_COLOR, UserText } from '../components/cells';
import { tableRequest } from '../../../shared/tableRequest';

/** 合同分配: which template went to whom, when, and whether it was signed (issue 39). */
const ASSIGNMENTS_LAYOUT: ListLayout = {
  id: 'assignments',
  must: ['templateName', 'user', 'status', 'assignedBy', 'assignedAt', 'pushedAt', 'signedAt'],
  card: { head: ['user', 'status'], fields: ['templateName', 'assignedAt', 'signedAt'] },
};

// Not on CrudList: an assignment is made for many users at once (AssignModal) and never edited; its row actions are push and
// 移除, and the selection pushes in bulk.
/** 合同分配 (/contractsettings/assign): who has which template and where each stands; assign, push, remove. */
export default function Assignments() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [assigning, setAssigning] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<AgreementItem[]>([]);
  const reload = () => void actionRef.current?.reload();
  const templates = useQuery({
    queryKey: ['agreements', 'templates', 'all'],
    queryFn: () => agreementCalls.templates({ pageNum: 1, pageSize: 200 }),
  });
  const push = async (ids: number[]) => {
    const r = await agreementCalls.push({ ids });
    feedback.message.success(t('agreements.assign.pushed', { count: r.pushed }));
    setSelected([]);
    reload();
  };

  const columns: ProColumns<AgreementItem>[] = [
    {
      title: t('agreements.assign.template'),
      dataIndex: 'templateId',
      hideInTable: true,
      renderFormItem: () => <Select allowClear options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))} />,
    },
    { title: t('agreements.assign.phone'), dataIndex: 'phone', hideInTable: true },
    { title: t('agreements.assign.userId'), dataIndex: 'userId', hideInTable: true, valueType: 'digit' },
    { title: t('agreements.assign.template'), dataIndex: 'templateName', search: false, ellipsis: true },
    { title: t('agreements.assign.user'), key: 'user', search: false, width: 190, render: (_, r) => <UserText r={r} /> },
    {
      title: t('agreements.assign.status'),
      dataIndex: 'status',
      width: 170,
      valueType: 'select',
      valueEnum: Object.fromEntries(AGREEMENT_STATUSES.map((s) => [s, { text: t(`agreements.statuses.${s}`) }])),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`assignment-status-${r.id}`}>
          {t(`agreements.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('agreements.assign.assignedBy'), dataIndex: 'assignedBy', search: false, width: 110 },
    { title: t('agreements.assign.assignedAt'), dataIndex: 'assignedAt', search: false, width: 170, render: (_, r) => time(r.assignedAt) },
    { title: t('agreements.assign.pushedAt'), dataIndex: 'pushedAt', search: false, width: 170, render: (_, r) => time(r.pushedAt) },
    { title: t('agreements.review.signedAt'), dataIndex: 'signedAt', search: false, width: 170, render: (_, r) => time(r.signedAt) },
    {
      title: t('agreements.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 150,
      render: (_, r) => [
        <a key="view" onClick={() => setViewing(r.id)}>
          {t('agreements.review.view')}
        </a>,
        can('add') && r.status === 'assigned' && (
          <a key="push" onClick={() => void push([r.id])} data-testid={`assignment-push-${r.id}`}>
            {t('agreements.assign.push')}
          </a>
        ),
        can('delete') && (r.status === 'assigned' || r.status === 'pushed') && (
          <Popconfirm key="del" title={t('agreements.assign.removeConfirm')} onConfirm={() => agreementCalls.remove(r.id).then(reload)}>
            <Typography.Link type="danger">{t('agreements.assign.remove')}</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  const pushable = selected.filter((r) => r.status === 'assigned');
  return (
    <div data-testid="page-agreement-assign">
      <ListTable<AgreementItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t('agreements.assign.title')}
        search={{ labelWidth: 'auto' }}
        layout={ASSIGNMENTS_LAYOUT}
        rowSelection={can('add') ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) } : undefined}
        toolBarRender={() => [
          pushable.length > 0 && (
            <Button key="push" icon={<SendOutlined />} onClick={() => void push(pushable.map((r) => r.id))}>
              {t('agreements.assign.pushSelected', { count: pushable.length })}
            </Button>
          ),
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)} data-testid="assign-add">
              {t('agreements.assign.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          return tableRequest(() =>
            agreementCalls.assignments({
              ...pageOf(params),
              templateId: params.templateId || undefined,
              status: params.status || undefined,
              phone: (params.phone as string | undefined)?.trim() || undefined,
              userId: params.userId || undefined,
            }),
          );
        }}
      />
      <AssignModal
        open={assigning}
        onClose={() => setAssigning(false)}
        onDone={() => {
          setAssigning(false);
          reload();
        }}
      />
      <AgreementViewer id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
