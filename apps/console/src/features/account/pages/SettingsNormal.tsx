import type { ReactNode } from 'react';
import { Avatar, Card, Col, Descriptions, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { AppstoreOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { fmtTime } from '../../../shared/format';
import { useProfile } from '../useProfile';
import '../account.css';

interface Entry {
  path: string;
  icon: ReactNode;
  titleKey: string;
  descKey: string;
  extra?: ReactNode;
  super?: boolean;
}

/** 设置中心: the admin's profile at a glance and the settings pages. */
export default function SettingsNormal() {
  const { t } = useTranslation();
  const { isSuper } = useAccess();
  const q = useProfile();
  const p = q.data;
  const entries: Entry[] = [
    { path: '/account/settings/basic', icon: <UserOutlined />, titleKey: 'account.menu.basic', descKey: 'account.normal.basicDesc' },
    {
      path: '/account/settings/security',
      icon: <SafetyCertificateOutlined />,
      titleKey: 'account.menu.security',
      descKey: 'account.normal.securityDesc',
      extra: p ? (
        <Tag color={p.googleEnabled ? 'green' : 'default'}>
          {t(p.googleEnabled ? 'account.security.googleOn' : 'account.security.googleOff')}
        </Tag>
      ) : null,
    },
    { path: '/account/settings/custom', icon: <AppstoreOutlined />, titleKey: 'account.menu.custom', descKey: 'account.normal.customDesc' },
    {
      path: '/account/settings/iosPush',
      icon: <MobileOutlined />,
      titleKey: 'account.menu.iosPush',
      descKey: 'account.normal.iosPushDesc',
      super: true,
    },
  ];
  return (
    <div className="account-page" data-testid="page-account-normal">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('account.normal.profile')}>
            {p ? (
              <>
                <Space size={16} align="center" style={{ marginBottom: 16 }}>
                  <Avatar size={64} src={p.avatar || undefined} icon={<UserOutlined />} />
                  {/* the admin's own name and the role's name are data: never translated */}
                  <div translate="no">
                    <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-name">
                      {p.adminName}
                    </Typography.Title>
                    <Typography.Text type="secondary">
                      {p.roleName}
                      {p.isSuper ? ` · ${t('account.normal.super')}` : ''}
                    </Typography.Text>
                  </div>
                </Space>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('account.field.login')}>
                    <span translate="no">{p.adminUtopia}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('account.field.email')}>{p.email || '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('account.field.phone')}>{p.phone || '-'}</Descriptions.Item>
                  <Descriptions.Item label={t('account.field.lang')}>
                    {p.lang ? t(`lang.${p.lang}`) : t('account.basic.langDefault')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('account.field.lastLogin')}>
                    {p.lastLoginAt ? `${fmtTime(p.lastLoginAt)} · ${p.lastLoginIp ?? ''}` : '-'}
                  </Descriptions.Item>
                </Descriptions>
              </>
            ) : (
              <Skeleton active avatar />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('account.normal.settings')}>
            <List
              itemLayout="horizontal"
              dataSource={entries.filter((e) => !e.super || isSuper)}
              renderItem={(e) => (
                <List.Item
                  extra={e.extra}
                  actions={[
                    <Link key="go" to={e.path}>
                      {t('account.normal.open')}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    avatar={<span className="account-entry-icon">{e.icon}</span>}
                    title={<Link to={e.path}>{t(e.titleKey)}</Link>}
                    description={t(e.descKey)}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
