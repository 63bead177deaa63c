import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, message, notification, theme as antdTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { bindFeedback } from '../lib/feedback';
import { useSession } from '../lib/session';

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

/** antd locale (switched with the language) and theme (from the site style; no motion when reduced motion is asked for). */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { siteStyle } = useSession();
  const dark = siteStyle.navTheme === 'realDark';
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.documentElement.classList.toggle('color-weak', !!siteStyle.colorWeak);
  }, [i18n.language, siteStyle.colorWeak]);
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={{
        token: { colorPrimary: siteStyle.primaryColor, motion: !reducedMotion },
        algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      }}
    >
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
