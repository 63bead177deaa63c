import { theme, type ThemeConfig } from 'antd';
import type { SiteStyle } from '@stock-admin/contracts';
import { READABLE, READABLE_TAG_SHADES, readablePrimary, shade, tint } from '../shared/theme/contrast';

/**
 * antd's theme for the console: one place, because the build renders the sign-in page's antd styles ahead of time
 * in the default site style (build/antdSignInStyles.ts) and they are used only while this gives the same tokens.
 * The light theme's text colours all reach WCAG AA's 4.5 : 1 (issue 65): the operator's primary colour darkened as
 * far as it must be, links and the info blue following it, and the semantic and secondary colours of contrast.ts.
 */
export function consoleTheme(siteStyle: Pick<SiteStyle, 'primaryColor' | 'navTheme'>, reducedMotion: boolean): ThemeConfig {
  if (siteStyle.navTheme === 'realDark')
    return { token: { colorPrimary: siteStyle.primaryColor, motion: !reducedMotion }, algorithm: theme.darkAlgorithm };
  const primary = readablePrimary(siteStyle.primaryColor);
  return {
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorInfoBg: tint(primary),
      colorLink: primary,
      // antd lightens a hovered link or button (2.7 : 1 for the default blue): darker instead, so it reads as well
      colorLinkHover: shade(primary, 0.85),
      colorLinkActive: shade(primary, 0.75),
      colorPrimaryHover: shade(primary, 0.85),
      colorPrimaryActive: shade(primary, 0.75),
      colorSuccess: READABLE.success,
      colorWarning: READABLE.warning,
      colorError: READABLE.error,
      // a hovered danger text button (an image's remove, at a touch) lightened the red on its pink hover ground to 4.2 : 1
      colorErrorHover: shade(READABLE.error, 0.85),
      colorErrorActive: shade(READABLE.error, 0.75),
      // antd's tints of these darker seeds come out grey: light tints of their own, for tags and alerts
      colorSuccessBg: tint(READABLE.success),
      colorSuccessBorder: tint(READABLE.success, 0.35),
      colorWarningBg: tint(READABLE.warning),
      colorWarningBorder: tint(READABLE.warning, 0.35),
      colorErrorBg: tint(READABLE.error),
      colorErrorBorder: tint(READABLE.error, 0.35),
      colorInfoBorder: tint(primary, 0.35),
      colorTextTertiary: READABLE.secondary,
      colorTextDescription: READABLE.secondary,
      colorTextPlaceholder: READABLE.placeholder,
      ...READABLE_TAG_SHADES,
      motion: !reducedMotion,
    },
    components: {
      // the unchecked switch's white label sits on the quaternary grey (1.8 : 1)
      Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    },
    algorithm: theme.defaultAlgorithm,
  };
}
