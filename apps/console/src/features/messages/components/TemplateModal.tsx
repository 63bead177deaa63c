import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { LANGS, MESSAGE_CHANNELS, TEMPLATE_VARIABLES, type MsgTemplate } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { messageCalls } from '../api';

type Values = Pick<MsgTemplate, 'name' | 'channel' | 'title' | 'content' | 'lang'>;
const FIELDS = ['name', 'channel', 'title', 'content', 'lang'];
/** Contract-only variables are not offered for messages. */
export const MESSAGE_VARIABLES = TEMPLATE_VARIABLES.filter((v) => v.key !== 'signDate' && v.key !== 'idCard');

/** Add / edit a message template: plain text (SMS and push carry no markup) with variables clicked into place. */
export function TemplateModal({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: MsgTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const content = useRef<TextAreaRef>(null);
  const en = i18n.language.startsWith('en');
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ?? { channel: 'station', lang: 'zh-CN' });
  }, [open, record, form]);

  const insert = (key: string) => {
    const el = content.current?.resizableTextArea?.textArea;
    const text: string = form.getFieldValue('content') ?? '';
    const at = el?.selectionStart ?? text.length;
    const next = `${text.slice(0, at)}{{${key}}}${text.slice(el?.selectionEnd ?? at)}`;
    form.setFieldValue('content', next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + key.length + 4, at + key.length + 4);
    });
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (record) await messageCalls.update({ id: record.id, ...v });
      else await messageCalls.add(v);
      feedback.message.success(t('messages.template.saved'));
      onSaved();
    } catch (e) {
      showFieldError(form, e, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(record ? 'messages.template.edit' : 'messages.template.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      width={640}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'msg-template-save' }}
    >
      <Form form={form} layout="vertical" data-testid="msg-template-form">
        <Form.Item name="name" label={t('messages.template.name')} rules={[{ required: true, max: 100 }]}>
          <Input maxLength={100} data-testid="msg-template-name" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="channel" label={t('messages.template.channel')} style={{ flex: 1 }}>
            <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messages.channels.${c}`) }))} />
          </Form.Item>
          <Form.Item name="lang" label={t('messages.template.lang')} style={{ flex: 1 }}>
            <Select options={LANGS.map((l) => ({ value: l, label: t(`messages.langs.${l}`) }))} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="title" label={t('messages.template.subject')} rules={[{ required: true, max: 100 }]}>
          <Input maxLength={100} data-testid="msg-template-title" />
        </Form.Item>
        <Form.Item label={t('messages.template.variables')} tooltip={t('messages.template.variablesTip')}>
          <Space size={[4, 4]} wrap>
            {MESSAGE_VARIABLES.map((v) => (
              <Tag key={v.key} color="blue" style={{ cursor: 'pointer' }} onClick={() => insert(v.key)}>
                {en ? v.en : v.zh} <Typography.Text code>{`{{${v.key}}}`}</Typography.Text>
              </Tag>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="content" label={t('messages.template.content')} rules={[{ required: true, max: 2000 }]}>
          <Input.TextArea ref={content} rows={5} maxLength={2000} showCount data-testid="msg-template-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
