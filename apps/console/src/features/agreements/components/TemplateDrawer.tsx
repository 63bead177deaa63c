import { useEffect, useState } from 'react';
import { Alert, Col, Empty, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, SITE_IMAGE_PATH, TEMPLATE_VARIABLES, type AgreementTemplate } from '@stock-admin/contracts';
import { LazyEditor } from '../../../components/LazyEditor';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { agreementCalls } from '../api';
import './agreements.css';

interface Values {
  name: string;
  kind: AgreementTemplate['kind'];
  body: string;
  enabled: boolean;
  isDefault: boolean;
}
const FIELDS = ['name', 'kind', 'body'];
const PREVIEW_DELAY_MS = 500;

/**
 * Add / edit a contract template: the text in the rich-text editor with a variable menu and image upload (seal,
 * letterhead), and beside it the text as a user would read it (the server's rendering, sample data).
 */
export function TemplateDrawer({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: AgreementTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState('');
  const body = Form.useWatch('body', form);
  const en = i18n.language.startsWith('en');
  // the preview follows the text, once typing pauses
  useEffect(() => {
    if (!open || !body) return setPreview('');
    const timer = setTimeout(() => {
      agreementCalls
        .preview({ body })
        .then((d) => setPreview(d.body))
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, body]);

  return (
    <FormDrawer<Values>
      open={open}
      record={record}
      form={form}
      width="min(1200px, 100vw)"
      title={record ? `${t('agreements.template.edit')} · v${record.version}` : t('agreements.template.add')}
      initial={() => (record ? { ...record } : { kind: 'account', enabled: true, isDefault: false, body: '' })}
      save={async (v) => {
        if (!record) {
          await agreementCalls.addTemplate(v);
          return t('agreements.template.saved');
        }
        const r = await agreementCalls.updateTemplate({ id: record.id, version: record.version, name: v.name, kind: v.kind, body: v.body });
        // a template already signed keeps that text: the change is a new version
        return r.version > record.version ? t('agreements.template.newVersion', { version: r.version }) : t('agreements.template.saved');
      }}
      fields={FIELDS}
      onClose={onClose}
      onSaved={onSaved}
      saveTestId="template-save"
      formTestId="template-form"
      header={
        record &&
        record.signed > 0 && <Alert type="info" showIcon message={t('agreements.template.versionTip')} style={{ marginBottom: 16 }} />
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="name" label={t('agreements.template.name')} rules={[{ required: true, max: 100 }]}>
            <Input maxLength={100} data-testid="template-name" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="kind" label={t('agreements.template.kind')}>
            <Select options={AGREEMENT_KINDS.map((k) => ({ value: k, label: t(`agreements.kinds.${k}`) }))} />
          </Form.Item>
        </Col>
        {!record && (
          <>
            <Col xs={6} md={4}>
              <Form.Item name="enabled" label={t('agreements.template.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={6} md={4}>
              <Form.Item
                name="isDefault"
                label={t('agreements.template.isDefault')}
                tooltip={t('agreements.template.defaultTip')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Form.Item name="body" label={t('agreements.template.body')} rules={[{ required: true }]}>
            <LazyEditor
              label={t('agreements.template.body')}
              minHeight={420}
              variables={TEMPLATE_VARIABLES.filter((v) => v.key !== 'date').map((v) => ({ key: v.key, label: en ? v.en : v.zh }))}
              uploadImage={async (file) => `${SITE_IMAGE_PATH}${(await agreementCalls.uploadImage(file)).key}`}
              data-testid="template-body"
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={11}>
          <Typography.Text type="secondary">{t('agreements.template.preview')}</Typography.Text>
          <div className="agreement-paper agreement-preview" data-testid="template-preview">
            {preview ? (
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <Empty description={t('agreements.template.previewEmpty')} />
            )}
          </div>
        </Col>
      </Row>
    </FormDrawer>
  );
}
