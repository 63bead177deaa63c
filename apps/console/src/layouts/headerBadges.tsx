import type { ReactNode } from 'react';
import { AuditOutlined, BlockOutlined, FileProtectOutlined, IdcardOutlined, RiseOutlined } from '@ant-design/icons';
import { BadgeStatus, type BadgeCode, type PermissionKey } from '@stock-admin/contracts';

/** Spec §2 header badge buttons: counter code, label, the page it opens, and the permission that page needs. */
export interface BadgeButton {
  code: BadgeCode;
  labelKey: string;
  path: string;
  permission: PermissionKey;
  icon: ReactNode;
}

export const BADGE_BUTTONS: BadgeButton[] = [
  {
    code: BadgeStatus.WITHDRAW,
    labelKey: 'badge.withdraw',
    path: '/capital/withdrawallist',
    permission: 'withdrawallist',
    icon: <AuditOutlined />,
  },
  { code: BadgeStatus.BUY_GP, labelKey: 'badge.buy', path: '/position/buyList', permission: 'financing', icon: <RiseOutlined /> },
  { code: BadgeStatus.BUY_DZ, labelKey: 'badge.block', path: '/position/dzList', permission: 'financing', icon: <BlockOutlined /> },
  { code: BadgeStatus.REAL_NAME, labelKey: 'badge.realName', path: '/userlist/index', permission: 'userlist', icon: <IdcardOutlined /> },
  {
    code: BadgeStatus.CONTRACT,
    labelKey: 'badge.contract',
    path: '/contractsettings/list',
    permission: 'contract',
    icon: <FileProtectOutlined />,
  },
];

/** Spec §9: the counter is cleared this long after its button navigated. */
export const BADGE_RESET_MS = 600;
/** Spec §9: the user name appears this long after the shell mounts. */
export const HEADER_NAME_DELAY_MS = 1500;
/** Spec §9: the page reloads this long after logout. */
export const LOGOUT_RELOAD_MS = 500;
