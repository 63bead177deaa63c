import type { ReactNode } from 'react';
import { AuditOutlined, BlockOutlined, FileProtectOutlined, IdcardOutlined, RiseOutlined } from '@ant-design/icons';
import type { BadgeCode, PermissionKey } from '@stock-admin/contracts';
import { BADGE_EVENTS, LIVE_EVENTS, type LiveEventDef } from '@stock-admin/contracts/live-events';
import { matchRoute, type RouteEntry } from '../lib/routing';

/** Spec §2 header badge buttons: counter code, label, the page it opens, and the permission that page needs. */
export interface BadgeButton {
  code: BadgeCode;
  labelKey: string;
  path: string;
  permission: PermissionKey;
  icon: ReactNode;
}

/** What only the console knows of a badge button: its label and icon. */
const LOOK: Record<BadgeCode, { labelKey: string; icon: ReactNode }> = {
  2: { labelKey: 'badge.withdraw', icon: <AuditOutlined /> },
  19: { labelKey: 'badge.buy', icon: <RiseOutlined /> },
  20: { labelKey: 'badge.block', icon: <BlockOutlined /> },
  21: { labelKey: 'badge.realName', icon: <IdcardOutlined /> },
  22: { labelKey: 'badge.contract', icon: <FileProtectOutlined /> },
};

/** The buttons, derived from the events that carry a badge (`LIVE_EVENTS`): page and permission come from there. */
export const BADGE_BUTTONS: BadgeButton[] = BADGE_EVENTS.map((type) => {
  const def: LiveEventDef = LIVE_EVENTS[type];
  const code = def.badge as BadgeCode;
  return { code, path: def.page, permission: def.permission, ...LOOK[code] };
});

/**
 * The buttons whose page is in the route table: a button (and its choice on 状态栏管理) appears when its
 * domain's page lands, never as a way to a 404 before. The table is the shell's (layouts/headerBadges.tsx
 * passes app/routes; a page passes `useShellRoutes()`).
 */
export const builtBadgeButtons = (table: readonly RouteEntry<unknown>[]): BadgeButton[] =>
  BADGE_BUTTONS.filter((b) => matchRoute([...table], b.path));

/** The menu trail of the page a button opens (section, page), as title keys: what 状态栏管理 shows beside it. */
export function badgePageTrail(b: BadgeButton, table: readonly RouteEntry<unknown>[]): string[] {
  const m = matchRoute([...table], b.path);
  return m ? [...(m.section ? [m.section.titleKey] : []), m.page.titleKey] : [];
}
