import { useEffect, useState } from 'react';
import { Avatar, Badge, Dropdown, Tooltip } from 'antd';
import { LogoutOutlined, SettingOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangMenu } from '../components/LangMenu';
import { hasAccess } from '../lib/access';
import { badges, useBadge } from '../lib/badges';
import { feedback } from '../lib/feedback';
import { signOut, useSession } from '../lib/session';
import { signInUrl } from '../lib/routing';
import { REFRESH_PARAM } from '../lib/tabs';
import { signOutOnServer } from '../features/session/api';
import { useCurrentAdmin } from '../shared/currentAdmin';
import { builtBadgeButtons, BADGE_RESET_MS, HEADER_NAME_DELAY_MS, LOGOUT_RELOAD_MS } from './headerBadges';
import type { BadgeButton } from '../shared/badgeButtons';

/** Seam for tests. */
/**
 * After logout the page reloads on the bare sign-in page: the guard's `?redirect=` (the page the last
 * operator was on) must not carry over to the next person who signs in.
 */
export const headerEnv = {
  leave: () => {
    window.location.replace(signInUrl(window.location.href));
    window.location.reload();
  },
};

/**
 * The five badge buttons: shown to roles that may open their page and, if the admin chose, only the chosen ones. Each
 * button follows its own counter (issue 64): on a busy platform the counters move every second or so, and a bump
 * re-renders the one button whose count changed, not the five with their tooltips.
 */
export function HeaderBadges({ compact }: { compact?: boolean }) {
  const { info, siteStyle } = useSession();
  const chosen = siteStyle.badges;
  const buttons = builtBadgeButtons().filter((b) => (!chosen || chosen.includes(b.code)) && hasAccess(info, b.permission, 'query'));
  return (
    <div className="header-badges">
      {buttons.map((b) => (
        <HeaderBadge key={b.code} b={b} compact={compact} />
      ))}
    </div>
  );
}

function HeaderBadge({ b, compact }: { b: BadgeButton; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useBadge(b.code);
  return (
    <Tooltip title={t(b.labelKey)}>
      <span
        className="header-action header-badge"
        role="button"
        tabIndex={0}
        data-testid={`badge-${b.code}`}
        onClick={() => {
          navigate(`${b.path}?${REFRESH_PARAM}=${Date.now()}`);
          setTimeout(() => badges.reset(b.code), BADGE_RESET_MS);
        }}
      >
        <Badge count={count} size="small" offset={[0, -4]}>
          <span className="header-badge-icon">{b.icon}</span>
        </Badge>
        {!compact && <span className="header-badge-label">{t(b.labelKey)}</span>}
      </span>
    </Tooltip>
  );
}

/** Avatar + name (after 1.5 s, spec §2) with account settings and logout. */
export function AvatarMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Spec §3 Admin record: the display name of the admin record whose login matches, else a default name.
  const me = useCurrentAdmin(t('shell.defaultName'));
  const [showName, setShowName] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowName(true), HEADER_NAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const logout = () =>
    feedback.modal.confirm({
      title: t('header.logoutTitle'),
      content: t('header.logoutContent'),
      onOk: async () => {
        await signOutOnServer();
        signOut();
        setTimeout(() => headerEnv.leave(), LOGOUT_RELOAD_MS);
      },
    });

  return (
    <Dropdown
      menu={{
        items: [
          { key: 'settings', icon: <SettingOutlined />, label: t('header.accountSettings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
        ],
        onClick: ({ key }) => (key === 'logout' ? logout() : navigate('/account/settings')),
      }}
    >
      <span className="header-action header-avatar" data-testid="avatar-menu">
        <Avatar size="small" src={me.avatar} icon={<UserOutlined />} />
        {!compact && (
          <span className="header-name" data-testid="header-name">
            {showName ? me.name : ''}
          </span>
        )}
      </span>
    </Dropdown>
  );
}

export function HeaderActions({ onOpenSettings, compact }: { onOpenSettings: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="header-actions">
      <HeaderBadges compact={compact} />
      <Tooltip title={t('header.settings')}>
        <span
          className="header-action"
          role="button"
          tabIndex={0}
          onClick={onOpenSettings}
          data-testid="open-settings"
          aria-label={t('header.settings')}
        >
          <SkinOutlined />
        </span>
      </Tooltip>
      <LangMenu />
      <AvatarMenu compact={compact} />
    </div>
  );
}
