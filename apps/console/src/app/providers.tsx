import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, message, notification, type ConfigProviderProps } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { bindFeedback } from '../lib/feedback';
import { useSession } from '../lib/session';
import { consoleTheme } from './antdTheme';
import { TONE_PALETTES } from '../shared/theme/contrast';

/** Context-aware message and notification instances for code outside React (lib/feedback.ts). */
function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => bindFeedback({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the operator's system asks for reduced motion (antd animations are then switched off). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia?.(REDUCED_MOTION);
      mq?.addEventListener('change', cb);
      return () => mq?.removeEventListener('change', cb);
    },
    () => !!window.matchMedia?.(REDUCED_MOTION).matches,
  );
}

/** antd's locale and theme for the console (from the site style; no motion when reduced motion is asked for). */
export function useAntdConfig(): Pick<ConfigProviderProps, 'locale' | 'theme'> {
  const { i18n } = useTranslation();
  const { siteStyle } = useSession();
  const reducedMotion = useReducedMotion();
  return {
    locale: i18n.language === 'en-US' ? enUS : zhCN,
    theme: consoleTheme(siteStyle, reducedMotion),
  };
}

/** antd locale (switched with the language) and theme (`useAntdConfig`). */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { siteStyle } = useSession();
  const config = useAntdConfig();
  useEffect(() => {
    const root = document.documentElement;
    root.lang = i18n.language;
    root.classList.toggle('color-weak', !!siteStyle.colorWeak);
    // the market's colours as CSS variables: the operator's palette repaints every figure at once
    const palette = siteStyle.palette ?? 'redGreen';
    root.dataset.palette = palette;
    for (const [tone, color] of Object.entries(TONE_PALETTES[palette])) root.style.setProperty(`--tone-${tone}`, color);
  }, [i18n.language, siteStyle.colorWeak, siteStyle.palette]);
  return (
    <ConfigProvider {...config}>
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
