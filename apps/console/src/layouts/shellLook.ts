/** How the shell's ProLayout looks for a site style: shared by the shell and its warm-up (warmShell.tsx). */
import type { SiteStyle } from '@stock-admin/contracts';
import { readablePrimary } from '../shared/theme/contrast';

/** The primary colour the shell paints: the operator's, darkened to read on the light layout (as antdTheme.ts does). */
export const shellPrimary = (s: Required<Pick<SiteStyle, 'primaryColor' | 'navTheme'>>): string =>
  s.navTheme === 'realDark' ? s.primaryColor : readablePrimary(s.primaryColor);

/** The classic dark side menu of the spec's default layout (ProLayout 7 expresses it with tokens). */
export function darkSiderToken(primary: string) {
  return {
    sider: {
      colorMenuBackground: '#001529',
      colorBgCollapsedButton: '#001529',
      colorTextCollapsedButton: 'rgba(255,255,255,0.65)',
      colorTextCollapsedButtonHover: '#fff',
      colorMenuItemDivider: 'rgba(255,255,255,0.15)',
      colorTextMenu: 'rgba(255,255,255,0.75)',
      colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
      colorTextMenuTitle: '#fff',
      colorTextMenuItemHover: '#fff',
      colorTextMenuActive: '#fff',
      colorTextMenuSelected: '#fff',
      colorTextSubMenuSelected: '#fff',
      colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
      colorBgMenuItemSelected: primary,
      colorBgMenuItemActive: 'rgba(255,255,255,0.08)',
      colorBgMenuItemCollapsedElevated: '#001529',
    },
  };
}

/** ProLayout's name of each site-style layout. */
export const LAYOUT = { sidemenu: 'side', topmenu: 'top', mix: 'mix' } as const;
