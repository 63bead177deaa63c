import '../../../shared/styles/funds.css';
import { useState } from 'react';
import { Image, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, CHANNEL_TYPE_LABELS, type ChannelItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { toListQuery } from '../../../shared/fundFilters';
import { IMAGE_FALLBACK, formatMoney } from '../../../shared/money';
import { channelCalls } from '../api';
import { ChannelFormModal } from '../components/ChannelFormModal';
import { channelPatchPayload } from '../lib/forms';

/** 支付渠道: the channel, where the money goes, its limits and switches (issue 39). */
const CHANNELS_LAYOUT: ListLayout = {
  id: 'channels',
  must: ['type', 'name', 'payeeName', 'account', 'bankName', 'limits', 'dailyCap', 'shown', 'enabled', 'withdrawable'],
  card: { head: ['name', 'enabled'], fields: ['type', 'payeeName', 'account', 'limits', 'dailyCap'] },
};

const TYPE_COLORS: Record<string, string> = { bank: 'blue', alipay: 'cyan', wechat: 'green', usdt: 'gold', gateway: 'purple' };

/** Payment channels (/capital/channallist, 渠道列表). */
export default function ChannelList() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const { can } = useAccess();
  const canEdit = can('channallist', 'edit');
  const [busy, setBusy] = useState<string | null>(null);
  const typeLabel = (v: string) =>
    (en
      ? CHANNEL_TYPE_LABELS[v as keyof typeof CHANNEL_TYPE_LABELS]?.en
      : CHANNEL_TYPE_LABELS[v as keyof typeof CHANNEL_TYPE_LABELS]?.zh) ?? v;

  const toggle = async (c: ChannelItem, field: 'shown' | 'enabled' | 'withdrawable', value: boolean, reload: () => void) => {
    const key = `${c.id}-${field}`;
    setBusy(key);
    try {
      if (field === 'withdrawable') await channelCalls.updateWithdrawal(c.id, value);
      else await channelCalls.update(channelPatchPayload(c, { [field]: value }));
      feedback.message.success(t('channels.list.updated'));
      reload();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(null);
    }
  };

  const switchCell = (c: ChannelItem, field: 'shown' | 'enabled' | 'withdrawable', reload: () => void) => (
    <Switch
      size="small"
      checked={c[field]}
      disabled={!canEdit}
      loading={busy === `${c.id}-${field}`}
      onChange={(v) => void toggle(c, field, v, reload)}
      aria-label={`${t(`channels.list.${field}`)} · ${c.name}`}
      data-testid={`channel-${field}-${c.id}`}
    />
  );

  const columns = ({ reload }: { reload(): void }): ProColumns<ChannelItem>[] => [
    {
      title: t('channels.list.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('channels.list.keywordPlaceholder') },
    },
    {
      title: t('channels.list.type'),
      dataIndex: 'type',
      width: 164,
      valueType: 'select',
      valueEnum: Object.fromEntries(CHANNEL_TYPES.map((v) => [v, { text: typeLabel(v) }])),
      render: (_, r) => <Tag color={TYPE_COLORS[r.type]}>{typeLabel(r.type)}</Tag>,
    },
    {
      title: t('channels.list.name'),
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, r) => (
        <div>
          <div>{r.displayName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.name}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('channels.list.payeeName'),
      dataIndex: 'payeeName',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_, r) => r.payeeName || '-',
    },
    {
      title: t('channels.list.account'),
      dataIndex: 'account',
      search: false,
      width: 200,
      render: (_, r) =>
        r.account ? (
          <Typography.Text copyable={{ text: r.account }} style={{ wordBreak: 'break-all' }}>
            {r.account}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('channels.list.bank'),
      dataIndex: 'bankName',
      search: false,
      width: 170,
      render: (_, r) =>
        r.bankName ? (
          <div>
            <div>{r.bankName}</div>
            {r.bankBranch && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.bankBranch}
              </Typography.Text>
            )}
          </div>
        ) : (
          '-'
        ),
    },
    {
      title: t('channels.list.qrImage'),
      dataIndex: 'qrImage',
      search: false,
      width: 90,
      render: (_, r) =>
        r.qrImage ? <Image fallback={IMAGE_FALLBACK} src={r.qrImage} width={40} height={40} style={{ objectFit: 'contain' }} /> : '-',
    },
    {
      title: t('channels.list.limits'),
      key: 'limits',
      search: false,
      width: 188,
      align: 'right',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(r.minAmount, { empty: '0.00' })} ~ {r.maxAmount ? formatMoney(r.maxAmount) : t('channels.list.unlimited')}
        </span>
      ),
    },
    {
      title: t('channels.list.dailyCap'),
      dataIndex: 'dailyCap',
      search: false,
      width: 150,
      align: 'right',
      render: (_, r) => (
        <div style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          <div>{r.dailyCap ? formatMoney(r.dailyCap) : t('channels.list.unlimited')}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('channels.list.todayAmount', { amount: formatMoney(r.todayAmount) })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('channels.list.shown'),
      dataIndex: 'shown',
      width: 80,
      valueType: 'select',
      valueEnum: { true: { text: t('channels.list.yes') }, false: { text: t('channels.list.no') } },
      render: (_, r) => switchCell(r, 'shown', reload),
    },
    {
      title: t('channels.list.enabled'),
      dataIndex: 'enabled',
      width: 80,
      valueType: 'select',
      valueEnum: { true: { text: t('channels.list.yes') }, false: { text: t('channels.list.no') } },
      render: (_, r) => switchCell(r, 'enabled', reload),
    },
    {
      title: t('channels.list.withdrawable'),
      dataIndex: 'withdrawable',
      width: 90,
      valueType: 'select',
      valueEnum: { true: { text: t('channels.list.yes') }, false: { text: t('channels.list.no') } },
      render: (_, r) => switchCell(r, 'withdrawable', reload),
    },
    { title: t('channels.list.sort'), dataIndex: 'sort', search: false, width: 70, align: 'right' },
    {
      title: t('channels.list.layerings'),
      dataIndex: 'layerings',
      search: false,
      width: 160,
      render: (_, r) =>
        r.layerings.length ? (
          <Space size={[0, 4]} wrap>
            {r.layerings.map((l) => (
              <Tag key={l.id}>{l.layeringName}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('channels.list.remark'),
      dataIndex: 'remark',
      search: false,
      width: 140,
      ellipsis: true,
      render: (_, r) => (r.remark ? <Tooltip title={r.remark}>{r.remark}</Tooltip> : '-'),
    },
  ];

  return (
    <CrudList<ChannelItem, { list: ChannelItem[]; total: number }>
      testId="channel-list"
      className="funds-page"
      title={t('channels.list.title')}
      layout={CHANNELS_LAYOUT}
      load={(_page, params) => channelCalls.list(toListQuery(params))}
      add={{ label: t('channels.list.add'), testId: 'channel-add' }}
      actionsWidth={120}
      editTestId={(r) => `channel-edit-${r.id}`}
      remove={{
        confirm: () => t('channels.list.deleteConfirm'),
        // a refusal (deposits reference it) is the server's reason, shown by the request client
        run: (r) => channelCalls.delete(r.id),
        done: () => feedback.message.success(t('channels.list.deleted')),
        testId: (r) => `channel-delete-${r.id}`,
      }}
      Editor={ChannelFormModal}
      columns={columns}
    />
  );
}
