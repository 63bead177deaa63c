import '../../../shared/styles/funds.css';
import { useRef, useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import type { LayeringItem } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { reportLoadFailure } from '../lib/loadFailed';
import { formatCount, formatMoney } from '../../../shared/money';
import { layeringCalls } from '../api';
import { LayeringChannelsModal } from '../components/LayeringChannelsModal';
import { LayeringFormModal } from '../components/LayeringFormModal';
import { tableRequest } from '../../../shared/tableRequest';

/** 用户分层: every column (a short list): on a phone, a card per tier (issue 39). */
const TIERS_LAYOUT: ListLayout = {
  id: 'tiers',
  must: ['layeringName', 'payNums', 'payMoney', 'withdrawalMoney', 'withdrawalNums'],
  card: { head: ['layeringName'], fields: ['payNums', 'payMoney', 'withdrawalNums', 'withdrawalMoney'] },
};

/**
 * Layering list screen (/capital/layleringlist — the spec's spelling; the old /capital/layeringlist redirects —, 分层列表; spec §2 "Layering list screen"): refresh and
 * add buttons; layering name, recharge count, recharge amount, withdrawal amount, withdrawal count;
 * edit, channels and delete per row; page 1, size 10, options 10/20/50/100, 共 N 条.
 */
export default function LayeringList() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ tier: LayeringItem | null } | null>(null);
  const [channelsOf, setChannelsOf] = useState<LayeringItem | null>(null);

  const reload = () => void actionRef.current?.reload();

  const remove = async (id: number) => {
    try {
      await layeringCalls.layeringDelete(id);
      feedback.message.success(t('channels.layering.deleted'));
      reload();
    } catch {
      /* shown by the request client */
    }
  };

  const columns: ProColumns<LayeringItem>[] = [
    {
      title: t('channels.layering.layeringName'),
      dataIndex: 'layeringName',
      render: (_, r) => (
        <Space size={6}>
          <span>{r.layeringName}</span>
          {r.isDefault && <Tag color="blue">{t('channels.layering.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('channels.layering.payNums'), dataIndex: 'payNums', align: 'right', render: (_, r) => formatCount(r.payNums) },
    { title: t('channels.layering.payMoney'), dataIndex: 'payMoney', align: 'right', render: (_, r) => formatMoney(r.payMoney) },
    {
      title: t('channels.layering.withdrawalMoney'),
      dataIndex: 'withdrawalMoney',
      align: 'right',
      render: (_, r) => formatMoney(r.withdrawalMoney),
    },
    {
      title: t('channels.layering.withdrawalNums'),
      dataIndex: 'withdrawalNums',
      align: 'right',
      render: (_, r) => formatCount(r.withdrawalNums),
    },
    {
      title: t('channels.layering.actions'),
      key: 'actions',
      valueType: 'option',
      width: 200,
      render: (_, r) => [
        <Access key="edit" action="edit">
          <a onClick={() => setEditing({ tier: r })} data-testid={`tier-edit-${r.id}`}>
            {t('channels.layering.edit')}
          </a>
        </Access>,
        <a key="channels" onClick={() => setChannelsOf(r)} data-testid={`tier-channels-${r.id}`}>
          {t('channels.layering.channels')}
        </a>,
        <Access key="delete" action="delete">
          <Popconfirm
            title={t('channels.layering.deleteConfirm')}
            okText={t('channels.layering.ok')}
            cancelText={t('channels.layering.cancel')}
            onConfirm={() => remove(r.id)}
          >
            <a className="danger-link" data-testid={`tier-delete-${r.id}`}>
              {t('channels.layering.delete')}
            </a>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  return (
    <div className="funds-page" data-testid="layering-list">
      <ListTable<LayeringItem>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        search={false}
        options={false}
        headerTitle={t('channels.layering.title')}
        toolBarRender={() => [
          <Button key="refresh" icon={<ReloadOutlined />} onClick={reload} data-testid="layering-refresh">
            {t('channels.layering.refresh')}
          </Button>,
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ tier: null })} data-testid="layering-add">
              {t('channels.layering.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          return tableRequest(
            () => layeringCalls.layering({ ...pageOf(params) }),
            undefined,
            (e) => reportLoadFailure(e, t('channels.layering.loadFailed')),
          );
        }}
        layout={TIERS_LAYOUT}
      />
      <LayeringFormModal
        open={!!editing}
        tier={editing?.tier ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <LayeringChannelsModal tier={channelsOf} onClose={() => setChannelsOf(null)} onChanged={reload} />
    </div>
  );
}
