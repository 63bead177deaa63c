import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Skeleton, Tag, Typography, Upload } from 'antd';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IosPushSettings } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { RequestError } from '../../../lib/request';
import { fmtTime } from '../../../shared/format';
import { showFieldError } from '../../../lib/serverErrors';
import { accountCalls } from '../api';
import '../account.css';

interface Values {
  keyId: string;
  teamId: string;
  bundleId: string;
  production: boolean;
}
interface TestValues {
  deviceToken: string;
  title?: string;
  body?: string;
}

const APNS_ID = /^[A-Z0-9]{10}$/;
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const KEY = ['account', 'iosPush'] as const;

/** iOS push settings (super-user only): APNs token-based auth key, ids, environment, and a test push. */
export default function SettingsIosPush() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => accountCalls.getIosPush() });
  const [form] = Form.useForm<Values>();
  const [testForm] = Form.useForm<TestValues>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [lastTest, setLastTest] = useState<{ ok: boolean; text: string } | null>(null);
  const s = q.data;

  useEffect(() => {
    if (s) form.setFieldsValue({ keyId: s.keyId, teamId: s.teamId, bundleId: s.bundleId, production: s.production });
  }, [s, form]);

  const save = async (v: Values) => {
    if (!s?.hasKey && !file) {
      feedback.message.error(t('account.ios.keyRequired'));
      return;
    }
    setBusy(true);
    try {
      const next = await accountCalls.updateIosPush({
        keyId: v.keyId.trim(),
        teamId: v.teamId.trim(),
        bundleId: v.bundleId.trim(),
        production: v.production,
        keyFile: file ?? undefined,
      });
      qc.setQueryData<IosPushSettings>(KEY, next);
      setFile(null);
      feedback.message.success(t('account.ios.saved'));
    } catch (e) {
      showFieldError(form, e, ['keyId', 'teamId', 'bundleId', 'production']);
    } finally {
      setBusy(false);
    }
  };

  const test = async (v: TestValues) => {
    setTesting(true);
    setLastTest(null);
    try {
      const r = await accountCalls.testIosPush({
        deviceToken: v.deviceToken.trim(),
        title: v.title?.trim() || undefined,
        body: v.body?.trim() || undefined,
      });
      setLastTest({ ok: true, text: t('account.ios.testOk', { provider: r.provider, id: r.logId }) });
    } catch (e) {
      showFieldError(testForm, e, ['deviceToken', 'title', 'body']);
      if (e instanceof RequestError && e.kind === 'status') setLastTest({ ok: false, text: e.message });
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="account-page" data-testid="page-account-iospush">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('account.menu.iosPush')}>
            {!s ? (
              <Skeleton active />
            ) : (
              <>
                <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('account.ios.key')}>
                    {s.hasKey ? (
                      <Tag color="green" data-testid="ios-has-key">
                        {t('account.ios.keyStored', { fp: s.keyFingerprint ?? '' })}
                      </Tag>
                    ) : (
                      <Tag data-testid="ios-has-key">{t('account.ios.noKey')}</Tag>
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('account.ios.updatedAt')}>{fmtTime(s.updatedAt)}</Descriptions.Item>
                </Descriptions>
                <Form<Values> form={form} layout="vertical" name="ios-push" onFinish={(v) => void save(v)} style={{ maxWidth: 520 }}>
                  <Form.Item
                    name="keyId"
                    label={t('account.ios.keyId')}
                    rules={[{ required: true, pattern: APNS_ID, message: t('account.ios.idFormat') }]}
                  >
                    <Input maxLength={10} placeholder="ABC123DEFG" />
                  </Form.Item>
                  <Form.Item
                    name="teamId"
                    label={t('account.ios.teamId')}
                    rules={[{ required: true, pattern: APNS_ID, message: t('account.ios.idFormat') }]}
                  >
                    <Input maxLength={10} placeholder="DEF123GHIJ" />
                  </Form.Item>
                  <Form.Item
                    name="bundleId"
                    label={t('account.ios.bundleId')}
                    rules={[{ required: true, pattern: BUNDLE_ID, message: t('account.ios.bundleFormat') }]}
                  >
                    <Input maxLength={155} placeholder="com.example.app" />
                  </Form.Item>
                  <Form.Item name="production" label={t('account.ios.env')} initialValue={false}>
                    <Radio.Group
                      optionType="button"
                      options={[
                        { value: false, label: t('account.ios.sandbox') },
                        { value: true, label: t('account.ios.production') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item label={t('account.ios.keyFile')} extra={s.hasKey ? t('account.ios.keyKeep') : t('account.ios.keyHint')}>
                    <Upload
                      accept=".p8"
                      maxCount={1}
                      fileList={file ? [{ uid: 'key', name: file.name, status: 'done' }] : []}
                      beforeUpload={(f) => {
                        setFile(f);
                        return false;
                      }}
                      onRemove={() => setFile(null)}
                    >
                      <Button icon={<UploadOutlined />} data-testid="ios-key-upload">
                        {t('account.ios.chooseKey')}
                      </Button>
                    </Upload>
                  </Form.Item>
                  <Access action="edit">
                    <Button type="primary" htmlType="submit" loading={busy} data-testid="ios-save">
                      {t('account.ios.save')}
                    </Button>
                  </Access>
                </Form>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('account.ios.testTitle')}>
            <Typography.Paragraph type="secondary">{t('account.ios.testIntro')}</Typography.Paragraph>
            <Form<TestValues> form={testForm} layout="vertical" name="ios-test" onFinish={(v) => void test(v)}>
              <Form.Item
                name="deviceToken"
                label={t('account.ios.deviceToken')}
                rules={[{ required: true, pattern: /^[0-9a-fA-F]{32,200}$/, message: t('account.ios.tokenFormat') }]}
              >
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
              <Form.Item name="title" label={t('account.ios.pushTitle')}>
                <Input maxLength={100} placeholder={t('account.ios.pushTitlePlaceholder')} />
              </Form.Item>
              <Form.Item name="body" label={t('account.ios.pushBody')}>
                <Input maxLength={500} placeholder={t('account.ios.pushBodyPlaceholder')} />
              </Form.Item>
              <Access action="edit">
                <Button htmlType="submit" icon={<SendOutlined />} loading={testing} disabled={!s?.hasKey} data-testid="ios-test">
                  {t('account.ios.sendTest')}
                </Button>
              </Access>
              {!s?.hasKey && s && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {t('account.ios.saveFirst')}
                </Typography.Paragraph>
              )}
            </Form>
            {lastTest && (
              <Alert
                style={{ marginTop: 16 }}
                type={lastTest.ok ? 'success' : 'error'}
                showIcon
                message={lastTest.text}
                data-testid="ios-test-result"
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
