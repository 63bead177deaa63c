import { useEffect, useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { reportLoadFailure } from '../lib/loadFailed';
import { layeringCalls } from '../api';
import { addChannelsPayload } from '../lib/forms';

/** Spec §5 Add-channels form: a multi-select of the channels (the picker asks pageSize 1000); at least one. */
export function AddChannelsModal({
  open,
  layeringId,
  attached,
  onClose,
  onAdded,
}: {
  open: boolean;
  layeringId: number;
  /** Channel ids already attached to the tier (left out of the picker). */
  attached: readonly number[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ channelIds: number[] }>();
  const [channels, setChannels] = useState<ChannelItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    let live = true;
    setLoading(true);
    layeringCalls
      .pickerChannels()
      .then((d) => live && setChannels(d.list))
      .catch((e) => live && reportLoadFailure(e, t('channels.layering.channelsFailed')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, form, t]);

  const taken = new Set(attached);
  const options = channels
    .filter((c) => !taken.has(c.id))
    .map((c) => ({ value: c.id, label: c.displayName && c.displayName !== c.name ? `${c.name}（${c.displayName}）` : c.name }));

  const submit = async () => {
    const { channelIds } = await form.validateFields();
    setSaving(true);
    try {
      const p = addChannelsPayload(layeringId, channelIds);
      await layeringCalls.layeringChannelsAdd(p.layeringId, p.channelIds);
      feedback.message.success(t('channels.layering.added'));
      onAdded();
    } catch {
      /* shown by the request client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('channels.layering.addChannelTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('channels.layering.ok')}
      cancelText={t('channels.layering.cancel')}
      forceRender
      okButtonProps={{ 'data-testid': 'add-channels-ok' }}
    >
      <Form form={form} layout="vertical" name="addChannels" data-testid="add-channels-form">
        <Form.Item
          name="channelIds"
          label={t('channels.layering.selectChannels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('channels.layering.selectChannelsRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={loading}
            options={options}
            optionFilterProp="label"
            placeholder={t('channels.layering.selectChannelsPlaceholder')}
            data-testid="add-channels-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
