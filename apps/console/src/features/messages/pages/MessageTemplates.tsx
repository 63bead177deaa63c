import { useState } from 'react';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, MESSAGE_CHANNELS, type MsgTemplate } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { time } from '../../../shared/components/cells';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { messageCalls } from '../api';
import { SendModal } from '../components/SendModal';
import { TemplateModal } from '../components/TemplateModal';

/** 消息推送 (templates): the template, its channel and text, how often it was sent (issue 39). */
const MSG_TEMPLATES_LAYOUT: ListLayout = {
  id: 'message-templates',
  must: ['name', 'channel', 'lang', 'title', 'content', 'sends', 'updatedAt'],
  card: { head: ['name', 'channel'], fields: ['title', 'content', 'sends'] },
};

export const CHANNEL_COLOR = { station: 'blue', sms: 'purple', push: 'cyan' } as const;

/**
 * 消息推送 (/account/push): message templates (station message, SMS, app push) with their variables; send one, or
 * compose a push, to chosen users, an agent line, a tier or everyone, now or later; batch delete.
 */
export default function MessageTemplates() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [sending, setSending] = useState<MsgTemplate | 'compose' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const batchDelete = async (reload: () => void) => {
    const r = await messageCalls.batchRemove(selected);
    feedback.message[r.failed ? 'warning' : 'success'](t('messages.template.batchResult', { ok: r.ok, failed: r.failed }));
    setSelected([]);
    reload();
  };

  return (
    <CrudList
      testId="page-push"
      title={t('messages.template.title')}
      layout={MSG_TEMPLATES_LAYOUT}
      add={{ label: t('messages.template.add'), testId: 'msg-template-add' }}
      load={(page, params) =>
        messageCalls.templates({
          ...page,
          name: (params.name as string | undefined)?.trim() || undefined,
          channel: (params.channel as MsgTemplate['channel'] | undefined) || undefined,
          lang: (params.lang as MsgTemplate['lang'] | undefined) || undefined,
        })
      }
      actionsWidth={170}
      table={{ rowSelection: can('delete') ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined }}
      rowActions={(r) => [
        can('add') && (
          <a key="send" onClick={() => setSending(r)} data-testid={`msg-template-send-${r.id}`}>
            <SendOutlined /> {t('messages.template.send')}
          </a>
        ),
      ]}
      toolbar={({ reload }) => [
        selected.length > 0 && (
          <Popconfirm
            key="batch"
            title={t('messages.template.batchDeleteConfirm', { count: selected.length })}
            onConfirm={() => batchDelete(reload)}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="msg-template-batch-delete">
              {t('messages.template.batchDelete', { count: selected.length })}
            </Button>
          </Popconfirm>
        ),
        <Access key="compose" action="add">
          <Button icon={<SendOutlined />} onClick={() => setSending('compose')} data-testid="push-compose">
            {t('messages.template.compose')}
          </Button>
        </Access>,
      ]}
      remove={{ confirm: (r) => t('messages.template.deleteConfirm', { name: r.name }), run: (r) => messageCalls.delete(r.id) }}
      Editor={TemplateModal}
      extra={({ reload }) => (
        <SendModal
          open={sending !== null}
          template={sending === 'compose' ? null : sending}
          onClose={() => {
            setSending(null);
            reload();
          }}
        />
      )}
      columns={() => [
        {
          title: t('messages.template.name'),
          dataIndex: 'name',
          width: 200,
          ellipsis: true,
          render: (_, r) => <span data-testid={`msg-template-${r.id}`}>{r.name}</span>,
        },
        {
          title: t('messages.template.channel'),
          dataIndex: 'channel',
          width: 140,
          valueType: 'select',
          valueEnum: Object.fromEntries(MESSAGE_CHANNELS.map((c) => [c, { text: t(`messages.channels.${c}`) }])),
          render: (_, r) => <Tag color={CHANNEL_COLOR[r.channel]}>{t(`messages.channels.${r.channel}`)}</Tag>,
        },
        {
          title: t('messages.template.lang'),
          dataIndex: 'lang',
          width: 100,
          valueType: 'select',
          valueEnum: Object.fromEntries(LANGS.map((l) => [l, { text: t(`messages.langs.${l}`) }])),
          render: (_, r) => t(`messages.langs.${r.lang}`),
        },
        { title: t('messages.template.subject'), dataIndex: 'title', search: false, width: 180, ellipsis: true },
        {
          title: t('messages.template.content'),
          dataIndex: 'content',
          search: false,
          ellipsis: true,
          render: (_, r) => <Typography.Text type="secondary">{r.content}</Typography.Text>,
        },
        { title: t('messages.template.sends'), dataIndex: 'sends', search: false, width: 90, align: 'right' },
        { title: t('messages.template.updatedBy'), dataIndex: 'updatedBy', search: false, width: 110 },
        { title: t('messages.template.updatedAt'), dataIndex: 'updatedAt', search: false, width: 170, render: (_, r) => time(r.updatedAt) },
      ]}
    />
  );
}
