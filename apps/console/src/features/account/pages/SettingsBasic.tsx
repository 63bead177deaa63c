import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Form, Input, Row, Select, Skeleton, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, LANGS, type Lang } from '@stock-admin/contracts';
import { changeLang, currentLang } from '../../../lib/i18n';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { accountCalls } from '../api';
import { useProfile, useProfileUpdated } from '../useProfile';
import '../account.css';

interface Values {
  adminName: string;
  email?: string;
  phone?: string;
  lang?: Lang;
}

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Basic settings: display name, e-mail, phone, language, avatar. */
export default function SettingsBasic() {
  const { t } = useTranslation();
  const q = useProfile();
  const updated = useProfileUpdated();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const p = q.data;

  useEffect(() => {
    if (p)
      form.setFieldsValue({
        adminName: p.adminName,
        email: p.email ?? '',
        phone: p.phone ?? '',
        lang: (p.lang as Lang | null) ?? undefined,
      });
  }, [p, form]);

  const save = async (v: Values) => {
    setBusy(true);
    try {
      const next = await accountCalls.updateBasic({
        adminName: v.adminName.trim(),
        email: v.email?.trim() || undefined,
        phone: v.phone?.trim() || undefined,
        lang: v.lang,
      });
      updated(next);
      feedback.message.success(t('account.basic.saved'));
      if (next.lang && next.lang !== currentLang()) await changeLang(next.lang as Lang);
    } catch (e) {
      showFieldError(form, e, ['adminName', 'email', 'phone', 'lang']);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      feedback.message.error(t('account.basic.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      feedback.message.error(t('account.basic.avatarSize', { kb: AVATAR_MAX_BYTES / 1024 }));
      return;
    }
    setUploading(true);
    try {
      const r = await accountCalls.uploadAvatar(file);
      updated({ avatar: r.avatar });
      feedback.message.success(t('account.basic.avatarSaved'));
    } catch {
      /* shown by the client */
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card className="account-page" title={t('account.menu.basic')} data-testid="page-account-basic">
      {!p ? (
        <Skeleton active />
      ) : (
        <Row gutter={[48, 24]}>
          <Col xs={24} md={14} lg={12}>
            <Form<Values> form={form} layout="vertical" name="account-basic" onFinish={(v) => void save(v)}>
              <Form.Item label={t('account.field.login')} htmlFor="account-basic_login">
                <Input id="account-basic_login" value={p.adminUtopia} disabled />
              </Form.Item>
              <Form.Item
                name="adminName"
                label={t('account.field.name')}
                rules={[{ required: true, whitespace: true, message: t('account.basic.nameRequired') }, { max: 64 }]}
              >
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="email" label={t('account.field.email')} rules={[{ type: 'email', message: t('account.basic.emailFormat') }]}>
                <Input maxLength={128} />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('account.field.phone')}
                rules={[{ pattern: /^1[3-9]\d{9}$/, message: t('account.basic.phoneFormat') }]}
              >
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item name="lang" label={t('account.field.lang')} extra={t('account.basic.langHint')}>
                <Select
                  allowClear
                  placeholder={t('account.basic.langDefault')}
                  options={LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
                  data-testid="account-lang"
                />
              </Form.Item>
              <Access action="edit">
                <Button type="primary" htmlType="submit" loading={busy} data-testid="account-basic-save">
                  {t('account.basic.save')}
                </Button>
              </Access>
            </Form>
          </Col>
          <Col xs={24} md={10} lg={12}>
            <div className="account-avatar">
              <Typography.Text>{t('account.basic.avatar')}</Typography.Text>
              <Avatar size={128} src={p.avatar || undefined} icon={<UserOutlined />} data-testid="account-avatar" />
              <Access action="edit">
                <Upload
                  accept={AVATAR_TYPES.join(',')}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading} data-testid="account-avatar-upload">
                    {t('account.basic.avatarChange')}
                  </Button>
                </Upload>
              </Access>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('account.basic.avatarHint', { kb: AVATAR_MAX_BYTES / 1024 })}
              </Typography.Text>
            </div>
          </Col>
        </Row>
      )}
    </Card>
  );
}
