import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Dropdown,
  Row,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { ProConfigProvider, ProLayout, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { DashboardOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAntdConfig } from '../app/providers';
import { useSession } from '../lib/session';
import { LAYOUT, darkSiderToken, shellPrimary } from './shellLook';

/**
 * The first render of the shell after 登录 was mostly first-time work: antd and ProLayout build each component's
 * styles the first time it renders (CSS-in-JS, kept in a cache for the page's life) and the browser compiles each
 * component's code on its first call. While the operator types on the sign-in page, this renders the components
 * the shell and the workplace's first view use (not what loads later: the sign-in table below the fold) — with the console's own theme, so the cached styles are the ones the shell
 * asks for — into an element that is never attached, as a transition (typing is not held up), then unmounts;
 * at once when `stop` fires (the operator signed in: the shell itself renders now).
 */
export function warmShell(stop: AbortSignal): void {
  const root = createRoot(document.createElement('div'));
  let mounted = true;
  const done = () => {
    if (!mounted) return;
    mounted = false;
    stop.removeEventListener('abort', done);
    setTimeout(() => root.unmount(), 0);
  };
  stop.addEventListener('abort', done);
  startTransition(() => root.render(<WarmTree onDone={done} />));
}

function WarmTree({ onDone }: { onDone: () => void }) {
  const config = useAntdConfig();
  const { i18n } = useTranslation();
  const { siteStyle } = useSession();
  useEffect(onDone, [onDone]);
  const dark = siteStyle.navTheme === 'realDark';
  return (
    <ConfigProvider {...config}>
      <ProConfigProvider intl={i18n.language === 'en-US' ? enUSIntl : zhCNIntl} dark={dark}>
        <ProLayout
          className="shell"
          layout={LAYOUT[siteStyle.layout]}
          navTheme={dark ? 'realDark' : 'light'}
          token={siteStyle.navTheme === 'dark' ? darkSiderToken(shellPrimary(siteStyle)) : undefined}
          colorPrimary={shellPrimary(siteStyle)}
          siderWidth={208}
          location={{ pathname: '/a/b' }}
          route={{ path: '/', children: [{ path: '/a', name: 'a', icon: <DashboardOutlined />, children: [{ path: '/a/b', name: 'b' }] }] }}
          menu={{ locale: false }}
          menuProps={siteStyle.navTheme === 'dark' ? { theme: 'dark' } : undefined}
          pageTitleRender={false}
          contentStyle={{ padding: 0 }}
        >
          <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
          <Space>
            <Tooltip title="t">
              <Badge count={1} size="small">
                <Button size="small">b</Button>
              </Badge>
            </Tooltip>
            <Dropdown menu={{ items: [{ key: 'k', label: 'k' }] }}>
              <Avatar size="small" icon={<UserOutlined />} />
            </Dropdown>
          </Space>
          <Tabs type="editable-card" hideAdd items={[{ key: 'a', label: 'a' }]} />
          <Spin />
          <Row gutter={16}>
            <Col span={12}>
              <Card title="c" size="small">
                <Statistic title="s" value={1} />
                <Skeleton active />
                <Typography.Text type="secondary">t</Typography.Text>
              </Card>
            </Col>
          </Row>
          <Tag color="green">k</Tag>
        </ProLayout>
      </ProConfigProvider>
    </ConfigProvider>
  );
}
