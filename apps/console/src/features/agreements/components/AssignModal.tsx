import { useEffect, useState } from 'react';
import { Checkbox, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { AudienceField, audienceComplete, audienceOf, type AudienceValue } from '../../../shared/components/AudienceField';
import { agreementCalls } from '../api';

interface Values {
  templateId: number;
  audience: AudienceValue;
  push: boolean;
}

/** 分配合同: an enabled template to chosen users, an agent line, a tier or everyone; pushed now or kept to push later. */
export function AssignModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const templates = useQuery({
    queryKey: ['agreements', 'templates', 'enabled'],
    queryFn: () => agreementCalls.templates({ pageNum: 1, pageSize: 200, enabled: true }),
    enabled: open,
  });
  useEffect(() => {
    if (open) form.setFieldsValue({ audience: { kind: 'users' }, push: true });
  }, [open, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await agreementCalls.assign({ templateId: v.templateId, audience: audienceOf(v.audience), push: v.push });
      feedback.message.success(t('agreements.assign.done', { added: r.added, existing: r.existing, pushed: r.pushed }));
      form.resetFields();
      onDone();
    } catch (e) {
      showFieldError(form, e, ['templateId', 'audience']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('agreements.assign.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      width={640}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'assign-ok' }}
    >
      <Form form={form} layout="vertical" data-testid="assign-form">
        <Form.Item name="templateId" label={t('agreements.assign.template')} rules={[{ required: true }]}>
          <Select
            loading={templates.isLoading}
            options={(templates.data?.list ?? []).map((x) => ({
              value: x.id,
              label: `${x.name} · ${t(`agreements.kinds.${x.kind}`)} · v${x.version}`,
            }))}
            data-testid="assign-template"
          />
        </Form.Item>
        <Form.Item
          name="audience"
          label={t('agreements.assign.audience')}
          rules={[
            {
              validator: (_, v: AudienceValue) =>
                audienceComplete(v) ? Promise.resolve() : Promise.reject(new Error(t('agreements.assign.audience'))),
            },
          ]}
        >
          <AudienceField searchUsers={agreementCalls.users} />
        </Form.Item>
        <Form.Item name="push" valuePropName="checked" extra={t('agreements.assign.pushNowTip')}>
          <Checkbox data-testid="assign-push">{t('agreements.assign.pushNow')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
