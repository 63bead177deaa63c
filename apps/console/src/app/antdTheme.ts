import { theme, type ThemeConfig } from 'antd';
import type { SiteStyle } from '@stock-admin/contracts';

/**
 * antd's theme for the console: one place, because the build renders the sign-in page's antd styles ahead of time
 * in the default site style (build/antdSignInStyles.ts) and they are used only while this gives the same tokens.
 */
export function consoleTheme(siteStyle: Pick<SiteStyle, 'primaryColor' | 'navTheme'>, reducedMotion: boolean): ThemeConfig {
  return {
    token: { colorPrimary: siteStyle.primaryColor, motion: !reducedMotion },
    algorithm: siteStyle.navTheme === 'realDark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  };
}
