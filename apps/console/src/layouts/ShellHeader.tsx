import { Breadcrumb } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HeaderActions } from './HeaderActions';

export interface Crumb {
  titleKey: string;
}

export function Crumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return <Breadcrumb className="shell-breadcrumb" data-testid="breadcrumb" items={items.map((c) => ({ title: t(c.titleKey) }))} />;
}

/**
 * The header of the side-menu layout on wide screens (ProLayout 7 draws none there): menu collapse
 * trigger, breadcrumbs and the header actions. Other layouts and phones use ProLayout's own header.
 */
export function ShellHeader({
  collapsed,
  onToggle,
  crumbs,
  fixed,
  onOpenSettings,
}: {
  collapsed: boolean;
  onToggle: () => void;
  crumbs: Crumb[];
  fixed: boolean;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={fixed ? 'shell-header shell-header-fixed' : 'shell-header'} data-testid="shell-header">
      <span
        className="header-action shell-trigger"
        role="button"
        tabIndex={0}
        aria-label={t(collapsed ? 'header.expand' : 'header.collapse')}
        data-testid="sider-toggle"
        onClick={onToggle}
      >
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </span>
      <Crumbs items={crumbs} />
      <div className="shell-header-spacer" />
      <HeaderActions onOpenSettings={onOpenSettings} />
    </div>
  );
}
