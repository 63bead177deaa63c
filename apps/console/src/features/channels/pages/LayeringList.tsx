import '../../../shared/styles/funds.css';
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LayeringItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { formatCount, formatMoney } from '../../../shared/money';
import { reportLoadFailure } from '../lib/loadFailed';
import { layeringCalls } from '../api';
import { LayeringChannelsModal } from '../components/LayeringChannelsModal';
import { LayeringFormModal } from '../components/LayeringFormModal';

/** 用户分层: every column (a short list): on a phone, a card per tier (issue 39). */
const TIERS_LAYOUT: ListLayout = {
  id: 'tiers',
  must: ['layeringName', 'payNums', 'payMoney', 'withdrawalMoney', 'withdrawalNums'],
  card: { head: ['layeringName'], fields: ['payNums', 'payMoney', 'withdrawalNums', 'withdrawalMoney'] },
};

/**
 * Layering list screen (/capital/layleringlist — the spec's spelling; the old /capital/layeringlist redirects —, 分层列表;
 * spec §2 "Layering list screen"): refresh and add buttons; layering name, recharge count, recharge amount, withdrawal
 * amount, withdrawal count; edit, channels and delete per row; page 1, size 10, options 10/20/50/100, 共 N 条.
 */
export default function LayeringList() {
  const { t } = useTranslation();
  const [channelsOf, setChannelsOf] = useState<LayeringItem | null>(null);

  return (
    <CrudList<LayeringItem, { list: LayeringItem[]; total: number }>
      testId="layering-list"
      className="funds-page"
      title={t('channels.layering.title')}
      layout={TIERS_LAYOUT}
      table={{ search: false, options: false }}
      load={(page) => layeringCalls.layering(page)}
      loadFailed={(e) => reportLoadFailure(e, t('channels.layering.loadFailed'))}
      add={{ label: t('channels.layering.add'), testId: 'layering-add' }}
      toolbar={({ reload }) => [
        <Button key="refresh" icon={<ReloadOutlined />} onClick={reload} data-testid="layering-refresh">
          {t('channels.layering.refresh')}
        </Button>,
      ]}
      actionsWidth={200}
      editTestId={(r) => `tier-edit-${r.id}`}
      afterEdit={(r) => [
        <a key="channels" onClick={() => setChannelsOf(r)} data-testid={`tier-channels-${r.id}`}>
          {t('channels.layering.channels')}
        </a>,
      ]}
      remove={{
        confirm: () => t('channels.layering.deleteConfirm'),
        run: (r) => layeringCalls.layeringDelete(r.id),
        done: () => feedback.message.success(t('channels.layering.deleted')),
        testId: (r) => `tier-delete-${r.id}`,
      }}
      Editor={LayeringFormModal}
      extra={({ reload }) => <LayeringChannelsModal tier={channelsOf} onClose={() => setChannelsOf(null)} onChanged={reload} />}
      columns={() => [
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
      ]}
    />
  );
}
