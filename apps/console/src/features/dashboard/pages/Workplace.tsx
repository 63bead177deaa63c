import { lazy, useMemo, useState } from 'react';
import { Avatar, Card, Col, Empty, Input, Row, Skeleton, Space, Typography } from 'antd';
import { SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../lib/access';
import { greetingOf } from '../../../lib/greeting';
import { platformToday } from '../../../lib/timeZone';
import type { LazyPage } from '../../../lib/chunk';
import { grantRoutes, isSection, type SectionRoute } from '../../../lib/routing';
import { useUserInfo } from '../../../lib/session';
import { useShellRoutes } from '../../../shared/shellRoutes';
import { DataInText } from '../../../components/DataInText';
import { WhenSeen } from '../../../components/WhenSeen';
import { MarketStrip } from '../components/MarketStrip';
import { TodayFigures } from '../components/TodayFigures';

// below the first view: its table (and antd's table, pagination and select) loads when it is scrolled into view
const RecentLogins = lazy(() => import('../components/RecentLogins'));

/**
 * Workplace (spec §9): greeting by hour with the operator's name, the market strip, today's figures of the
 * caller's scope (live), quick links to the sections the role may open, the operator's own sign-ins.
 */
export default function Workplace() {
  const { t, i18n } = useTranslation();
  const info = useUserInfo();
  const [filter, setFilter] = useState('');
  const greeting = t(`workplace.greeting.${greetingOf(new Date().getHours())}`);

  const shellRoutes = useShellRoutes();
  const sections = useMemo(
    () =>
      grantRoutes(shellRoutes, info).filter(
        (r): r is SectionRoute<LazyPage> => isSection(r) && !r.hideInMenu && !r.demo && r.path !== '/dashboard',
      ),
    [shellRoutes, info],
  );
  const q = filter.trim().toLowerCase();
  const shown = sections
    .map((s) => ({
      s,
      pages: s.children.filter(
        (c) => !c.hideInMenu && (!q || t(c.titleKey).toLowerCase().includes(q) || t(s.titleKey).toLowerCase().includes(q)),
      ),
    }))
    .filter((x) => x.pages.length);

  return (
    <div className="workplace" data-testid="workplace">
      <Card className="workplace-head">
        <Space size={16} align="center">
          <Avatar size={56} src={info?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="greeting">
              <DataInText i18nKey="workplace.welcome" values={{ greeting }} slot="name" data={info?.name ?? ''} />
            </Typography.Title>
            <Typography.Text type="secondary">
              {info?.role.name ? (
                <>
                  <DataInText i18nKey="workplace.role" slot="role" data={info.role.name} />
                  {' · '}
                </>
              ) : null}
              {platformToday()
                .locale(i18n.language === 'en-US' ? 'en' : 'zh-cn')
                .format(t('workplace.dateFormat'))}
            </Typography.Text>
          </div>
        </Space>
      </Card>

      <MarketStrip />
      <TodayFigures />

      <Card
        title={t('workplace.quickLinks')}
        className="workplace-card"
        extra={
          <Input
            allowClear
            size="small"
            prefix={<SearchOutlined />}
            placeholder={t('workplace.quickFilter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ width: 200 }}
            id="quick-filter"
          />
        }
      >
        {shown.length ? (
          <Row gutter={[16, 16]}>
            {shown.map(({ s, pages }) => (
              <Col key={s.path} xs={24} sm={12} lg={8} xl={6}>
                <Card
                  size="small"
                  title={
                    <Space>
                      {s.icon}
                      {t(s.titleKey)}
                    </Space>
                  }
                  className="quick-link"
                >
                  <Space wrap>
                    {pages.map((p) => (
                      <Link key={p.path} to={p.path}>
                        {t(p.titleKey)}
                      </Link>
                    ))}
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workplace.noLinks')} />
        )}
      </Card>

      <Access permission="loginlog" action="query">
        <WhenSeen
          testId="recent-logins-card"
          fallback={
            // a still placeholder: nothing is loading until the card is scrolled into view
            <Card className="workplace-card" title={t('workplace.recentLogins')}>
              <Skeleton title={false} paragraph={{ rows: 3 }} />
            </Card>
          }
        >
          <RecentLogins username={info?.username ?? ''} />
        </WhenSeen>
      </Access>
    </div>
  );
}
